import { useAccount } from '../../core/account/account-store.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';
import { ChooseUnitFirst } from '../../ui/ChooseUnitFirst.tsx';
import { consentTitle } from './consent-rule.ts';
import { WhoSeesMyData } from './WhoSeesMyData.tsx';

/**
 * "Who sees my data" (issue 20 point 3), the farm's consent to each provider whose plan the
 * selected unit holds, and the access log of their staff's reads. Rule `consent`: the farm's own
 * users with a unit selected.
 */
export default function ConsentScreen() {
  const title = useScreenHandle()?.title ?? consentTitle();
  const unit = useAccount((s) => s.unit);
  if (!unit) return <ChooseUnitFirst title={title} />;
  return (
    <>
      <h1>{title}</h1>
      <WhoSeesMyData key={unit.id} unitId={unit.id} unitName={unit.name} level={2} />
    </>
  );
}
