import type { SurveyForUnit } from '../../../shared/surveys/types.ts';
import { useApi } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { DetailPage } from '../../ui/detail/DetailPage.tsx';
import { SurveyComments } from './SurveyComments.tsx';
import { SurveyReturn } from './SurveyReturn.tsx';
import { SurveyWizard } from './SurveyWizard.tsx';
import styles from './Surveys.module.css';
import { dueWords, SURVEY_STATUS_TITLES } from '../../../shared/surveys/words.ts';

/** Who asks, by when, and where the survey stands. */
function SurveyFacts({ data }: { data: SurveyForUnit }) {
  const { summary } = data;
  const due = dueWords(summary);
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Asked by</dt>
        <dd>{summary.provider.name}</dd>
      </div>
      <div>
        <dt>Due</dt>
        <dd>
          {formatDate(summary.closesOn, 'medium')}
          {due && (
            <span className={due.overdue ? styles.overdue : styles.dueSoon}> ({due.text})</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <span className={styles.status} data-status={summary.status}>
            {SURVEY_STATUS_TITLES[summary.status]}
          </span>
          {summary.submittedLate && ' (sent late)'}
        </dd>
      </div>
    </dl>
  );
}

/** One survey for the unit: its wizard while the farm may answer it, its return read-only otherwise. */
export function SurveyOfUnit({ unitId, surveyId }: { unitId: number; surveyId: string }) {
  const apiPath = `/units/${String(unitId)}/surveys/${encodeURIComponent(surveyId)}`;
  const read = useApi<SurveyForUnit>(apiPath);
  return (
    <DetailPage
      read={read}
      back={{ to: '..', relative: 'path', label: 'All surveys' }}
      title="Survey"
      what="The survey"
    >
      {(data) => (
        <SurveyPage
          unitId={unitId}
          apiPath={apiPath}
          data={data}
          onSubmitted={() => void read.mutate()}
        />
      )}
    </DetailPage>
  );
}

interface SurveyPageProps {
  unitId: number;
  apiPath: string;
  data: SurveyForUnit;
  onSubmitted: () => void;
}

/** The survey read: its facts, the provider's comments, and the wizard or the return. */
function SurveyPage({ unitId, apiPath, data, onSubmitted }: SurveyPageProps) {
  const comments = data.response?.comments.filter((c) => c.kind !== 'submit') ?? [];
  return (
    <>
      <h1>{data.survey.title}</h1>
      {data.survey.description !== null && <p>{data.survey.description}</p>}
      <SurveyFacts data={data} />
      {data.editable && comments.length > 0 && <SurveyComments comments={comments} />}
      {data.editable ? (
        <SurveyWizard
          key={`${String(data.survey.version)}:${data.response?.submittedAt ?? ''}`}
          unitId={unitId}
          apiPath={apiPath}
          data={data}
          onSubmitted={onSubmitted}
        />
      ) : (
        <SurveyReturn data={data} />
      )}
    </>
  );
}
