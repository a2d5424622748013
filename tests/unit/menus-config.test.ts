import { describe, expect, it } from 'vitest';
import type { ApiFarm, ApiPackage, ApiUnit } from '../../shared/api.ts';
import { UNAUTHENTICATED_USER, type User } from '../../src/core/session/user.ts';
import { flagEntries } from '../../shared/access/flags.ts';
import { menusConfig, shownMenu, type ShownItem } from '../../src/engine/menus.ts';
import { sessionFlags } from '../../src/engine/session-flags.ts';

/**
 * The real config/menus.json, shown for flags computed the way the portal computes them
 * (src/engine/use-flags.ts): the user's accessTo, the active plan's features plus the unit's
 * supports, the provider and business role, and the session's context flags, all run through
 * availableFlags and so through config/features.json.
 */

const PROVIDER_IDS = { fenland_fresh: 11, moorland_vale: 12, acme_foods: 13 } as const;
type ProviderRef = keyof typeof PROVIDER_IDS;

interface Persona {
  who: 'anonymous' | 'farm' | 'company';
  /** Company staff: their own provider. Farm users: the provider of the selected plan. */
  provider?: ProviderRef;
  /** The business sub type of the user's business. */
  subType?: number;
  /** The user's accessTo entries that are true. */
  access?: readonly string[];
  /** The selected plan's features; no plan is selected when this is left out. */
  plan?: readonly string[];
  /** Whether a unit is selected; by default, whether a plan is. */
  unit?: boolean;
  /** Whether the unit supports MiFarm (gives the plan unit_has_mifarm_support). */
  mifarmSupport?: boolean;
  /** How many units the farm has, and how many plans each unit has; one by default. */
  units?: number;
  plans?: number;
  /** Whether the brand has help page content, and contact page content. */
  help?: boolean;
  contact?: boolean;
}

function flagsOf(p: Persona): ReadonlySet<string> {
  const reference = p.provider ?? 'acme_foods';
  const provider = { id: PROVIDER_IDS[reference], reference };
  const user: User =
    p.who === 'anonymous'
      ? UNAUTHENTICATED_USER
      : {
          id: 7,
          type: p.who === 'farm' ? 'farm_employee' : 'company_employee',
          first_name: 'Test',
          last_name: 'User',
          username: 'test.user@example.com',
          business: { id: 3, name: 'Test Business', type: p.who, sub_type: p.subType ?? 0 },
          provider: p.who === 'company' ? provider : null,
          accessTo: Object.fromEntries((p.access ?? []).map((feature) => [feature, true])),
        };
  const packages = Array.from({ length: p.plans ?? 1 }, (_, i): ApiPackage => ({
    id: i + 1,
    name: `Plan ${String(i + 1)}`,
    reference: `plan_${String(i + 1)}`,
    visible_name: `Plan ${String(i + 1)}`,
    provider_id: provider.id,
    provider_reference: provider.reference,
    provider_name: provider.reference,
    features: i === 0 ? [...(p.plan ?? [])] : [],
  }));
  const units = Array.from({ length: p.units ?? 1 }, (_, i): ApiUnit => ({
    id: i + 1,
    name: `Unit ${String(i + 1)}`,
    unit_type_id: 1,
    supports: { mifarm: p.mifarmSupport ?? false, bcms_cts: false },
    packages,
  }));
  const farm: ApiFarm | null = p.who === 'anonymous' ? null : { id: 1, name: 'Farm', units };
  const unit = farm && (p.unit ?? p.plan !== undefined) ? (units[0] ?? null) : null;
  const plan = unit && p.plan ? (packages[0] ?? null) : null;

  return sessionFlags({
    user,
    farm,
    unit,
    plan,
    hasHelpContent: p.help ?? false,
    hasContactContent: p.contact ?? false,
  });
}

/** A shown item as its label; a dropdown as its label and its items' labels; a picker marked. */
type Label = string | { label: string; items: string[] };
const labelsOf = (shown: readonly ShownItem[]): Label[] =>
  shown.map((item) => {
    if (item.kind === 'dropdown')
      return { label: item.label, items: item.items.map((e) => e.label) };
    if (item.kind === 'picker') return `${item.label} (${item.picker} picker)`;
    return item.label;
  });

/** Every label shown anywhere, dropdown items included. */
const everyLabel = (shown: readonly ShownItem[]): string[] =>
  shown.flatMap((item) =>
    item.kind === 'dropdown' ? [item.label, ...item.items.map((e) => e.label)] : [item.label],
  );

const mainShown = (p: Persona) => shownMenu(menusConfig.main, flagsOf(p));
const main = (p: Persona) => labelsOf(mainShown(p));
const account = (p: Persona) => labelsOf(shownMenu(menusConfig.account, flagsOf(p)));
const loggedOut = (p: Persona) => labelsOf(shownMenu(menusConfig.loggedOut, flagsOf(p)));

