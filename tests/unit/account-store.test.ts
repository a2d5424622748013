import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiFarm, ApiPackage, ApiUnit } from '../../shared/api.ts';
import { AccountErrors, availableFeatures } from '../../src/core/account/account.ts';
import { restoreLastActiveAccount, useAccount } from '../../src/core/account/account-store.ts';
import {
  LAST_ACTIVE_KEY,
  LAST_BRAND_KEY,
  readLastBrand,
} from '../../src/core/account/last-active.ts';
import { useBranding } from '../../src/core/branding/branding-store.ts';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import { useSession } from '../../src/core/session/session-store.ts';
import { UNAUTHENTICATED_USER } from '../../src/core/session/user.ts';

const plan = (id: number, provider: string, features: string[] = []): ApiPackage => ({
  id,
  name: `Plan ${id}`,
  reference: `plan_${id}`,
  visible_name: `Scheme ${id}`,
  provider_id: id * 10,
  provider_reference: provider,
  provider_name: provider,
  features,
});
const unit = (id: number, packages: ApiPackage[], mifarm = false): ApiUnit => ({
  id,
  name: `Unit ${id}`,
  unit_type_id: 1,
  supports: { mifarm, bcms_cts: mifarm },
  packages,
});
const oneUnitFarm: ApiFarm = {
  id: 7,
  name: 'Lower Dale',
  units: [unit(70, [plan(1, 'moorland_vale')])],
};
const bigFarm: ApiFarm = {
  id: 8,
  name: 'Highfield',
  units: [
    unit(80, [plan(2, 'fenland_fresh'), plan(3, 'tillwell')]),
    unit(81, [plan(4, 'marcher')]),
  ],
};

