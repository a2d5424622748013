import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SurveySummary } from '../../../shared/surveys/types.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { ListView } from '../../ui/list/ListView.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import styles from './Surveys.module.css';
import { SurveyNotices } from './SurveyNotices.tsx';
import {
  dueWords,
  SURVEY_DUE_SOON_DAYS,
  SURVEY_STATUS_TITLES,
} from '../../../shared/surveys/words.ts';

const PER_PAGE = 20;

function Due({ survey }: { survey: SurveySummary }) {
  const due = dueWords(survey);
  return (
    <>
      {formatDate(survey.closesOn, 'medium')}
      {due && <span className={due.overdue ? styles.overdue : styles.dueSoon}> ({due.text})</span>}
    </>
  );
}

function Status({ survey }: { survey: SurveySummary }) {
  const progress =
    survey.status === 'draft' || survey.status === 'queried' || survey.status === 'reopened'
      ? `, ${String(survey.pagesAnswered)} of ${String(survey.pageCount)} pages answered`
      : '';
  return (
    <>
      <span className={styles.status} data-status={survey.status}>
        {SURVEY_STATUS_TITLES[survey.status]}
      </span>
      {survey.submittedLate && ' (sent late)'}
      {progress}
    </>
  );
}

const columns: Column<SurveySummary>[] = [
  {
    key: 'title',
    header: 'Survey',
    rowHeader: true,
    hideLabel: true,
    cell: (survey) => <Link to={survey.id}>{survey.title}</Link>,
  },
  { key: 'provider', header: 'Asked by', cell: (survey) => survey.provider.name },
  { key: 'closesOn', header: 'Due', cell: (survey) => <Due survey={survey} /> },
  { key: 'status', header: 'Status', cell: (survey) => <Status survey={survey} /> },
];

/**
 * The surveys addressed to the unit's plans, as the server orders them: those still to answer
 * first, soonest due first. An overdue survey, and one due within 14 days, says so in words.
 */
export function SurveyInbox({ unitId }: { unitId: number }) {
  const [page, setPage] = useState(1);
  const list = useApiPaged<SurveySummary>(`/units/${String(unitId)}/surveys`, {
    page,
    perPage: PER_PAGE,
  });
  return (
    <>
      <h1>Surveys</h1>
      <p>
        Questionnaires your buyers send you. Answers your records already hold are filled in for you
        to check; surveys overdue or due within {SURVEY_DUE_SOON_DAYS} days are marked.
      </p>
      <SurveyNotices unitId={unitId} />
      <ListView
        read={list}
        what="The surveys"
        skeleton={{ shape: 'table', columns: columns.length }}
        empty="No surveys are addressed to this unit at the moment."
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Survey pages"
      >
        {(data) => (
          <DataTable
            narrow="cards"
            caption={`${String(data.total_records)} survey${data.total_records === 1 ? '' : 's'}`}
            columns={columns}
            rows={data.records}
            rowKey={(survey) => survey.id}
          />
        )}
      </ListView>
    </>
  );
}
