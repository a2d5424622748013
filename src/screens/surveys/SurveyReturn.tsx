import type { SurveyForUnit, SurveyResponseVersion } from '../../../shared/surveys/types.ts';
import { formatDate } from '../../core/format/dates.ts';
import { AnswersReview } from './AnswersReview.tsx';
import { SurveyComments } from './SurveyComments.tsx';
import styles from './Surveys.module.css';
import { formatWhen } from './survey-words.ts';

const EVENT_WORDS: Record<SurveyResponseVersion['event'], string> = {
  submitted: 'Submitted',
  accepted: 'Accepted',
  queried: 'Queried',
  reopened: 'Reopened',
};

/**
 * A survey the farm may no longer change: its answers as submitted, read-only, the provider's
 * comments, and the history of every kept version with who did what and when.
 */
export function SurveyReturn({ data }: { data: SurveyForUnit }) {
  const { survey, response, summary } = data;
  if (!response) {
    return (
      <p>
        This survey closed on {formatDate(summary.lateUntil ?? summary.closesOn, 'medium')} and was
        not answered; it can no longer be answered.
      </p>
    );
  }
  const history = [...response.history].reverse();
  return (
    <>
      <p className={styles.locked}>
        {response.submittedAt !== null && response.submittedBy !== null
          ? `Submitted by ${response.submittedBy.name} on ${formatWhen(response.submittedAt)}. `
          : ''}
        These answers are locked; {survey.provider.name} may query or reopen them.
      </p>
      {response.comments.length > 0 && <SurveyComments comments={response.comments} />}
      <section aria-labelledby="return-answers">
        <h2 id="return-answers">Your answers</h2>
        <AnswersReview pages={survey.pages} answers={response.answers} level={3} />
      </section>
      {history.length > 0 && (
        <section aria-labelledby="return-history" className={styles.history}>
          <h2 id="return-history">History</h2>
          <ul className={styles.versions}>
            {history.map((version) => (
              <li key={version.number}>
                <details>
                  <summary>
                    Version {version.number}: {EVENT_WORDS[version.event]} by {version.by.name} on{' '}
                    <time dateTime={version.at}>{formatWhen(version.at)}</time>
                    {version.surveyVersion !== survey.version &&
                      ` (survey version ${String(version.surveyVersion)})`}
                  </summary>
                  <AnswersReview pages={survey.pages} answers={version.answers} level={3} />
                </details>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
