import type { SurveyDefinition } from '../../../shared/surveys/types.ts';
import { pageAnswers } from './answer-format.ts';
import styles from './SurveyResponses.module.css';

interface AnswersViewProps {
  /** The survey at the version the answers were given on. */
  survey: SurveyDefinition;
  answers: Record<string, Record<string, unknown>>;
  /** The heading level of each page's title, under the section that holds the view. */
  level?: 2 | 3 | 4;
}

/** Every answer, page by page, read-only: each question's title and its answer in words. */
export function AnswersView({ survey, answers, level = 3 }: AnswersViewProps) {
  const Heading = `h${String(level)}` as 'h2' | 'h3' | 'h4';
  return (
    <>
      {survey.pages.map((page) => (
        <section key={page.id} className={styles.page} aria-label={page.title}>
          <Heading className={styles.pageTitle}>{page.title}</Heading>
          <dl className={styles.answers}>
            {pageAnswers(page, answers[page.id]).map((answer) => (
              <div key={answer.name} className={styles.answer}>
                <dt>{answer.title}</dt>
                <dd>{answer.text ?? <span className={styles.muted}>Not answered</span>}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
