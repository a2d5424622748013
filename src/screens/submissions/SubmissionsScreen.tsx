import { useParams } from 'react-router-dom';
import { useAccount } from '../../core/account/account-store.ts';
import { ChooseUnitFirst } from '../../ui/ChooseUnitFirst.tsx';
import { SubmissionsList } from './SubmissionsList.tsx';
import { SubmittedRecord } from './SubmittedRecord.tsx';

/**
 * Everything the selected unit has sent its providers (/unit/submissions) and, with a record in
 * the address (/unit/submissions/records/:record), one submitted record read-only. A survey
 * return's own read-only view is the survey's (/unit/surveys/:survey). Rule `submissions`.
 */
export default function SubmissionsScreen() {
  const { record } = useParams();
  const unit = useAccount((s) => s.unit);
  if (!unit) return <ChooseUnitFirst title="Submissions" />;
  return record === undefined ? (
    <SubmissionsList key={unit.id} unit={unit} />
  ) : (
    <SubmittedRecord key={`${String(unit.id)}:${record}`} unitId={unit.id} recordId={record} />
  );
}
