import { Link } from 'react-router-dom';
import type { SubmissionRecordReturn } from '../../../shared/surveys/types.ts';
import { useApi } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { routeConfig, isRedirect } from '../../engine/routes-config.ts';
import { DetailPage } from '../../ui/detail/DetailPage.tsx';
import { pageAnswers } from '../survey-responses/answer-format.ts';
import styles from './Submissions.module.css';
import { STATUS_WORDS, TYPE_WORDS } from './SubmissionsList.tsx';

/** The records list of a record type, if a route shows it (config/routes.json). */
function recordsPath(recordType: string): string | undefined {
  return routeConfig.find(
    (route) =>
      !isRedirect(route) && route.screen === 'records' && route.options?.recordType === recordType,
  )?.path;
}

/**
 * A submitted grower return, load passport or QC result, read-only: every field of its record
 * type with its value in words, and a link to the record type's own list where it can be edited.
 */
export function SubmittedRecord({ unitId, recordId }: { unitId: number; recordId: string }) {
  const read = useApi<SubmissionRecordReturn>(
    `/units/${String(unitId)}/submissions/records/${encodeURIComponent(recordId)}`,
  );
  return (
    <DetailPage
      read={read}
      back={{ to: '../..', relative: 'path', label: 'All submissions' }}
      title="Submission"
      what="The submission"
    >
      {(data) => <RecordReturn data={data} />}
    </DetailPage>
  );
}

/** The record read: what it is, to whom it went, and every field in words. */
function RecordReturn({ data }: { data: SubmissionRecordReturn }) {
  const { item, record, recordType } = data;
  const fields = pageAnswers({ ...recordType, id: record.record_type, prefill: {} }, record.data);
  const list = recordsPath(record.record_type);
  return (
    <>
      <h1>{item.title}</h1>
      <p>
        {TYPE_WORDS[item.type]} sent to {item.provider.name} on {formatDate(item.date, 'medium')}:{' '}
        {STATUS_WORDS[item.status].toLowerCase()}.
      </p>
      <dl className={styles.fields} aria-label={`The ${recordType.itemTitle}`}>
        {fields.map((field) => (
          <div key={field.name} className={styles.field}>
            <dt>{field.title}</dt>
            <dd>{field.text ?? 'Not given'}</dd>
          </div>
        ))}
      </dl>
      {list !== undefined && (
        <p>
          <Link to={list}>All your {recordType.title.toLowerCase()}</Link>
        </p>
      )}
    </>
  );
}
