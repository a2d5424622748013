import { useId } from 'react';
import { hasSeveralPlans, hasSeveralUnits } from '../../core/account/account.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import styles from './Layout.module.css';

/** Switch unit (when the farm has several) and plan (when the unit has several). */
export function AccountSwitcher() {
  const account = useAccount();
  const unitId = useId();
  const planId = useId();
  const run = (action: () => void) => {
    try {
      action();
    } catch (error) {
      reportError(error);
    }
  };
  const showUnits = hasSeveralUnits(account);
  const showPlans = hasSeveralPlans(account);
  if (!showUnits && !showPlans) return null;
  return (
    <div className={styles.switcher}>
      {showUnits && account.farm && (
        <span className={styles.switch}>
          <label htmlFor={unitId}>Unit</label>
          <select
            id={unitId}
            value={account.unit?.id ?? ''}
            onChange={(e) => run(() => account.selectUnit(Number(e.target.value)))}
          >
            {!account.unit && <option value="">Switch Unit</option>}
            {[...account.farm.units]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
          </select>
        </span>
      )}
      {showPlans && account.unit && (
        <span className={styles.switch}>
          <label htmlFor={planId}>Plan</label>
          <select
            id={planId}
            value={account.plan?.id ?? ''}
            onChange={(e) => run(() => account.selectPlan(Number(e.target.value)))}
          >
            {!account.plan && <option value="">Choose a plan</option>}
            {account.unit.packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.provider_name}: {p.name}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}
