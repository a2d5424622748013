import { useAccount } from '../core/account/account-store.ts';
import { confirmLogout } from '../core/session/confirm-logout.ts';
import { useSession } from '../core/session/session-store.ts';
import { worksForACompany } from '../core/session/user.ts';
import { menusConfig, shownMenu, type ShownAction, type ShownLink } from '../engine/menus.ts';
import { useAvailableFlags } from '../engine/use-flags.ts';
import { PlanPicker, UnitPicker } from '../ui/nav/AccountPickers.tsx';
import { NavBar, type NavPicker } from './NavBar.tsx';
import { NavDropdown } from './NavDropdown.tsx';

const ACTIONS: Record<ShownAction['action'], () => void> = {
  logout: () => void confirmLogout(),
};

const PICKERS: Record<'unit' | 'plan', NavPicker> = { unit: UnitPicker, plan: PlanPicker };

/** A link that says so takes a company user off the unit they were on (My Dashboard, home). */
function follow(link: ShownLink): void {
  if (link.clearsUnit && worksForACompany(useSession.getState().user))
    useAccount.getState().clearUnit();
}

/** The signed-in bar: config/menus.json's main and account menus for the available flags. */
export function SignedInNavBar() {
  const flags = useAvailableFlags();
  const unitId = useAccount((s) => s.unit?.id);
  const planId = useAccount((s) => s.plan?.id);
  return (
    <NavBar
      left={shownMenu(menusConfig.main, flags)}
      right={shownMenu(menusConfig.account, flags)}
      pickers={PICKERS}
      dropdown={NavDropdown}
      measureKey={`${String(unitId)}/${String(planId)}`}
      onAction={(action) => {
        ACTIONS[action]();
      }}
      onFollow={follow}
    />
  );
}
