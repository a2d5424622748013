import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiUnit } from '../../../shared/api.ts';
import type { AssessmentSummary, AssessmentTemplates } from '../../../shared/assessments/types.ts';
import { useApi, useApiPaged } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { ListView } from '../../ui/list/ListView.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { assessmentsPath, currentTemplates, kpiShown, pinnedOf } from './kpi-format.ts';
import { KpiTrends } from './KpiTrends.tsx';
import styles from './VetVision.module.css';

const PER_PAGE = 10;

/**
 * The unit's herd health visits, latest first: date, vet, headline scores with their units and
 * open actions, as a table (cards on a phone); New assessment on a template; and the trends of
 * each KPI across the signed visits.
 */
export function AssessmentsList({ unit }: { unit: Pick<ApiUnit, 'id' | 'name'> }) {
  const [page, setPage] = useState(1);
  const read = useApiPaged<AssessmentSummary>(assessmentsPath(unit.id), {
    page,
    perPage: PER_PAGE,
  });
  const templates = useApi<AssessmentTemplates>(`${assessmentsPath(unit.id)}/templates`);

  const columns: Column<AssessmentSummary>[] = [
    {
      key: 'visit',
      header: 'Visit',
      rowHeader: true,
      hideLabel: true,
      cell: (row) => formatDate(row.visitDate, 'medium'),
    },
    {
      key: 'assessment',
      header: 'Assessment',
      cell: (row) => `${row.template.title}: ${row.status === 'signed' ? 'signed' : 'draft'}`,
    },
    { key: 'vet', header: 'Vet', cell: (row) => `${row.vetName}, ${row.practice}` },
    {
      key: 'scores',
      header: 'Headline scores',
      cell: (row) => {
        const template = pinnedOf(templates.data, row.template);
        if (!template) return '…';
        return (
          <ul className={styles.scores}>
            {template.kpis.map((kpi) => (
              <li key={kpi.id}>
                {kpi.title}: {kpiShown(kpi, row.kpis[kpi.id])}
              </li>
            ))}
          </ul>
        );
      },
    },
    { key: 'actions', header: 'Open actions', numeric: true, cell: (row) => row.openActions },
  ];

  return (
    <>
      <h1>Vet Vision</h1>
      <p>
        Herd health assessments of {unit.name}: each vet visit with its headline scores and the
        actions agreed.
      </p>
      <ListView
        read={read}
        what="The assessments"
        skeleton={{ shape: 'table', columns: columns.length }}
        empty={<p>No assessment has been recorded for this unit yet.</p>}
        toolbar={templates.data && <NewAssessment templates={templates.data} />}
        exports={{ print: true, what: 'the assessments' }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Assessment pages"
      >
        {(data) => (
          <DataTable
            caption={`${String(data.total_records)} ${data.total_records === 1 ? 'assessment' : 'assessments'}`}
            columns={columns}
            rows={data.records}
            rowKey={(row) => row.id}
            narrow="cards"
            actionsLabel="Open"
            actions={(row) => (
              <Link to={String(row.id)} relative="path">
                Open
                <span className="visually-hidden">
                  {' '}
                  the visit of {formatDate(row.visitDate, 'medium')}
                </span>
              </Link>
            )}
          />
        )}
      </ListView>
      {templates.data && <KpiTrends unitId={unit.id} templates={templates.data} />}
    </>
  );
}

/** A template chooser and New assessment, opening an empty form on its newest version. */
function NewAssessment({ templates }: { templates: AssessmentTemplates }) {
  const current = currentTemplates(templates);
  const [chosen, setChosen] = useState(current[0]?.id ?? '');
  const navigate = useNavigate();
  if (current.length === 0) return null;
  return (
    <div className={styles.toolbar}>
      <label>
        Template
        <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {current.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
      <Button
        onClick={() =>
          void navigate(`new?template=${encodeURIComponent(chosen)}`, { relative: 'path' })
        }
      >
        New assessment
      </Button>
    </div>
  );
}
