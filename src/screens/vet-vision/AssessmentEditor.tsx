import type { ErrorSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { headlineKpis } from '../../../shared/assessments/kpis.ts';
import type {
  Assessment,
  AssessmentAnswers,
  AssessmentInput,
  AssessmentTemplate,
} from '../../../shared/assessments/types.ts';
import type { SurveyPrefill } from '../../../shared/surveys/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPost, apiPut } from '../../core/api/client.ts';
import { ApiError } from '../../core/api/errors.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import type { SurveyPageForm as BuiltPage } from '../surveys/survey-forms.ts';
import { SurveyPageForm } from '../surveys/SurveyPageForm.tsx';
import { ActionsEditor, actionDraft, type ActionDraft } from './ActionsEditor.tsx';
import { assessmentSectionForms } from './assessment-forms.ts';
import { DayField } from '../../ui/forms/DayField.tsx';
import { KpiCards } from './KpiCards.tsx';
import { assessmentsPath } from './kpi-format.ts';
import styles from './VetVision.module.css';

/**
 * The server's 406 on answers ("/<section>/<question>": messages) as each section's RJSF errors,
 * so that they show on their fields as well as in the error dialog.
 */
function sectionErrors(error: unknown): Record<string, ErrorSchema> {
  const errors = error instanceof ApiError && error.status === 406 ? error.body?.errors : undefined;
  const bySection: Record<string, ErrorSchema> = {};
  if (errors === undefined || Array.isArray(errors)) return bySection;
  for (const [pointer, messages] of Object.entries(errors)) {
    const [, section = '', question] = pointer.split('/');
    if (!pointer.startsWith('/') || question === undefined) continue;
    const own = (bySection[section] ??= {}) as Record<string, { __errors: string[] }>;
    own[question] = { __errors: (Array.isArray(messages) ? messages : [messages]).map(String) };
  }
  return bySection;
}

/** Sections draw nothing from records: no prefill. */
const NO_PREFILL: SurveyPrefill = { answers: {}, sources: {}, notes: [] };

interface EditorProps {
  unitId: number;
  template: AssessmentTemplate;
  existing?: Assessment;
  back?: { to: string; relative: 'path'; label: string };
  onSaved?: (saved: Assessment) => void;
}

/**
 * A new assessment, or a draft, as one form: the visit (date, vet, practice), each section of the
 * template drawn by RJSF with the validators compiled at build time (the surveys' page form), the
 * headline scores worked out as it is filled in (shared/assessments/kpis.ts, as the server works
 * them out), the actions, then Save draft and Sign. The server checks every section at signing.
 */
export function AssessmentEditor({ unitId, template, existing, back, onSaved }: EditorProps) {
  const [sections, setSections] = useState<BuiltPage[] | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [visitDate, setVisitDate] = useState<string | null>(existing?.visitDate ?? null);
  const [vetName, setVetName] = useState(existing?.vetName ?? '');
  const [practice, setPractice] = useState(existing?.practice ?? '');
  const [answers, setAnswers] = useState<AssessmentAnswers>(existing?.answers ?? {});
  const [actions, setActions] = useState<ActionDraft[]>(
    () => existing?.actions.map((a) => actionDraft(a)) ?? [],
  );
  const [busy, setBusy] = useState<'save' | 'sign' | null>(null);
  const [refused, setRefused] = useState<Record<string, ErrorSchema>>({});
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    assessmentSectionForms(template.id, template.version).then(
      (built) => live && setSections(built),
      (error: unknown) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [template.id, template.version]);

  const body = (): AssessmentInput => ({
    ...(existing ? {} : { template: template.id }),
    visitDate: visitDate ?? '',
    vetName,
    practice,
    answers,
    actions: actions.map((a) => ({
      description: a.description,
      owner: a.owner,
      dueOn: a.dueOn ?? '',
    })),
  });

  const save = async (): Promise<Assessment> =>
    existing
      ? apiPut<Assessment>(`${assessmentsPath(unitId)}/${String(existing.id)}`, body())
      : apiPost<Assessment>(assessmentsPath(unitId), body());

  const saveDraft = async () => {
    setBusy('save');
    setRefused({});
    try {
      const saved = await save();
      useAlerts.getState().success('The draft assessment was saved.');
      if (existing) onSaved?.(saved);
      else void navigate(`../${String(saved.id)}`, { relative: 'path', replace: true });
    } catch (e) {
      setRefused(sectionErrors(e));
      reportError(e);
    } finally {
      setBusy(null);
    }
  };

  const sign = async () => {
    const sure = await useDialogs.getState().confirm({
      title: 'Sign the assessment?',
      message:
        'Once signed it can no longer be changed. The farm and the programme it supplies see it read-only, with your name and the time of signing; the farm marks its actions done.',
      confirmLabel: 'Sign',
    });
    if (!sure) return;
    setBusy('sign');
    setRefused({});
    try {
      const saved = await save();
      const signed = await apiPost<Assessment>(
        `${assessmentsPath(unitId)}/${String(saved.id)}/sign`,
      );
      useAlerts.getState().success('The assessment was signed.');
      if (existing) onSaved?.(signed);
      else void navigate(`../${String(signed.id)}`, { relative: 'path', replace: true });
    } catch (e) {
      setRefused(sectionErrors(e));
      reportError(e);
    } finally {
      setBusy(null);
    }
  };

  if (failed !== null)
    return (
      <LoadFailed what="The assessment form" error={failed} onRetry={() => location.reload()} />
    );
  if (!sections) return <PageLoading />;

  return (
    <>
      {back && (
        <p>
          <Link to={back.to} relative={back.relative}>
            {back.label}
          </Link>
        </p>
      )}
      <h1>{existing ? `${template.title}: draft` : `New ${template.title.toLowerCase()}`}</h1>
      {template.description && <p>{template.description}</p>}
      <fieldset className={styles.visit}>
        <legend>Visit</legend>
        <DayField label="Visit date" value={visitDate} onChange={setVisitDate} />
        <label>
          Vet
          <input
            type="text"
            value={vetName}
            maxLength={120}
            onChange={(e) => setVetName(e.target.value)}
          />
        </label>
        <label>
          Practice
          <input
            type="text"
            value={practice}
            maxLength={120}
            onChange={(e) => setPractice(e.target.value)}
          />
        </label>
      </fieldset>
      {sections.map((built) => {
        const section = template.pages.find((p) => p.id === built.id);
        if (!section) return null;
        return (
          <section
            key={built.id}
            className={styles.section}
            aria-labelledby={`section-${built.id}`}
          >
            <h2 id={`section-${built.id}`}>{section.title}</h2>
            {section.description && <p>{section.description}</p>}
            <SurveyPageForm
              built={built}
              page={{ ...section, prefill: {} }}
              data={answers[built.id] ?? {}}
              prefill={NO_PREFILL}
              {...(refused[built.id] ? { extraErrors: refused[built.id] } : {})}
              onChange={(data) => setAnswers((all) => ({ ...all, [built.id]: data }))}
              onNext={() => undefined}
            >
              {null}
            </SurveyPageForm>
          </section>
        );
      })}
      <section className={styles.section} aria-labelledby="headline-scores">
        <h2 id="headline-scores">Headline scores</h2>
        <KpiCards template={template} values={headlineKpis(template, answers)} />
      </section>
      <ActionsEditor actions={actions} onChange={setActions} />
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          busy={busy === 'save'}
          busyLabel="Saving…"
          onClick={() => void saveDraft()}
        >
          Save draft
        </Button>
        <Button busy={busy === 'sign'} busyLabel="Signing…" onClick={() => void sign()}>
          Sign
        </Button>
      </div>
    </>
  );
}
