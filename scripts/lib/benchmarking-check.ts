/**
 * config/benchmarking/ checked against what it names (issue 19): each enterprise's measures as
 * reports are checked (record types and fields exist, formulas parse), its KPIs, size and
 * completeness name its measures, a calculation KPI names a calculator's total; each provider's
 * report names an enterprise, its KPIs and groups, and a menu dropdown that exists, and its
 * route does not clash with one of config/routes.json. Problems name file, JSON pointer and hint.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  benchmarkPath,
  isCalculationKpi,
  kpiId,
  type BenchmarkingRules,
  type EnterpriseDeclaration,
  type InsightsFile,
} from '../../shared/benchmarking/declaration.ts';
import { enterpriseReport } from '../../shared/benchmarking/unit-values.ts';
import { calculationTotals } from '../../shared/surveys/calculation-totals.ts';
import { checkReport } from './reports-check.ts';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

function checkEnterprise(
  configDir: string,
  file: string,
  name: string,
  enterprise: EnterpriseDeclaration,
): Problem[] {
  const problems: Problem[] = [];
  const add = (pointer: string, message: string, hint: string) =>
    problems.push({ file, pointer, message, hint });
  if (enterprise.id !== name)
    add('/id', `is "${enterprise.id}", but the file is ${name}.json`, `make the id "${name}"`);
  // The measures are a report's: the same checks, reported against this file.
  const report = enterpriseReport(enterprise);
  problems.push(
    ...checkReport(configDir, file, report.id, report).filter((p) => p.pointer !== '/id'),
  );
  const measure = (pointer: string, name: string) => {
    if (!(name in enterprise.measures))
      add(
        pointer,
        `names the measure "${name}", which the enterprise does not have`,
        'name a key of "measures"',
      );
  };
  measure('/complete/measure', enterprise.complete.measure);
  measure('/size/measure', enterprise.size.measure);
  enterprise.size.bands.forEach((band, i) => {
    const last = i === enterprise.size.bands.length - 1;
    if (last !== (band.below === undefined))
      add(
        `/size/bands/${String(i)}`,
        last ? 'is the last band but has an upper bound' : 'has no upper bound ("below")',
        'give every band but the last a "below", rising',
      );
  });
  const ids = new Set<string>();
  enterprise.kpis.forEach((kpi, i) => {
    const at = `/kpis/${String(i)}`;
    const id = kpiId(kpi);
    if (ids.has(id)) add(at, `repeats the KPI id "${id}"`, 'give it an "id" of its own');
    ids.add(id);
    if (isCalculationKpi(kpi)) {
      const totals = calculationTotals(kpi.calculation);
      if (!totals)
        add(
          `${at}/calculation`,
          `names no calculator "${kpi.calculation}"`,
          'name a calculator of shared/calc',
        );
      else if (totals[kpi.total] !== 'number')
        add(
          `${at}/total`,
          `"${kpi.total}" is not a number total of ${kpi.calculation}`,
          `name one of ${Object.keys(totals).join(', ')}`,
        );
    } else measure(`${at}/measure`, kpi.measure);
  });
  return problems;
}

export function checkBenchmarking(configDir: string, rel: (file: string) => string): Problem[] {
  const dir = path.join(configDir, 'benchmarking');
  if (!existsSync(dir)) return [];
  const problems: Problem[] = [];
  const enterprises = new Map<string, EnterpriseDeclaration>();
  const enterpriseDir = path.join(dir, 'enterprises');
  for (const f of existsSync(enterpriseDir) ? readdirSync(enterpriseDir).sort() : []) {
    if (!f.endsWith('.json')) continue;
    const file = path.join(enterpriseDir, f);
    const enterprise = readJson<EnterpriseDeclaration>(file);
    enterprises.set(enterprise.id, enterprise);
    problems.push(...checkEnterprise(configDir, rel(file), path.basename(f, '.json'), enterprise));
  }

  const rulesFile = path.join(dir, 'rules.json');
  const rules = readJson<BenchmarkingRules>(rulesFile);
  rules.bands.forEach((band, i) => {
    const before = rules.bands[i - 1];
    if (before && band.from <= before.from)
      problems.push({
        file: rel(rulesFile),
        pointer: `/bands/${String(i)}/from`,
        message: `is ${String(band.from)}, not above the band before (${String(before.from)})`,
        hint: 'list the bands lowest first',
      });
  });

  const insightsFile = path.join(dir, 'insights.json');
  const insights = readJson<InsightsFile>(insightsFile);
  const add = (pointer: string, message: string, hint: string) =>
    problems.push({ file: rel(insightsFile), pointer, message, hint });
  const routes = readJson<{ routes: { path: string }[] }>(path.join(configDir, 'routes.json'));
  const menus = readJson<Record<string, unknown>>(path.join(configDir, 'menus.json'));
  const dropdowns = new Set(
    Object.values(menus)
      .filter(Array.isArray)
      .flat()
      .flatMap((item: { label?: string; items?: unknown }) =>
        item.items !== undefined && item.label !== undefined ? [item.label] : [],
      ),
  );
  const providers = new Set<string>();
  insights.benchmarks.forEach((b, i) => {
    const at = `/benchmarks/${String(i)}`;
    if (providers.has(b.provider))
      add(`${at}/provider`, `gives ${b.provider} a second report`, 'keep one entry per provider');
    providers.add(b.provider);
    const route = benchmarkPath(b.provider);
    if (routes.routes.some((r) => r.path === route))
      add(
        `${at}/provider`,
        `makes the route ${route}, which config/routes.json already has`,
        'remove that route from config/routes.json: this entry makes it',
      );
    if (!JSON.stringify(b.condition).includes(`"provider:${b.provider}"`))
      add(
        `${at}/condition`,
        `does not name the provider's flag provider:${b.provider}`,
        `put "provider:${b.provider}" in its "all", so only the provider's farms are offered the report`,
      );
    if (b.menu !== undefined && !dropdowns.has(b.menu.dropdown))
      add(
        `${at}/menu/dropdown`,
        `names the menu "${b.menu.dropdown}", which config/menus.json has no dropdown of`,
        `name one of ${[...dropdowns].join(', ')}`,
      );
    const enterprise = enterprises.get(b.enterprise);
    if (!enterprise) {
      add(
        `${at}/enterprise`,
        `names no enterprise "${b.enterprise}"`,
        'name a file of config/benchmarking/enterprises/',
      );
      return;
    }
    const kpis = new Set(enterprise.kpis.map(kpiId));
    b.kpis.forEach((k, j) => {
      if (!kpis.has(k))
        add(
          `${at}/kpis/${String(j)}`,
          `names no KPI "${k}" of ${enterprise.id}`,
          `name one of ${[...kpis].join(', ')}`,
        );
    });
    b.groups.forEach((g, j) => {
      if (!(g in enterprise.groups))
        add(
          `${at}/groups/${String(j)}`,
          `names no group "${g}" of ${enterprise.id}`,
          `name one of ${Object.keys(enterprise.groups).join(', ')}`,
        );
    });
  });
  insights.customerInsights.enterprises.forEach((id, j) => {
    const enterprise = enterprises.get(id);
    if (!enterprise)
      add(
        `/customerInsights/enterprises/${String(j)}`,
        `names no enterprise "${id}"`,
        'name a file of config/benchmarking/enterprises/',
      );
    else if (!(insights.customerInsights.comparison in enterprise.groups))
      add(
        '/customerInsights/comparison',
        `is not a group of ${id}`,
        `name a group every enterprise has (${Object.keys(enterprise.groups).join(', ')})`,
      );
  });
  return problems;
}
