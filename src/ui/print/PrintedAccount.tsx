import { useAccount } from '../../core/account/account-store.ts';
import { useBranding } from '../../core/branding/branding-store.ts';
import styles from './PrintHeader.module.css';

/** The unit and plan a printed page was printed from (PrintHeader's `account`), if any. */
export function PrintedAccount() {
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const hideSchemeLabel = useBranding((s) => s.theme?.display.hideSchemeLabel === true);
  if (!unit) return null;
  return (
    <p className={styles.unit}>
      {unit.name}
      {plan && !hideSchemeLabel ? ` · ${plan.visible_name}` : ''}
    </p>
  );
}