/** Every user and package feature config/features.json knows of. */
const allUserFeatures = [...new Set(flagEntries.flatMap((e) => e.requires.user ?? []))];
const allPlanFeatures = [...new Set(flagEntries.flatMap((e) => e.requires.package ?? []))];

const myAccount = (...items: string[]): Label => ({ label: 'My Account', items });

describe('navigation bar from config/menus.json', () => {
  it('shows only Login when logged out, plus Help & Support and Contact Us with brand content', () => {
    const anonymous: Persona = { who: 'anonymous' };
    expect(loggedOut(anonymous)).toEqual(['Login']);
    expect(loggedOut({ ...anonymous, help: true })).toEqual(['Login', 'Help & Support']);
    expect(loggedOut({ ...anonymous, contact: true })).toEqual(['Login', 'Contact Us']);
    expect(loggedOut({ ...anonymous, help: true, contact: true })).toEqual([
      'Login',
      'Help & Support',
      'Contact Us',
    ]);
    expect(shownMenu(menusConfig.loggedOut, flagsOf({ ...anonymous, help: true }))).toEqual([
      { kind: 'link', label: 'Login', path: '/login', clearsUnit: false },
      { kind: 'link', label: 'Help & Support', path: '/help-and-support', clearsUnit: false },
    ]);
  });

  it('gives a moorland_vale farm plan with monthly records and reporting a one-item Data Entry dropdown and one Reports link', () => {
    const shown = mainShown({
      who: 'farm',
      provider: 'moorland_vale',
      plan: ['records_monthly', 'reporting'],
    });
    expect(labelsOf(shown)).toEqual([
      'My Dashboard',
      { label: 'Data Entry', items: ['Monthly Records'] },
      'Reports',
    ]);
    expect(shown[1]).toMatchObject({ kind: 'dropdown', label: 'Data Entry' });
    expect(shown[2]).toEqual({
      kind: 'link',
      label: 'Reports',
      path: '/unit/reporting/monthly',
      clearsUnit: false,
    });
    expect(everyLabel(shown)).not.toContain('Benchmarking');
  });

  it('makes Reports a dropdown with Benchmarking for moorland_vale when monthly and annual reporting are on', () => {
    const reports = (provider: ProviderRef, plan: string[]) =>
      main({ who: 'farm', provider, plan }).filter(
        (l) => typeof l !== 'string' && l.label === 'Reports',
      );
    // Each report is offered only with the records it is worked out from (config/reports/).
    const records = ['records_monthly', 'records_annual', 'records_crop'];
    expect(reports('moorland_vale', ['reporting', 'reporting_annual', ...records])).toEqual([
      {
        label: 'Reports',
        items: ['Monthly Reports', 'Annual Reports', 'Annual Records Check', 'Benchmarking'],
      },
    ]);
    // Benchmarking is for one provider only (config/benchmarking/insights.json adds its link
    // after the unit's own reports), and only with monthly reporting.
    expect(reports('acme_foods', ['reporting', 'reporting_annual', ...records])).toEqual([
      {
        label: 'Reports',
        items: ['Monthly Reports', 'Annual Reports', 'Annual Records Check'],
      },
    ]);
    expect(reports('moorland_vale', ['reporting_annual', 'reporting_crops', ...records])).toEqual([
      { label: 'Reports', items: ['Annual Reports', 'Crop Reports', 'Annual Records Check'] },
    ]);
    // A beef plan (animal records, no monthly records) is offered the herd report, not a
    // monthly report it has no records for.
    expect(reports('acme_foods', ['reporting', 'records_animal', 'medicinebook_animal'])).toEqual([
      { label: 'Reports', items: ['Herd and Flock Report', 'Medicine Report'] },
    ]);
  });

  it('shows Farm Documents as its own link alone, and a Documents dropdown with Knowledge Exchange', () => {
    const farm: Persona = { who: 'farm', provider: 'acme_foods' };
    const onlyDocuments = mainShown({ ...farm, plan: ['documents'] });
    expect(labelsOf(onlyDocuments)).toEqual(['My Dashboard', 'Farm Documents']);
    expect(onlyDocuments[1]).toEqual({
      kind: 'link',
      label: 'Farm Documents',
      path: '/unit/documents/farm',
      clearsUnit: false,
    });
    expect(main({ ...farm, plan: ['documents', 'technical_resources'] })).toEqual([
      'My Dashboard',
      { label: 'Documents', items: ['Farm Documents', 'Knowledge Exchange'] },
    ]);
    expect(main({ ...farm, plan: ['technical_resources'] })).toEqual([
      'My Dashboard',
      'Knowledge Exchange',
    ]);
  });

  it('shows a Tools dropdown only when a tool flag is on, and MiFarm only when the unit supports it', () => {
    const farm: Persona = { who: 'farm', provider: 'acme_foods' };
    expect(main({ ...farm, plan: ['records_monthly'] })).toEqual([
      'My Dashboard',
      { label: 'Data Entry', items: ['Monthly Records'] },
    ]);
    expect(main({ ...farm, plan: ['ghg_what_if_dairy'] })).toEqual([
      'My Dashboard',
      { label: 'Tools', items: ['GHG What If? (Dairy)'] },
    ]);
    // mifarm needs the plan feature and the unit's support (unit_has_mifarm_support).
    expect(main({ ...farm, plan: ['mifarm'] })).toEqual(['My Dashboard']);
    expect(main({ ...farm, plan: [], mifarmSupport: true })).toEqual(['My Dashboard']);
    expect(main({ ...farm, plan: ['mifarm'], mifarmSupport: true })).toEqual([
      'My Dashboard',
      { label: 'Tools', items: ['MiFarm'] },
    ]);
    expect(main({ ...farm, plan: ['vetvision', 'mifarm', 'eiq_calculator'] })).toEqual([
      'My Dashboard',
      { label: 'Tools', items: ['EIQ Calculator', 'Vet Vision'] },
    ]);
  });

  it('gives a company user with no unit selected their dashboard, Select Farm, Survey Responses, Insights, News and Knowledge Exchange', () => {
    const shown = mainShown({
      who: 'company',
      provider: 'moorland_vale',
      access: ['listUnits', 'insights', 'companyNews', 'company_technical_resources'],
    });
    expect(labelsOf(shown)).toEqual([
      'My Dashboard',
      'Select Farm',
      'Survey Responses',
      'Insights',
      'News',
      'Knowledge Exchange',
    ]);
    expect(everyLabel(shown)).not.toContain('Current Unit Dashboard');
    expect(everyLabel(shown)).not.toContain('Data Entry');
    // My Dashboard clears the unit (the nav bar does so for company users).
    expect(shown[0]).toEqual({
      kind: 'link',
      label: 'My Dashboard',
      path: '/dashboard',
      clearsUnit: true,
    });
  });

  it('shows Survey Responses only to staff of a provider that sends surveys (config/surveys/)', () => {
    const staff = (provider: ProviderRef) =>
      everyLabel(mainShown({ who: 'company', provider, access: ['listUnits', 'companyNews'] }));
    expect(staff('moorland_vale')).toContain('Survey Responses');
    expect(staff('fenland_fresh')).toContain('Survey Responses');
    // Acme Foods has no survey: its staff list units but are offered no responses to read.
    expect(staff('acme_foods')).toEqual(['My Dashboard', 'Select Farm', 'News']);
  });

  it('gives fenland_fresh staff (sub type 118) with a unit and a submissions plan the grower forms', () => {
    expect(
      main({
        who: 'company',
        provider: 'fenland_fresh',
        subType: 118,
        access: ['listUnits', 'insights', 'companyNews', 'company_technical_resources'],
        plan: ['submissions'],
      }),
    ).toEqual([
      'My Dashboard',
      'Current Unit Dashboard',
      'Grower Returns',
      'Load Passports',
      'QC Results',
      'Submissions',
    ]);
  });

  it('shows Load Passports only for business sub types 118, 119, 120 and 136', () => {
    const labels = (subType: number) =>
      everyLabel(
        mainShown({ who: 'company', provider: 'fenland_fresh', subType, plan: ['submissions'] }),
      );
    expect(labels(0)).toEqual([
      'My Dashboard',
      'Current Unit Dashboard',
      'Grower Returns',
      'QC Results',
      'Submissions',
    ]);
    for (const subType of [118, 119, 120, 136]) {
      expect(labels(subType), `sub type ${String(subType)}`).toContain('Load Passports');
    }
    for (const subType of [0, 117, 121, 135, 137]) {
      expect(labels(subType), `sub type ${String(subType)}`).not.toContain('Load Passports');
    }
  });

  it('keeps Grower Returns, Load Passports and QC Results to fenland_fresh staff', () => {
    expect(
      main({ who: 'company', provider: 'acme_foods', subType: 118, plan: ['submissions'] }),
    ).toEqual(['My Dashboard', 'Current Unit Dashboard', 'Submissions']);
  });

  it('shows Remittance to fenland_fresh staff only, and only with no unit selected', () => {
    expect(main({ who: 'company', provider: 'fenland_fresh', subType: 118 })).toEqual([
      'My Dashboard',
      'Remittance',
    ]);
    expect(main({ who: 'company', provider: 'fenland_fresh', subType: 118, unit: true })).toEqual([
      'My Dashboard',
      'Current Unit Dashboard',
    ]);
    expect(main({ who: 'company', provider: 'acme_foods', subType: 118 })).toEqual([
      'My Dashboard',
    ]);
    expect(main({ who: 'farm', provider: 'fenland_fresh', plan: [], unit: false })).toEqual([
      'My Dashboard',
    ]);
  });

  it('never shows farm users the company-only items, whatever their flags', () => {
    const companyOnly = [
      'Current Unit Dashboard',
      'Grower Returns',
      'Load Passports',
      'QC Results',
      'Farm Contact',
      'Select Farm',
      'Insights',
      'Remittance',
    ];
    const everything = {
      provider: 'fenland_fresh',
      subType: 118,
      access: allUserFeatures,
      mifarmSupport: true,
      units: 2,
      plans: 2,
    } as const;
    for (const selection of [{ plan: allPlanFeatures }, { unit: true }, { unit: false }]) {
      const farmLabels = everyLabel(mainShown({ who: 'farm', ...everything, ...selection }));
      for (const label of companyOnly) {
        expect(farmLabels, JSON.stringify(selection)).not.toContain(label);
      }
    }
    // The same flags do give company staff those items (so the check above can fail).
    const withUnit = everyLabel(
      mainShown({ who: 'company', ...everything, plan: allPlanFeatures }),
    );
    const withoutUnit = everyLabel(mainShown({ who: 'company', ...everything, unit: false }));
    expect([...withUnit, ...withoutUnit].filter((l) => companyOnly.includes(l))).toEqual(
      companyOnly,
    );
  });

  it('shows the Unit picker only with several units, and the Plan picker only for farm users with several plans', () => {
    const farm: Persona = { who: 'farm', provider: 'acme_foods', plan: [] };
    const mine = myAccount('Who sees my data', 'Change Password', 'Logout');
    expect(account(farm)).toEqual([mine]);
    expect(account({ ...farm, units: 2 })).toEqual(['Unit (unit picker)', mine]);
    expect(account({ ...farm, plans: 2 })).toEqual(['Plan (plan picker)', mine]);
    expect(account({ ...farm, units: 3, plans: 2 })).toEqual([
      'Unit (unit picker)',
      'Plan (plan picker)',
      mine,
    ]);
    const company: Persona = { who: 'company', provider: 'acme_foods', plan: [] };
    const staff = myAccount('Change Password', 'Logout');
    expect(account({ ...company, units: 2, plans: 2 })).toEqual(['Unit (unit picker)', staff]);
    expect(account({ ...company, plans: 2 })).toEqual([staff]);
  });

  it('puts Notification Settings in My Account for moorland_vale and fenland_fresh only, with Change Password and Logout always', () => {
    const full = myAccount('Notification Settings', 'Change Password', 'Logout');
    const plain = myAccount('Change Password', 'Logout');
    // A farm user with a unit also has Who sees my data (the rule consent).
    const farmFull = myAccount(
      'Notification Settings',
      'Who sees my data',
      'Change Password',
      'Logout',
    );
    const farmPlain = myAccount('Who sees my data', 'Change Password', 'Logout');
    expect(account({ who: 'farm', provider: 'moorland_vale', plan: [] })).toEqual([farmFull]);
    expect(account({ who: 'farm', provider: 'fenland_fresh', plan: [] })).toEqual([farmFull]);
    expect(account({ who: 'farm', provider: 'acme_foods', plan: [] })).toEqual([farmPlain]);
    expect(account({ who: 'company', provider: 'fenland_fresh', subType: 118 })).toEqual([full]);
    expect(account({ who: 'company', provider: 'moorland_vale' })).toEqual([full]);
    expect(account({ who: 'company', provider: 'acme_foods' })).toEqual([plain]);
    const [menu] = shownMenu(
      menusConfig.account,
      flagsOf({ who: 'company', provider: 'acme_foods' }),
    );
    expect(menu).toEqual({
      kind: 'dropdown',
      label: 'My Account',
      items: [
        {
          kind: 'link',
          label: 'Change Password',
          path: '/my-account/change-password',
          clearsUnit: false,
        },
        { kind: 'action', label: 'Logout', action: 'logout' },
      ],
    });
  });

  it('puts Who sees my data in My Account for farm users with a unit selected, whatever the plan, and never for company staff', () => {
    const consent = (p: Persona) =>
      shownMenu(menusConfig.account, flagsOf(p))
        .flatMap((item) => (item.kind === 'dropdown' ? item.items : [item]))
        .find((item) => item.label === 'Who sees my data');
    expect(consent({ who: 'farm', plan: [] })).toMatchObject({
      kind: 'link',
      path: '/unit/consent',
    });
    expect(consent({ who: 'farm', unit: true })).toBeDefined();
    expect(consent({ who: 'farm', unit: false, units: 3 })).toBeUndefined();
    expect(consent({ who: 'company', provider: 'fenland_fresh', plan: [] })).toBeUndefined();
    expect(consent({ who: 'anonymous' })).toBeUndefined();
  });
});
