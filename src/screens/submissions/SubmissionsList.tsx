import { SURVEY_STATUS_TITLES } from '../../../shared/surveys/words.ts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiUnit } from '../../../shared/api.ts';
import type { SubmissionItem, SubmissionType } from '../../../shared/surveys/types.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { ListView } from '../../ui/list/ListView.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import styles from './Submissions.module.css';
import { FilterSelect } from '../../ui/filters/FilterSelect.tsx';

const PER_PAGE = 20;
/** How many years back the year filter offers, this year included. */
const YEARS = 6;

export const TYPE_WORDS: Record<SubmissionType, string> = {
  survey: 'Survey return',
  'grower-return': 'Grower return',
  'load-passport': 'Load passport',
  'qc-result': 'QC result',
};

/** A return's status in words, as every survey screen says it. */
export const STATUS_WORDS: Readonly<Record<SubmissionItem['status'], string>> =
  SURVEY_STATUS_TITLES;

const columns: Column<SubmissionItem>[] = [
  {
    key: 'title',
    header: 'Return',
    rowHeader: true,
    hideLabel: true,
    cell: (item) => (
      <Link
        to={item.path}
        aria-label={`${item.title} (${TYPE_WORDS[item.type]}), ${formatDate(item.date, 'medium')}`}
      >
        {item.title}
      </Link>
    ),
  },
  { key: 'type', header: 'Type', cell: (item) => TYPE_WORDS[item.type] },
  { key: 'provider', header: 'Sent to', cell: (item) => item.provider.name },
  { key: 'date', header: 'Date', cell: (item) => formatDate(item.date, 'medium') },
  { key: 'status', header: 'Status', cell: (item) => STATUS_WORDS[item.status] },
];

/** The providers of the unit's plans, once each, by name: the choices of the provider filter. */
function providersOf(unit: ApiUnit): { reference: string; name: string }[] {
  const byReference = new Map<string, string>();
  for (const plan of unit.packages) byReference.set(plan.provider_reference, plan.provider_name);
  return [...byReference]
    .map(([reference, name]) => ({ reference, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The unit's returns to its providers, newest first: survey returns, grower returns, load
 * passports and QC results, each linked to its read-only return; filtered by provider and year;
 * downloaded as CSV (the same filters) or printed.
 */
export function SubmissionsList({ unit }: { unit: ApiUnit }) {
  const [provider, setProvider] = useState('');
  const [year, setYear] = useState('');
  const [page, setPage] = useState(1);
  const base = `/units/${String(unit.id)}/submissions`;
  const query = { ...(provider ? { provider } : {}), ...(year ? { year: Number(year) } : {}) };
  const list = useApiPaged<SubmissionItem>(base, { page, perPage: PER_PAGE }, query);
  const providers = providersOf(unit);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: YEARS }, (_, i) => String(thisYear - i));
  const filtered = provider !== '' || year !== '';

  return (
    <>
      <h1>Submissions</h1>
      <p>
        Everything this unit has sent to its buyers and processors, and where each return stands.
      </p>
      <ListView
        read={list}
        what="The submissions"
        skeleton={{ shape: 'table', columns: columns.length }}
        empty={
          filtered
            ? 'No submissions match these filters.'
            : 'Nothing has been submitted from this unit yet.'
        }
        toolbar={
          <div className={styles.filters}>
            <FilterSelect
              label="Sent to"
              value={provider}
              anyLabel="All providers"
              options={providers.map((p) => ({ value: p.reference, label: p.name }))}
              onChange={(value) => {
                setProvider(value);
                setPage(1);
              }}
            />
            <FilterSelect
              label="Year"
              value={year}
              anyLabel="All years"
              options={years.map((y) => ({ value: y, label: y }))}
              onChange={(value) => {
                setYear(value);
                setPage(1);
              }}
            />
          </div>
        }
        exports={{ csv: { path: `${base}.csv`, params: query }, print: true, what: 'Submissions' }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Submission pages"
      >
        {(data) => (
          <DataTable
            narrow="cards"
            caption={`${String(data.total_records)} submission${data.total_records === 1 ? '' : 's'}`}
            columns={columns}
            rows={data.records}
            rowKey={(item) => item.id}
          />
        )}
      </ListView>
    </>
  );
}
