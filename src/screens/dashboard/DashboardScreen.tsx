import { Link } from 'react-router-dom';
import { availableFeatures } from '../../core/account/account.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useSession } from '../../core/session/session-store.ts';
import { accessibleFeatures, worksForACompany } from '../../core/session/user.ts';
import { routeConfig } from '../../engine/routes-config.ts';
import styles from './DashboardScreen.module.css';
import { buttonsFor } from './feature-buttons.ts';
import { UnitSummary } from './UnitSummary.tsx';

const ROUTE_PATHS: ReadonlySet<string> = new Set(routeConfig.map((r) => r.path));

export default function DashboardScreen() {
  const user = useSession((s) => s.user);
  const account = useAccount();
  const company = worksForACompany(user);
  const unitSelected = account.unit !== null;
  const buttons = buttonsFor(
    availableFeatures(account),
    company && !unitSelected ? accessibleFeatures(user) : [],
    ROUTE_PATHS,
  );

  return (
    <>
      <h1>{company && unitSelected ? 'Current Unit Dashboard' : 'My Dashboard'}</h1>
      <p>Welcome, {user.first_name}.</p>
      {!company && account.farm && !account.unit && (
        <p>Choose a unit from the Unit list at the top of the page.</p>
      )}
      {account.unit && !account.plan && (
        <p>Choose a plan from the Plan list at the top of the page.</p>
      )}
      {buttons.length > 0 ? (
        <nav aria-label="Features" className={styles.grid}>
          {buttons.map((b) => (
            <Link key={b.path} to={b.path} className={styles.tile}>
              {b.label}
            </Link>
          ))}
        </nav>
      ) : (
        <p>No features of {account.plan ? 'this plan' : 'your account'} are available here yet.</p>
      )}
      {account.farm && account.unit && account.plan && (
        <UnitSummary unitId={account.unit.id} planId={account.plan.id} />
      )}
    </>
  );
}
