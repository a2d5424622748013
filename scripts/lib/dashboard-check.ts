/**
 * config/dashboard.json checked against what it names: each KPI's report, its headline or
 * measure (and weight), its `by` field in a record type the report reads; each enterprise's KPIs;
 * each forecast's report and measures; each action source in server/dashboard/action-sources.ts.
 * Problems name the file, a JSON pointer and a hint, as config-references.ts does.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DashboardDeclaration } from '../../shared/dashboard/declaration.ts';
import { ACTION_SOURCES } from '../../server/dashboard/action-sources.ts';
import { readReports } from './reports-check.ts';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

const pointerTo = (...tokens: (string | number)[]): string =>
  tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

const listed = (names: readonly string[]) => names.join(', ') || 'none';

export function checkDashboard(configDir: string, rel: (file: string) => string): Problem[] {
  const file = path.join(configDir, 'dashboard.json');
  if (!existsSync(file)) return [];
  const dashboard = JSON.parse(readFileSync(file, 'utf8')) as DashboardDeclaration;
  const reports = new Map(readReports(configDir).map(({ report }) => [report.id, report]));
  const problems: Problem[] = [];
  const add = (pointer: string, message: string, hint: string) =>
    problems.push({ file: rel(file), pointer, message, hint });

  const reportAt = (id: string, pointer: string) => {
    const report = reports.get(id);
    if (!report)
      add(
        pointer,
        `names the report "${id}", which config/reports/ does not have`,
        `use one of: ${listed([...reports.keys()])}`,
      );
    return report;
  };
  const measureOf = (
    report: { id: string; measures: Readonly<Record<string, unknown>> },
    name: string,
    pointer: string,
  ) => {
    if (!Object.hasOwn(report.measures, name))
      add(
        pointer,
        `names the measure "${name}", which the report "${report.id}" does not have`,
        `use one of: ${listed(Object.keys(report.measures))}`,
      );
  };
  const fieldsOf = (type: string): string[] => {
    const recordFile = path.join(configDir, 'records', `${type}.json`);
    if (!existsSync(recordFile)) return [];
    const doc = JSON.parse(readFileSync(recordFile, 'utf8')) as {
      schema?: { properties?: Record<string, unknown> };
    };
    return Object.keys(doc.schema?.properties ?? {});
  };

  for (const [id, kpi] of Object.entries(dashboard.kpis)) {
    const at = (...t: string[]) => pointerTo('kpis', id, ...t);
    const report = reportAt(kpi.report, at('report'));
    if (!report) continue;
    if ('headline' in kpi) {
      const headlines = (report.headlines ?? []).map((h) => h.id);
      if (!headlines.includes(kpi.headline))
        add(
          at('headline'),
          `names the headline "${kpi.headline}", which the report "${report.id}" does not have`,
          `use one of: ${listed(headlines)}`,
        );
      continue;
    }
    measureOf(report, kpi.measure, at('measure'));
    if (kpi.weight !== undefined) measureOf(report, kpi.weight, at('weight'));
    else if (kpi.across === 'weighted-mean')
      add(at(), 'uses "weighted-mean" without a "weight"', 'name the measure it is weighted by');
    const by = kpi.by;
    if (by !== undefined) {
      const types = Object.keys(report.sources);
      if (!types.some((type) => fieldsOf(type).includes(by)))
        add(
          at('by'),
          `groups by "${by}", a field of none of the record types the report reads (${listed(types)})`,
          `use a field of config/records/${types[0] ?? '<type>'}.json`,
        );
    }
  }

  for (const [enterprise, ids] of Object.entries(dashboard.enterprises)) {
    ids.forEach((id, i) => {
      if (!Object.hasOwn(dashboard.kpis, id))
        add(
          pointerTo('enterprises', enterprise, i),
          `names the KPI "${id}", which "kpis" does not have`,
          `use one of: ${listed(Object.keys(dashboard.kpis))}`,
        );
    });
  }

  dashboard.forecasts.forEach((forecast, i) => {
    const report = reportAt(forecast.report, pointerTo('forecasts', i, 'report'));
    if (!report) return;
    measureOf(report, forecast.actual, pointerTo('forecasts', i, 'actual'));
    measureOf(report, forecast.forecast, pointerTo('forecasts', i, 'forecast'));
  });

  dashboard.actions.forEach((name, i) => {
    if (!Object.hasOwn(ACTION_SOURCES, name))
      add(
        pointerTo('actions', i),
        `names the action source "${name}", which server/dashboard/action-sources.ts does not have`,
        `use one of: ${listed(Object.keys(ACTION_SOURCES))}`,
      );
  });
  return problems;
}
