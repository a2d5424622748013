import { describe, expect, it } from 'vitest';
import { menusConfig, shownMenu, type MenuItem } from '../../src/engine/menus.ts';

const flags = (...names: string[]) => new Set(names);

describe('menu rules', () => {
  const reports: MenuItem = {
    label: 'Reports',
    whenOneItem: 'menuLabel',
    items: [{ route: '/unit/reporting/monthly' }, { route: '/unit/reporting/annual' }],
  };
  const documents: MenuItem = {
    label: 'Documents',
    whenOneItem: 'itemLabel',
    items: [{ route: '/unit/documents/farm' }, { route: '/knowledge-exchange' }],
  };

  it('shows Reports as one plain Reports link when only one report is on', () => {
    expect(shownMenu([reports], flags('reporting_annual', 'records_annual'))).toEqual([
      { kind: 'link', label: 'Reports', path: '/unit/reporting/annual', clearsUnit: false },
    ]);
  });

  it('shows Reports as a dropdown when several are on, and nothing when none is', () => {
    const [shown] = shownMenu(
      [reports],
      flags('reporting', 'records_monthly', 'reporting_annual', 'records_annual'),
    );
    expect(shown).toMatchObject({ kind: 'dropdown', label: 'Reports' });
    expect(shownMenu([reports], flags())).toEqual([]);
  });

  it('shows Documents as single links under their own labels when only one is on', () => {
    expect(shownMenu([documents], flags('plan_selected', 'technical_resources'))).toEqual([
      { kind: 'link', label: 'Knowledge Exchange', path: '/knowledge-exchange', clearsUnit: false },
    ]);
  });

  it('shows the Data Entry menu only with a plan and at least one records flag', () => {
    const main = menusConfig.main;
    const labels = (...on: string[]) => shownMenu(main, flags(...on)).map((i) => i.label);
    expect(labels('farm_user', 'plan_selected', 'records_monthly')).toContain('Data Entry');
    expect(labels('farm_user', 'plan_selected')).not.toContain('Data Entry');
    expect(labels('farm_user', 'records_monthly')).not.toContain('Data Entry');
  });

  it('gives company users Select Farm and Survey Responses without a unit and Current Unit Dashboard with one', () => {
    const main = menusConfig.main;
    const labels = (...on: string[]) => shownMenu(main, flags(...on)).map((i) => i.label);
    // Survey Responses only where the staff's provider sends surveys (provider_sends_surveys).
    expect(labels('company_user', 'listUnits', 'provider_sends_surveys')).toEqual([
      'My Dashboard',
      'Select Farm',
      'Survey Responses',
    ]);
    expect(labels('company_user', 'listUnits')).toEqual(['My Dashboard', 'Select Farm']);
    expect(labels('company_user', 'listUnits', 'unit_selected')).toEqual([
      'My Dashboard',
      'Current Unit Dashboard',
    ]);
    expect(labels('farm_user', 'listUnits')).toEqual(['My Dashboard']);
  });

  it('shows Help & Support and Contact Us logged out only when the brand has that content', () => {
    const labels = (...on: string[]) =>
      shownMenu(menusConfig.loggedOut, flags(...on)).map((i) => i.label);
    expect(labels()).toEqual(['Login']);
    expect(labels('has_help_content', 'has_contact_content')).toEqual([
      'Login',
      'Help & Support',
      'Contact Us',
    ]);
  });
});
