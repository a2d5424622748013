import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { ApiFarm } from '../../../shared/api.ts';
import { apiRead } from '../api/started-reads.ts';
import { useBranding } from '../branding/branding-store.ts';
import { useConnectivity } from '../connectivity/connectivity-store.ts';
import { isUnreachable } from '../connectivity/unreachable.ts';
import { reportError } from '../errors/report-error.ts';
import { logger } from '../logging/logger.ts';
import { selectIsAuthenticated, useSession } from '../session/session-store.ts';
import { worksForACompany } from '../session/user.ts';
import { AccountErrors, type AccountSelection } from './account.ts';
import { farmDetailsRead } from './farm-read.ts';
import { readLastActive, writeLastActive, type LastActive } from './last-active.ts';

interface AccountState extends AccountSelection {
  /** A farm's details are being fetched. */
  loading: boolean;
  /**
   * The account could not be restored because the server could not be reached and this device
   * holds no copy of the farm: what the user may use is unknown, not missing.
   */
  unknownOffline: boolean;
  /**
   * Fetches the farm's details and makes it active; a farm with exactly one unit gets that unit
   * selected. Resolves false, with the account reset and the error reported, when the fetch fails.
   */
  loadFarm: (farmId: number) => Promise<boolean>;
  /** Throws the spec's error texts when no farm is active or the unit is not on it. */
  selectUnit: (unitId: number) => void;
  /** Throws the spec's error text when no unit is active; switches the brand to the plan's provider. */
  selectPlan: (planId: number) => void;
  /** Company users going home: the unit (and so the plan) is deselected, the farm stays. */
  clearUnit: () => void;
  reset: () => void;
}

const EMPTY: AccountSelection = { farm: null, unit: null, plan: null };

function remember(a: AccountSelection): void {
  writeLastActive(
    a.farm && a.unit && a.plan ? { farmId: a.farm.id, unitId: a.unit.id, planId: a.plan.id } : null,
    a.plan?.provider_reference,
  );
}

export const useAccount = create<AccountState>()(
  immer((set, get) => ({
    ...EMPTY,
    loading: false,
    unknownOffline: false,

    async loadFarm(farmId) {
      set((s) => {
        s.loading = true;
      });
      try {
        activateFarm(await apiRead<ApiFarm>(...farmDetailsRead(farmId)));
        return true;
      } catch (error) {
        get().reset();
        reportError(error);
        return false;
      }
    },

    selectUnit(unitId) {
      const { farm } = get();
      if (!farm) throw new Error(AccountErrors.noFarm);
      const unit = farm.units.find((u) => u.id === unitId);
      if (!unit) throw new Error(AccountErrors.unitNotFound(unitId));
      set((s) => {
        s.unit = unit;
        s.plan = null;
      });
      const [only, ...others] = unit.packages;
      if (only && others.length === 0) get().selectPlan(only.id);
      else remember(get());
    },

    selectPlan(planId) {
      const { unit } = get();
      if (!unit) throw new Error(AccountErrors.noUnit);
      const plan = unit.packages.find((p) => p.id === planId);
      if (!plan) throw new Error(AccountErrors.planNotFound(planId));
      set((s) => {
        s.plan = plan;
      });
      useBranding.getState().setBrand(plan.provider_reference);
      remember(get());
    },

    clearUnit() {
      set((s) => {
        s.unit = null;
        s.plan = null;
      });
      remember(get());
    },

    reset() {
      set((s) => {
        Object.assign(s, EMPTY);
        s.loading = false;
        s.unknownOffline = false;
      });
      writeLastActive(null);
    },
  })),
);

/** Makes the farm active with nothing chosen on it, but its only unit (and plan) if it has one. */
function activateFarm(farm: ApiFarm): void {
  useAccount.setState({ farm, unit: null, plan: null, loading: false, unknownOffline: false });
  const [only, ...others] = farm.units;
  if (only && others.length === 0) useAccount.getState().selectUnit(only.id);
  else remember(useAccount.getState());
}

// Losing authentication resets the active farm, unit and plan.
useSession.subscribe((state, previous) => {
  if (selectIsAuthenticated(previous) && !selectIsAuthenticated(state))
    useAccount.getState().reset();
});

/**
 * Start-up: an authenticated user gets their last farm, unit and plan back before the app renders.
 * A farm user with none remembered (they had not chosen a unit and plan yet) gets their business's
 * farm, as at login, so that a reload never leaves them without their units. Offline, the farm
 * comes from this device's copy (apiRead); with none, the account is marked unknownOffline and
 * restored once the server answers again. Any failure is logged as the spec says and otherwise
 * ignored.
 */
export async function restoreLastActiveAccount(timeoutMs = RESTORE_TIMEOUT_MS): Promise<void> {
  const session = useSession.getState();
  if (!selectIsAuthenticated(session)) return;
  const last = readLastActive();
  const work = last
    ? restore(last)
    : worksForACompany(session.user)
      ? undefined
      : restoreFarm(session.user.business.id);
  if (!work) return;
  // A slow server must not hold the whole app back: past the timeout the app starts without it.
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

async function restoreFarm(farmId: number): Promise<void> {
  try {
    activateFarm(await apiRead<ApiFarm>(...farmDetailsRead(farmId)));
  } catch (error) {
    restoreFailed(error);
  }
}

function restoreFailed(error: unknown): void {
  logger.error(AccountErrors.reloadFailed, error);
  if (isUnreachable(error)) useAccount.setState({ unknownOffline: true });
}

// Back online, an account that could not be restored offline is restored now, and one that may
// have come from this device's copy is read again.
useConnectivity.subscribe((state, previous) => {
  if (previous.offline === null || state.offline !== null) return;
  if (useAccount.getState().unknownOffline) void restoreLastActiveAccount();
  else void refreshFarm();
});

/** The active farm read again, its unit and plan kept (by id) while the farm still has them. */
async function refreshFarm(): Promise<void> {
  const { farm, unit, plan } = useAccount.getState();
  if (!farm) return;
  try {
    const fresh = await apiRead<ApiFarm>(...farmDetailsRead(farm.id));
    // Someone chose another farm meanwhile: theirs stands.
    if (useAccount.getState().farm?.id !== fresh.id) return;
    const freshUnit = fresh.units.find((u) => u.id === unit?.id) ?? null;
    const freshPlan = freshUnit?.packages.find((p) => p.id === plan?.id) ?? null;
    useAccount.setState({ farm: fresh, unit: freshUnit, plan: freshPlan });
    remember(useAccount.getState());
  } catch (error) {
    logger.warn('The active farm could not be read again', error);
  }
}

const RESTORE_TIMEOUT_MS = 8000;

async function restore(last: LastActive): Promise<void> {
  try {
    // Begun with the page when it was a reload (src/app/start-page.ts).
    const farm = await apiRead<ApiFarm>(...farmDetailsRead(last.farmId));
    useAccount.setState({ farm, unit: null, plan: null, unknownOffline: false });
    const account = useAccount.getState();
    account.selectUnit(last.unitId);
    if (!useAccount.getState().plan) account.selectPlan(last.planId);
  } catch (error) {
    restoreFailed(error);
  }
}
