import { Link, Outlet } from 'react-router-dom';
import { evaluate, type Condition } from '../../shared/access/conditions.ts';
import { useAccount } from '../core/account/account-store.ts';
import { appPaths } from '../core/config.ts';
import { ruleBook } from '../engine/rules.ts';
import { useAvailableFlags } from '../engine/use-flags.ts';
import { NotOpenedHere } from '../ui/connectivity/NotOpenedHere.tsx';

/**
 * A route with a condition: its screen while the condition holds, otherwise a plain explanation;
 * offline with the account unknown (never read on this device), the condition cannot be known,
 * and the page says that instead.
 */
export function ConditionGate({ condition }: { condition: Condition }) {
  const flags = useAvailableFlags();
  const unknownOffline = useAccount((s) => s.unknownOffline);
  if (evaluate(condition, flags, ruleBook.lookup)) return <Outlet />;
  if (unknownOffline) return <NotOpenedHere />;
  return (
    <>
      <h1>Not available</h1>
      <p>This feature is not part of your current plan or account.</p>
      <p>
        If you think it should be, choose another unit or plan, or contact your provider.{' '}
        <Link to={appPaths.home}>Back to the dashboard</Link>
      </p>
    </>
  );
}
