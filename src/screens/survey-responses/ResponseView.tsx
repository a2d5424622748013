import type { CompanyResponse, SurveyComment } from '../../../shared/surveys/types.ts';
import { useApi } from '../../core/api/use-api.ts';
import { formatDate } from '../../core/format/dates.ts';
import { DetailPage } from '../../ui/detail/DetailPage.tsx';
import { ExportActions } from '../../ui/export/ExportActions.tsx';
import { AnswersView } from './AnswersView.tsx';
import { ResponseActions } from './ResponseActions.tsx';
import { ResponseHistory } from './ResponseHistory.tsx';
import { reminderText, StatusCell } from './StatusCell.tsx';
import { surveyLink } from './links.ts';
import { responsePath } from './use-response-action.ts';
import { when } from './when.ts';
import styles from './SurveyResponses.module.css';

const COMMENT_KINDS: Record<SurveyComment['kind'], string> = {
  accept: 'Accepted',
  query: 'Queried',
  reopen: 'Reopened',
  submit: 'Note on submitting',
};

/** One unit's response, read by the provider's staff: its answers, comments and history. */
export function ResponseView({ surveyId, unitId }: { surveyId: string; unitId: number }) {
  const read = useApi<CompanyResponse>(responsePath(surveyId, unitId));
  return (
    <DetailPage
      read={read}
      back={{ to: surveyLink(surveyId), label: 'All units asked' }}
      title="Survey response"
      what="The response"
    >
      {(data) => <ResponsePage surveyId={surveyId} data={data} />}
    </DetailPage>
  );
}

/** The response read: the unit's facts, the staff's actions, comments, answers and history. */
function ResponsePage({ surveyId, data }: { surveyId: string; data: CompanyResponse }) {
  const { row, survey, response } = data;
  return (
    <>
      <h1>
        {row.unit.name}: {survey.title}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>Farm</dt>
          <dd>
            {row.farm.name} · {row.unit.holdingNumber}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusCell row={row} />
          </dd>
        </div>
        <div>
          <dt>Survey version</dt>
          <dd>{row.surveyVersion ?? survey.version}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{formatDate(survey.closesOn, 'medium')}</dd>
        </div>
        {response?.submittedAt && (
          <div>
            <dt>Submitted</dt>
            <dd>
              {when(response.submittedAt)}
              {response.submittedBy ? ` by ${response.submittedBy.name}` : ''}
            </dd>
          </div>
        )}
        {row.lastReminder && (
          <div>
            <dt>Reminder</dt>
            <dd>{reminderText(row.lastReminder)}</dd>
          </div>
        )}
      </dl>
      <div className={styles.toolbar}>
        <div className={styles.rowButtons}>
          <ResponseActions surveyId={surveyId} unit={row.unit} allowed={row.actions} />
        </div>
        <ExportActions print what="the response" />
      </div>

      {response && response.comments.length > 0 && (
        <section aria-labelledby="response-comments">
          <h2 id="response-comments">Comments</h2>
          <ol className={styles.comments}>
            {response.comments.map((comment) => (
              <li key={comment.id} className={styles.commentItem}>
                <p className={styles.sub}>
                  {COMMENT_KINDS[comment.kind]} by {comment.by.name} ({comment.by.side}) on{' '}
                  {when(comment.at)}
                </p>
                <p className={styles.commentText}>{comment.text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby="response-answers">
        <h2 id="response-answers">Answers</h2>
        {response && Object.keys(response.answers).length > 0 ? (
          <AnswersView survey={survey} answers={response.answers} />
        ) : (
          <p>{row.unit.name} has not answered yet.</p>
        )}
      </section>

      {response && response.history.length > 0 && (
        <ResponseHistory surveyId={surveyId} current={survey} history={response.history} />
      )}
    </>
  );
}
