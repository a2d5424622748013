import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { SurveyPage, SurveyPrefillSource } from '../../../shared/surveys/types.ts';
import styles from './Surveys.module.css';
import { pageAnswers } from '../survey-responses/answer-format.ts';

type Answers = Record<string, Record<string, unknown>>;

interface AnswersReviewProps {
  pages: readonly SurveyPage[];
  answers: Answers;
  /** Sources of prefilled answers, by question pointer: said beside an answer still as given. */
  sources?: Record<string, SurveyPrefillSource>;
  prefilled?: Answers;
  /** The wizard's address of a page (1-based), for its Edit link; none when read-only. */
  editHref?: (page: number) => string;
  /** The heading level of each page's title. */
  level?: 2 | 3;
}

/**
 * Every answer, page by page, as the review page and a read-only return show them, in words as
 * the provider's response view says them (survey-responses/answer-format.ts).
 */
export function AnswersReview({
  pages,
  answers,
  sources = {},
  prefilled = {},
  editHref,
  level = 2,
}: AnswersReviewProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  // Unique per review: a return shows its answers and each version's in the history.
  const prefix = useId();
  return (
    <div className={styles.review}>
      {pages.map((page, i) => {
        const headingId = `${prefix}-${page.id}`;
        const given = answers[page.id] ?? {};
        return (
          <section key={page.id} aria-labelledby={headingId} className={styles.reviewPage}>
            <div className={styles.reviewHeading}>
              <Heading id={headingId}>{page.title}</Heading>
              {editHref && (
                <Link to={editHref(i + 1)} aria-label={`Edit ${page.title}`}>
                  Edit
                </Link>
              )}
            </div>
            <dl className={styles.answers}>
              {pageAnswers(page, given).map((q) => {
                const source = sources[`/${page.id}/${q.name}`];
                const asGiven =
                  source !== undefined &&
                  JSON.stringify(prefilled[page.id]?.[q.name]) === JSON.stringify(given[q.name]);
                return (
                  <div key={q.name} className={styles.answer}>
                    <dt>{q.title}</dt>
                    <dd>
                      {q.text ?? 'Not answered'}
                      {asGiven && <span className={styles.source}> (from {source.label})</span>}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
