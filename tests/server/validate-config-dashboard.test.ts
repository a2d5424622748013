import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';

/** npm run validate:config on config/dashboard.json, in a copy of config/ to break. */
describe('npm run validate:config: the dashboard', () => {
  let dir: string;
  useConfigCopy((copy) => ({ dir } = copy));

  const editDashboard = (edit: (doc: Record<string, unknown>) => void) => {
    const file = path.join(dir, 'dashboard.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    edit(doc);
    writeFileSync(file, JSON.stringify(doc));
  };

  /** The problems of dashboard.json alone: other files are checked by their own tests. */
  const dashboardProblems = () =>
    validateConfig(dir).filter((p) => p.file.endsWith(path.join('config', 'dashboard.json')));

  it('passes the real config', () => {
    expect(dashboardProblems()).toEqual([]);
  });

  it('refuses a KPI naming a report, measure, headline or field that does not exist, and an unknown KPI or action source', () => {
    editDashboard((doc) => {
      const kpis = doc.kpis as Record<string, Record<string, unknown>>;
      kpis['milk-yield'] = { ...kpis['milk-yield'], measure: 'yeild' };
      kpis['milk-price'] = { ...kpis['milk-price'], headline: 'prices' };
      kpis['crop-area'] = { ...kpis['crop-area'], by: 'crops' };
      kpis.head = { ...kpis.head, report: 'heard' };
      (doc.enterprises as Record<string, string[]>).Sheep = ['head', 'lambing'];
      doc.actions = ['medicine-withdrawals', 'assessment-actions'];
    });
    const problems = dashboardProblems();
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      [
        '/kpis/milk-yield/measure',
        'names the measure "yeild", which the report "monthly" does not have',
      ],
      [
        '/kpis/milk-price/headline',
        'names the headline "prices", which the report "monthly" does not have',
      ],
      ['/kpis/head/report', 'names the report "heard", which config/reports/ does not have'],
      [
        '/kpis/crop-area/by',
        'groups by "crops", a field of none of the record types the report reads (crop)',
      ],
      ['/enterprises/Sheep/1', 'names the KPI "lambing", which "kpis" does not have'],
      [
        '/actions/1',
        'names the action source "assessment-actions", which server/dashboard/action-sources.ts does not have',
      ],
    ]);
    expect(problems.every((p) => p.hint.length > 0)).toBe(true);
  });
});
