import { Link } from 'react-router-dom';
import { useAccount } from '../../core/account/account-store.ts';
import { appPaths } from '../../core/config.ts';
import { useSession } from '../../core/session/session-store.ts';
import { worksForACompany } from '../../core/session/user.ts';
import { evaluate } from '../../../shared/access/conditions.ts';
import { menusConfig, shownMenu, type ShownLink } from '../../engine/menus.ts';
import { ruleBook } from '../../engine/rules.ts';
import { useAvailableFlags } from '../../engine/use-flags.ts';
import { OfflinePageTexts } from '../../ui/connectivity/page-texts.ts';
import { CompanyOverview } from './CompanyOverview.tsx';
import styles from './DashboardScreen.module.css';
import { UnitDashboard } from './UnitDashboard.tsx';
import { UnitSummary } from './UnitSummary.tsx';

/**
 * The button grid: every page the navigation bar offers right now (config/menus.json "main",
 * dropdowns opened out), except the dashboard itself, so the two can never disagree.
 */
function featureButtons(flags: ReadonlySet<string>): ShownLink[] {
  const seen = new Set([appPaths.home]);
  return shownMenu(menusConfig.main, flags)
    .flatMap((item) => (item.kind === 'dropdown' ? item.items : [item]))
    .filter((item): item is ShownLink => item.kind === 'link')
    .filter((link) => !seen.has(link.path) && Boolean(seen.add(link.path)));
}

export default function DashboardScreen() {
  const user = useSession((s) => s.user);
  const account = useAccount();
  const company = worksForACompany(user);
  const unitSelected = account.unit !== null;
  const flags = useAvailableFlags();
  const buttons = featureButtons(flags);
  // Company staff with no unit: their units' count and activity, under the units list's rule.
  const overview =
    company && !unitSelected && evaluate({ rule: 'units-list' }, flags, ruleBook.lookup);

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
      {account.unit && account.plan && (
        <UnitDashboard unitId={account.unit.id} planId={account.plan.id} />
      )}
      {overview && <CompanyOverview />}
      {account.farm && account.unit && account.plan && (
        <UnitSummary unitId={account.unit.id} planId={account.plan.id} />
      )}
      {buttons.length > 0 ? (
        <nav aria-label="Features" className={styles.grid}>
          {buttons.map((b) => (
            <Link key={b.path} to={b.path} className={styles.tile}>
              {b.label}
            </Link>
          ))}
        </nav>
      ) : account.unknownOffline ? (
        // What the account offers is unknown offline, not missing.
        <p>{OfflinePageTexts.notOpenedHere}</p>
      ) : (
        <p>No features of {account.plan ? 'this plan' : 'your account'} are available here yet.</p>
      )}
    </>
  );
}
