import { Link } from 'react-router-dom';
import type { CompanyResponseRow, CompanySurveySummary } from '../../../shared/surveys/types.ts';
import { ResponseActions } from './ResponseActions.tsx';
import { responseLink } from './links.ts';
import { rowActions } from './response-actions.ts';
import styles from './SurveyResponses.module.css';

interface RowActionsProps {
  surveyId: string;
  row: CompanyResponseRow;
  phase: CompanySurveySummary['phase'];
}

/** A row's Read link and the actions its status allows. */
export function RowActions({ surveyId, row, phase }: RowActionsProps) {
  return (
    <>
      <Link
        className={styles.read}
        to={responseLink(surveyId, row.unit.id)}
        aria-label={`Read the response of ${row.unit.name}`}
      >
        Read
      </Link>
      <ResponseActions surveyId={surveyId} unit={row.unit} allowed={rowActions(row, phase)} />
    </>
  );
}