function serve(farm: ApiFarm | null) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(() =>
    Promise.resolve(
      farm
        ? new Response(JSON.stringify({ status: true, data: farm }))
        : new Response(
            JSON.stringify({
              status: false,
              type: 'Request_NotFound',
              type_label: 'Not Found',
              code: 404,
              msg: 'Farm 9 does not exist.',
              errors: [],
            }),
            { status: 404 },
          ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  useAccount.getState().reset();
  useBranding.setState({ brand: 'default' });
  useDialogs.setState({ dialogs: [] });
});
afterEach(() => vi.unstubAllGlobals());

const memory = () => window.localStorage.getItem(LAST_ACTIVE_KEY);

describe('account selection', () => {
  it('selects the only unit and its only plan, remembers the three, and switches brand', async () => {
    serve(oneUnitFarm);
    await expect(useAccount.getState().loadFarm(7)).resolves.toBe(true);
    const { farm, unit: u, plan: p } = useAccount.getState();
    expect([farm?.id, u?.id, p?.id]).toEqual([7, 70, 1]);
    expect(JSON.parse(memory() ?? 'null')).toEqual({ farmId: 7, unitId: 70, planId: 1 });
    expect(useBranding.getState().brand).toBe('moorland_vale');
  });

  it('leaves a choice of several units and several plans to the user, remembering nothing', async () => {
    serve(bigFarm);
    await useAccount.getState().loadFarm(8);
    expect(useAccount.getState().unit).toBeNull();
    useAccount.getState().selectUnit(80);
    expect(useAccount.getState().plan).toBeNull();
    expect(memory()).toBeNull();
    useAccount.getState().selectPlan(3);
    expect(JSON.parse(memory() ?? 'null')).toEqual({ farmId: 8, unitId: 80, planId: 3 });
    // The plan's brand is remembered beside it, for a reload to fetch its theme at once.
    expect(readLastBrand()).toBe('tillwell');
    useAccount.getState().selectUnit(81);
    expect(useAccount.getState().plan?.id).toBe(4);
    expect(readLastBrand()).toBe('marcher');
    useAccount.getState().clearUnit();
    expect(memory()).toBeNull();
    expect(readLastBrand()).toBeNull();
    expect(window.localStorage.getItem(LAST_BRAND_KEY)).toBeNull();
  });

  it("refuses with the spec's texts a unit before a farm, an unknown unit and a plan before a unit", async () => {
    expect(() => useAccount.getState().selectUnit(80)).toThrow(AccountErrors.noFarm);
    expect(() => useAccount.getState().selectPlan(2)).toThrow(
      'There is no unit currently active, ensure unit is selected before trying to select a plan.',
    );
    serve(bigFarm);
    await useAccount.getState().loadFarm(8);
    expect(() => useAccount.getState().selectUnit(99)).toThrow(
      'Specified unit [ID: 99] could not be found on the active farm.',
    );
  });

  it('resets the account and reports the error when the farm cannot be fetched', async () => {
    serve(oneUnitFarm);
    await useAccount.getState().loadFarm(7);
    serve(null);
    await expect(useAccount.getState().loadFarm(9)).resolves.toBe(false);
    expect(useAccount.getState().farm).toBeNull();
    expect(memory()).toBeNull();
    expect(useDialogs.getState().dialogs[0]).toMatchObject({
      title: 'Error: Not Found',
      message: 'Farm 9 does not exist.',
    });
  });

  it('resets farm, unit and plan when authentication is lost', async () => {
    useSession.setState({ user: { ...UNAUTHENTICATED_USER, id: 5, type: 'farm_employee' } });
    serve(oneUnitFarm);
    await useAccount.getState().loadFarm(7);
    useSession.setState({ user: UNAUTHENTICATED_USER });
    expect(useAccount.getState().farm).toBeNull();
  });

  it('offers the plan features plus unit_has_mifarm_support and bcms_cts from the unit', () => {
    const p = plan(1, 'x', ['records_monthly', 'mifarm']);
    expect(availableFeatures({ farm: null, unit: unit(1, [p], true), plan: p })).toEqual([
      'records_monthly',
      'mifarm',
      'unit_has_mifarm_support',
      'bcms_cts',
    ]);
    expect(availableFeatures({ farm: null, unit: unit(1, [p]), plan: p })).toEqual([
      'records_monthly',
      'mifarm',
    ]);
  });
});

describe('last-accessed memory at start-up', () => {
  beforeEach(() => {
    useSession.setState({ user: { ...UNAUTHENTICATED_USER, id: 5, type: 'farm_employee' } });
  });
  afterEach(() => useSession.setState({ user: UNAUTHENTICATED_USER }));

  it('reloads the remembered farm, unit and plan', async () => {
    window.localStorage.setItem(
      LAST_ACTIVE_KEY,
      JSON.stringify({ farmId: 8, unitId: 80, planId: 3 }),
    );
    serve(bigFarm);
    await restoreLastActiveAccount();
    const { farm, unit: u, plan: p } = useAccount.getState();
    expect([farm?.id, u?.id, p?.id]).toEqual([8, 80, 3]);
  });

  it("loads a farm user's own farm when no unit and plan were chosen before the reload", async () => {
    useSession.setState({
      user: {
        ...UNAUTHENTICATED_USER,
        id: 5,
        type: 'farm_employee',
        business: { id: 8, name: 'Highfield', type: 'farm', sub_type: 0 },
      },
    });
    window.localStorage.removeItem(LAST_ACTIVE_KEY);
    serve(bigFarm);
    await restoreLastActiveAccount();
    const { farm, unit: u, plan: p } = useAccount.getState();
    // Its units are offered again; nothing is chosen for the user.
    expect([farm?.id, u, p]).toEqual([8, null, null]);
  });

  it('loads nothing for company staff with nothing remembered: they choose a farm', async () => {
    useSession.setState({ user: { ...UNAUTHENTICATED_USER, id: 6, type: 'company_employee' } });
    window.localStorage.removeItem(LAST_ACTIVE_KEY);
    useAccount.getState().reset();
    const fetchMock = serve(bigFarm);
    await restoreLastActiveAccount();
    expect(useAccount.getState().farm).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("logs 'Error loading previously active account' and carries on when it fails", async () => {
    window.localStorage.setItem(
      LAST_ACTIVE_KEY,
      JSON.stringify({ farmId: 8, unitId: 99, planId: 3 }),
    );
    serve(bigFarm);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(restoreLastActiveAccount()).resolves.toBeUndefined();
    expect(logged.mock.calls[0]?.[0]).toContain('Error loading previously active account');
    expect(useDialogs.getState().dialogs).toEqual([]);
    logged.mockRestore();
  });
});
