/**
 * What only a signed-in visitor's pages need, kept out of the login page's first load and loaded
 * by src/app/signed-in-shell.ts: the active account (its store, on immer), the menus of
 * config/menus.json with the rules and flags they test (and the record types and reports the rules
 * come from), the unit and plan pickers, the account banner and the account line of printed pages.
 */
import { useAccount } from '../core/account/account-store.ts';
import { trackUnitWith } from '../core/analytics/analytics.ts';
import { useSession } from '../core/session/session-store.ts';
import { worksForACompany } from '../core/session/user.ts';

export { restoreLastActiveAccount } from '../core/account/account-store.ts';
export { AccountBanner } from '../ui/layout/AccountBanner.tsx';
export { PrintedAccount } from '../ui/print/PrintedAccount.tsx';
export { SignedInNavBar } from './SignedInNavBar.tsx';

/** Following the logo home: a company user's home is their own dashboard, not a unit's. */
export function goHome(): void {
  if (worksForACompany(useSession.getState().user)) useAccount.getState().clearUnit();
}

// Analytics records each activity against the unit in use; before this loads there is none.
trackUnitWith(() => useAccount.getState().unit?.id ?? null);
