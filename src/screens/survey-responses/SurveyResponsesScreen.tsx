import { useSearchParams } from 'react-router-dom';
import { ResponseView } from './ResponseView.tsx';
import { ResponsesList } from './ResponsesList.tsx';
import { SurveysList } from './SurveysList.tsx';

/**
 * Company staff's view of who has answered their provider's surveys (issue 18, point 4): the
 * surveys with their counts; ?survey=<id> the units it is addressed to; &unit=<id> one unit's
 * response. Addresses in the query, as articles use, so that each view can be bookmarked and
 * shared and the route needs no parameter. The route's condition is the rule survey-responses
 * (config/rules.json), the one the server's /api/surveys calls require.
 */
export default function SurveyResponsesScreen() {
  const [params] = useSearchParams();
  const survey = params.get('survey');
  const unit = Number(params.get('unit'));
  if (survey && Number.isInteger(unit) && unit > 0) {
    return <ResponseView key={`${survey}:${String(unit)}`} surveyId={survey} unitId={unit} />;
  }
  if (survey) return <ResponsesList key={survey} surveyId={survey} />;
  return <SurveysList />;
}
