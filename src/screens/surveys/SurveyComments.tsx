import type { SurveyComment } from '../../../shared/surveys/types.ts';
import styles from './Surveys.module.css';
import { formatWhen } from './survey-words.ts';

const KIND_WORDS: Record<SurveyComment['kind'], string> = {
  accept: 'Accepted',
  query: 'Queried',
  reopen: 'Reopened',
  submit: 'Note with the return',
};

/** The provider's comments (accept, query, reopen) and the farm's notes, oldest first. */
export function SurveyComments({ comments }: { comments: readonly SurveyComment[] }) {
  return (
    <section aria-labelledby="survey-comments" className={styles.comments}>
      <h2 id="survey-comments">Comments</h2>
      <ol>
        {comments.map((c) => (
          <li key={c.id}>
            <p className={styles.commentHead}>
              <strong>{KIND_WORDS[c.kind]}</strong> by {c.by.name} on{' '}
              <time dateTime={c.at}>{formatWhen(c.at)}</time>
            </p>
            <p className={styles.commentText}>{c.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
