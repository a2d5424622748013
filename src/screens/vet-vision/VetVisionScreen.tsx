import { useParams } from 'react-router-dom';
import { useAccount } from '../../core/account/account-store.ts';
import { ChooseUnitFirst } from '../../ui/ChooseUnitFirst.tsx';
import { AssessmentPage } from './AssessmentPage.tsx';
import { AssessmentsList } from './AssessmentsList.tsx';

/**
 * Vet Vision (rule vet-vision): the selected unit's herd health assessments with their trends at
 * /vet-vision/assessments, and one assessment (or a new one, "new") under it. Who may do what on
 * an assessment is the server's answer (its `may`).
 */
export default function VetVisionScreen() {
  const { assessment } = useParams();
  const unit = useAccount((s) => s.unit);
  if (!unit) return <ChooseUnitFirst title="Vet Vision" />;
  return assessment === undefined ? (
    <AssessmentsList key={unit.id} unit={unit} />
  ) : (
    <AssessmentPage key={`${String(unit.id)}:${assessment}`} unitId={unit.id} id={assessment} />
  );
}
