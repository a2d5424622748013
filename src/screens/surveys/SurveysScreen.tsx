import { useParams } from 'react-router-dom';
import { useAccount } from '../../core/account/account-store.ts';
import { ChooseUnitFirst } from '../../ui/ChooseUnitFirst.tsx';
import { SurveyInbox } from './SurveyInbox.tsx';
import { SurveyOfUnit } from './SurveyOfUnit.tsx';

/**
 * The survey inbox of the selected unit (/unit/surveys) and, with a survey in the address
 * (/unit/surveys/:survey), that survey: its wizard while the farm may answer, else its return
 * read-only. Both routes are config/routes.json's, under the rule `surveys`.
 */
export default function SurveysScreen() {
  const { survey } = useParams();
  const unit = useAccount((s) => s.unit);
  if (!unit) return <ChooseUnitFirst title="Surveys" />;
  return survey === undefined ? (
    <SurveyInbox key={unit.id} unitId={unit.id} />
  ) : (
    <SurveyOfUnit key={`${String(unit.id)}:${survey}`} unitId={unit.id} surveyId={survey} />
  );
}
