/**
 * What only a signed-in visitor's pages need, kept out of the login page's first load and loaded
 * by src/app/signed-in-shell.ts: the active account (its store, on immer), the menus of
 * config/menus.json with the rules and flags they test (and the record types and reports the rules
 * come from), the unit and plan pickers, the account banner and the account line of printed pages,
 * the copies of the user's reads kept on this device (IndexedDB, src/core/read-cache) with the
 * page's note when it shows one, and the outbox's status (src/core/outbox).
 */
import { useAccount } from '../core/account/account-store.ts';
import { trackUnitWith } from '../core/analytics/analytics.ts';
import { followSessionWithOutbox } from '../core/outbox/outbox-session.ts';
import { keepSignedInReads } from '../core/read-cache/keep-reads.ts';
import { useSession } from '../core/session/session-store.ts';
import { worksForACompany } from '../core/session/user.ts';

export { restoreLastActiveAccount } from '../core/account/account-store.ts';
export { DeviceCopyNote } from '../ui/connectivity/DeviceCopyNote.tsx';
export { AccountBanner } from '../ui/layout/AccountBanner.tsx';
export { OutboxStatus } from '../ui/outbox/OutboxStatus.tsx';
export { PrintedAccount } from '../ui/print/PrintedAccount.tsx';
export { SignedInNavBar } from './SignedInNavBar.tsx';

/** Following the logo home: a company user's home is their own dashboard, not a unit's. */
export function goHome(): void {
  if (worksForACompany(useSession.getState().user)) useAccount.getState().clearUnit();
}

// Before the account's restore reads the farm: offline, the farm comes from this device's copy.
keepSignedInReads();

// What waited in the outbox is sent as soon as the session's key for this device is known.
followSessionWithOutbox();

// Analytics records each activity against the unit in use; before this loads there is none.
trackUnitWith(() => useAccount.getState().unit?.id ?? null);
