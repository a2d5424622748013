import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  SURVEY_STATUSES,
  type CompanyResponseRow,
  type CompanySurvey,
  type SurveyStatus,
} from '../../../shared/surveys/types.ts';
import { useApi, useApiPaged } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { ListView } from '../../ui/list/ListView.tsx';
import { SearchBox } from '../../ui/search/SearchBox.tsx';
import { useSearchPaging } from '../../ui/search/use-search-paging.ts';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { surveysLink } from './links.ts';
import { RowActions } from './RowActions.tsx';
import { reminderText, StatusCell } from './StatusCell.tsx';
import { StatusCounts } from './StatusCounts.tsx';
import { SurveyDates } from './SurveyDates.tsx';
import { countsSentence, PHASE_LABELS, STATUS_LABELS } from './survey-status.ts';
import styles from './SurveyResponses.module.css';
import { FilterSelect } from '../../ui/filters/FilterSelect.tsx';

const PER_PAGE = 20;

const COLUMNS: Column<CompanyResponseRow>[] = [
  {
    key: 'unit',
    header: 'Unit',
    rowHeader: true,
    hideLabel: true,
    cell: (row) => (
      <>
        {row.unit.name}
        <span className={styles.sub}>{row.unit.holdingNumber}</span>
      </>
    ),
  },
  { key: 'farm', header: 'Farm', cell: (row) => row.farm.name },
  { key: 'status', header: 'Status', cell: (row) => <StatusCell row={row} /> },
  {
    key: 'version',
    header: 'Version',
    numeric: true,
    cell: (row) => (row.surveyVersion === null ? '—' : String(row.surveyVersion)),
  },
  {
    key: 'submitted',
    header: 'Submitted',
    cell: (row) => (row.submittedAt ? formatDate(row.submittedAt, 'medium') : '—'),
  },
  {
    key: 'reminded',
    header: 'Reminder',
    cell: (row) => (row.lastReminder ? reminderText(row.lastReminder) : '—'),
  },
];

/** One survey: its counts, and the units it is addressed to with their status and actions. */
export function ResponsesList({ surveyId }: { surveyId: string }) {
  const surveyPath = `/surveys/${encodeURIComponent(surveyId)}`;
  const survey = useApi<CompanySurvey>(surveyPath);
  const { typed, setTyped, search, page, setPage } = useSearchPaging();
  const [status, setStatus] = useState<SurveyStatus | ''>('');

  // The list's query; the CSV export takes the same, so the file holds what the list does.
  const query = { ...(status ? { status } : {}), ...(search ? { search } : {}) };
  const list = useApiPaged<CompanyResponseRow>(
    `${surveyPath}/responses`,
    { page, perPage: PER_PAGE },
    query,
  );

  if (survey.error && !survey.data) {
    return (
      <>
        <h1>Survey Responses</h1>
        <LoadFailed
          what="The survey"
          error={survey.error}
          onRetry={() => void survey.mutate()}
          retrying={survey.isValidating}
        />
        <p>
          <Link to={surveysLink}>All surveys</Link>
        </p>
      </>
    );
  }
  if (!survey.data) return <PageLoading />;
  const { summary } = survey.data;
  const filtered = status !== '' || search !== '';

  return (
    <>
      <p className={styles.back}>
        <Link to={surveysLink}>All surveys</Link>
      </p>
      <h1>{summary.title}</h1>
      <p className={styles.meta}>
        {summary.provider.name} ·{' '}
        <span className={styles.phase}>{PHASE_LABELS[summary.phase]}</span> · Version{' '}
        {summary.currentVersion} · <SurveyDates survey={summary} />
      </p>
      <p className={styles.sentence}>{countsSentence(summary.counts)}</p>
      <StatusCounts counts={summary.counts} label="Responses by status" />
      <ListView
        read={list}
        what="The responses"
        skeleton={{ shape: 'table', columns: COLUMNS.length }}
        empty={filtered ? 'No unit matches the filter.' : 'The survey is addressed to no unit.'}
        toolbar={
          <div className={styles.filters}>
            <FilterSelect
              label="Status"
              value={status}
              anyLabel="Every status"
              options={SURVEY_STATUSES.map((s) => ({
                value: s,
                label: `${STATUS_LABELS[s]} (${String(summary.counts[s])})`,
              }))}
              onChange={(value) => {
                setStatus(value as SurveyStatus | '');
                setPage(1);
              }}
            />
            <SearchBox
              label="Search units"
              value={typed}
              onChange={setTyped}
              placeholder="Unit, farm or holding number"
            />
          </div>
        }
        exports={{
          csv: { path: `${surveyPath}/responses.csv`, params: query },
          print: true,
          what: 'responses',
        }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Responses pages"
      >
        {(data) => (
          <DataTable
            caption={`Units asked: ${String(data.total_records)}${
              status ? `, ${STATUS_LABELS[status].toLowerCase()}` : ''
            }${search ? ` matching “${search}”` : ''}${list.isValidating ? ' (updating…)' : ''}`}
            columns={COLUMNS}
            rows={data.records}
            rowKey={(row) => row.unit.id}
            narrow="cards"
            actionsLabel="Actions"
            actions={(row) => <RowActions surveyId={surveyId} row={row} />}
          />
        )}
      </ListView>
    </>
  );
}
