import { useAccount } from '../../core/account/account-store.ts';
import styles from './Layout.module.css';

/** The current account: the unit's name and the plan's visible name. */
export function AccountBanner() {
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  if (!unit) return null;
  return (
    <p className={styles.banner} aria-label="Current account">
      <span className={styles.bannerUnit}>{unit.name}</span>
      {plan && <span className={styles.bannerPlan}>{plan.visible_name}</span>}
    </p>
  );
}
