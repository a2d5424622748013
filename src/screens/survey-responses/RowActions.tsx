import { Link } from 'react-router-dom';
import type { CompanyResponseRow } from '../../../shared/surveys/types.ts';
import { ResponseActions } from './ResponseActions.tsx';
import { responseLink } from './links.ts';
import styles from './SurveyResponses.module.css';

interface RowActionsProps {
  surveyId: string;
  row: CompanyResponseRow;
}

/**
 * A row's Read link and the actions the server takes on it now (the row's `actions`); a farm that
 * does not share its survey answers with the provider has neither.
 */
export function RowActions({ surveyId, row }: RowActionsProps) {
  if (!row.shared) return <span className={styles.notShared}>Answers not shared by the farm</span>;
  return (
    <>
      <Link
        className={styles.read}
        to={responseLink(surveyId, row.unit.id)}
        aria-label={`Read the response of ${row.unit.name}`}
      >
        Read
      </Link>
      <ResponseActions surveyId={surveyId} unit={row.unit} allowed={row.actions} />
    </>
  );
}
