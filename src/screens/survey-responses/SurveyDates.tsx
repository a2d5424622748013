import type { CompanySurveySummary } from '../../../shared/surveys/types.ts';
import { formatDate } from '../../core/format/dates.ts';

/** "Open 1 Oct 2026 to 30 Nov 2026, late returns until 14 Dec 2026". */
export function SurveyDates({
  survey,
}: {
  survey: Pick<CompanySurveySummary, 'opensOn' | 'closesOn' | 'lateUntil'>;
}) {
  return (
    <>
      Opens <time dateTime={survey.opensOn}>{formatDate(survey.opensOn, 'medium')}</time>, due{' '}
      <time dateTime={survey.closesOn}>{formatDate(survey.closesOn, 'medium')}</time>
      {survey.lateUntil && (
        <>
          , late returns until{' '}
          <time dateTime={survey.lateUntil}>{formatDate(survey.lateUntil, 'medium')}</time>
        </>
      )}
    </>
  );
}
