import { useAccount } from '../../core/account/account-store.ts';
import { useBranding } from '../../core/branding/branding-store.ts';
import styles from './Layout.module.css';

/** The current account: the unit's name and the plan's visible name (unless the theme hides it). */
export function AccountBanner() {
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const hideSchemeLabel = useBranding((s) => s.theme?.display.hideSchemeLabel === true);
  if (!unit) return null;
  return (
    <p className={styles.banner} aria-label="Current account">
      <span className={styles.bannerUnit} title={unit.name}>
        {unit.name}
      </span>
      {plan && !hideSchemeLabel && (
        <span className={styles.bannerPlan} title={plan.visible_name}>
          {plan.visible_name}
        </span>
      )}
    </p>
  );
}
