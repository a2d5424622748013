import { useState } from 'react';
import type {
  CompanySurvey,
  SurveyDefinition,
  SurveyResponseVersion,
} from '../../../shared/surveys/types.ts';
import { useApi } from '../../core/api/use-api.ts';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { AnswersView } from './AnswersView.tsx';
import { when } from './when.ts';
import styles from './SurveyResponses.module.css';

const EVENTS: Record<SurveyResponseVersion['event'], string> = {
  submitted: 'Submitted',
  accepted: 'Accepted',
  queried: 'Queried',
  reopened: 'Reopened',
};

interface ResponseHistoryProps {
  surveyId: string;
  /** The definition the response is pinned to, which most kept versions share. */
  current: SurveyDefinition;
  history: SurveyResponseVersion[];
}

/** Every kept version of the response, newest first; each opens to its answers as they were. */
export function ResponseHistory({ surveyId, current, history }: ResponseHistoryProps) {
  return (
    <section aria-labelledby="response-history">
      <h2 id="response-history">History</h2>
      <ol className={styles.history} reversed>
        {[...history].reverse().map((version) => (
          <KeptVersion key={version.number} surveyId={surveyId} current={current} kept={version} />
        ))}
      </ol>
    </section>
  );
}

function KeptVersion(props: {
  surveyId: string;
  current: SurveyDefinition;
  kept: SurveyResponseVersion;
}) {
  const { kept } = props;
  const [open, setOpen] = useState(false);
  return (
    <li>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          {EVENTS[kept.event]} by {kept.by.name} on {when(kept.at)} (survey version{' '}
          {kept.surveyVersion})
        </summary>
        {open && <KeptAnswers {...props} />}
      </details>
    </li>
  );
}

/** A kept version's answers, drawn through the survey version they were given on. */
function KeptAnswers({
  surveyId,
  current,
  kept,
}: {
  surveyId: string;
  current: SurveyDefinition;
  kept: SurveyResponseVersion;
}) {
  const same = kept.surveyVersion === current.version;
  const other = useApi<CompanySurvey>(same ? null : `/surveys/${encodeURIComponent(surveyId)}`, {
    version: kept.surveyVersion,
  });
  if (same) return <AnswersView survey={current} answers={kept.answers} level={4} />;
  if (other.error && !other.data) {
    return (
      <LoadFailed
        what={`Version ${String(kept.surveyVersion)} of the survey`}
        error={other.error}
        onRetry={() => void other.mutate()}
        retrying={other.isValidating}
      />
    );
  }
  if (!other.data) return <PageLoading />;
  return <AnswersView survey={other.data.survey} answers={kept.answers} level={4} />;
}
