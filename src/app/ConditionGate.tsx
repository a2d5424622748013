import { Link, Outlet } from 'react-router-dom';
import { evaluate, type Condition } from '../../shared/access/conditions.ts';
import { appPaths } from '../core/config.ts';
import { ruleBook } from '../engine/rules.ts';
import { useAvailableFlags } from '../engine/use-flags.ts';

/** A route with a condition: its screen while the condition holds, otherwise a plain explanation. */
export function ConditionGate({ condition }: { condition: Condition }) {
  const flags = useAvailableFlags();
  if (evaluate(condition, flags, ruleBook.lookup)) return <Outlet />;
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
