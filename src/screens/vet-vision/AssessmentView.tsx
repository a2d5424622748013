import { useState } from 'react';
import type {
  Assessment,
  AssessmentAction,
  AssessmentTemplate,
} from '../../../shared/assessments/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPost } from '../../core/api/client.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatDate } from '../../core/format/dates.ts';
import { dateTimeFormat } from '../../core/format/numbers.ts';
import { Button } from '../../ui/Button.tsx';
import { ExportActions } from '../../ui/export/ExportActions.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { pageAnswers } from '../survey-responses/answer-format.ts';
import { KpiCards } from './KpiCards.tsx';
import { assessmentsPath } from './kpi-format.ts';
import styles from './VetVision.module.css';

const timeOf = (iso: string) =>
  `${dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

const sideWords = { farm: 'the farm', provider: 'the programme' } as const;

/**
 * A signed assessment, read-only: the visit, who signed it and when, the headline scores with
 * their sources, every answer in words, and the actions, each of which the farm may mark done
 * when the server says so (`may.markActionsDone`).
 */
export function AssessmentView({
  unitId,
  assessment,
  template,
  onChanged,
}: {
  unitId: number;
  assessment: Assessment;
  template: AssessmentTemplate;
  onChanged: (changed: Assessment) => void;
}) {
  const [marking, setMarking] = useState<number | null>(null);
  const markDone = async (action: AssessmentAction) => {
    setMarking(action.id);
    try {
      const changed = await apiPost<Assessment>(
        `${assessmentsPath(unitId)}/${String(assessment.id)}/actions/${String(action.id)}/done`,
      );
      useAlerts.getState().success(`“${action.description}” was marked done.`);
      onChanged(changed);
    } catch (e) {
      reportError(e);
    } finally {
      setMarking(null);
    }
  };

  const columns: Column<AssessmentAction>[] = [
    {
      key: 'description',
      header: 'Action',
      rowHeader: true,
      hideLabel: true,
      cell: (a) => a.description,
    },
    { key: 'owner', header: 'Who', cell: (a) => a.owner },
    { key: 'due', header: 'Due', cell: (a) => formatDate(a.dueOn, 'medium') },
    {
      key: 'status',
      header: 'Status',
      cell: (a) =>
        a.doneAt === null
          ? 'Open'
          : `Done ${timeOf(a.doneAt)}${a.doneBy ? ` by ${a.doneBy.name}` : ''}`,
    },
  ];

  return (
    <article>
      <h1>{template.title}</h1>
      <p>
        Visit on {formatDate(assessment.visitDate, 'medium')} by {assessment.vetName},{' '}
        {assessment.practice}.
      </p>
      <p role="status">
        {assessment.signedBy && assessment.signedAt
          ? `Signed by ${assessment.signedBy.name} (${sideWords[assessment.signedBy.side]}) on ${timeOf(assessment.signedAt)}. It is read-only.`
          : 'Draft: not signed yet.'}
      </p>
      <ExportActions print what="the assessment" />
      <section className={styles.section} aria-labelledby="headline-scores">
        <h2 id="headline-scores">Headline scores</h2>
        <KpiCards template={template} values={assessment.kpis} />
      </section>
      <section className={styles.section} aria-labelledby="actions">
        <h2 id="actions">Actions</h2>
        {assessment.actions.length === 0 ? (
          <p>No action was agreed.</p>
        ) : (
          <DataTable
            caption={`${String(assessment.openActions)} of ${String(assessment.actions.length)} open`}
            columns={columns}
            rows={assessment.actions}
            rowKey={(a) => a.id}
            narrow="cards"
            actionsLabel="Mark done"
            actions={(a) =>
              assessment.may.markActionsDone && a.doneAt === null ? (
                <Button
                  variant="secondary"
                  busy={marking === a.id}
                  busyLabel="Marking…"
                  onClick={() => void markDone(a)}
                >
                  Mark done<span className="visually-hidden">: {a.description}</span>
                </Button>
              ) : null
            }
          />
        )}
      </section>
      {template.pages.map((section) => (
        <section
          key={section.id}
          className={styles.section}
          aria-labelledby={`answers-${section.id}`}
        >
          <h2 id={`answers-${section.id}`}>{section.title}</h2>
          <dl>
            {pageAnswers({ ...section, prefill: {} }, assessment.answers[section.id]).map(
              (answer) => (
                <div key={answer.name}>
                  <dt>{answer.title}</dt>
                  <dd>{answer.text ?? 'Not given'}</dd>
                </div>
              ),
            )}
          </dl>
        </section>
      ))}
    </article>
  );
}
