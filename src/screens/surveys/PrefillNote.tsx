import { Link } from 'react-router-dom';
import type { SurveyPrefillSource } from '../../../shared/surveys/types.ts';
import styles from './Surveys.module.css';
import { answerText } from '../survey-responses/answer-format.ts';

interface PrefillNoteProps {
  source: SurveyPrefillSource;
  questionSchema: Record<string, unknown> | undefined;
  /** What the records give. */
  prefilled: unknown;
  /** The answer now. */
  value: unknown;
}

/**
 * Under a prefilled question: where its answer came from, linked to the records; once the farm
 * has changed it, what the records give, so that either can be kept.
 */
export function PrefillNote({ source, questionSchema, prefilled, value }: PrefillNoteProps) {
  const changed = JSON.stringify(prefilled) !== JSON.stringify(value);
  const from = <Link to={source.path}>{source.label}</Link>;
  return (
    <span className={styles.prefill}>
      {changed ? (
        <>
          Changed by you; your records give {answerText(prefilled, questionSchema) ?? 'nothing'}{' '}
          (from {from}).
        </>
      ) : (
        <>From {from}.</>
      )}
      {source.note !== undefined && <> {source.note}</>}
    </span>
  );
}
