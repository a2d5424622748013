import consentJson from '../../config/consent.json' with { type: 'json' };
import rulesJson from '../../config/rules.json' with { type: 'json' };
import { rulesIn } from '../../shared/access/conditions.ts';
import type { RuleBook, RulesFile } from '../../shared/access/rule-book.ts';
import { INSIGHTS } from '../../shared/benchmarking/config.ts';
import {
  benchmarkRule,
  isCalculationKpi,
  type BenchmarkDeclaration,
  type EnterpriseDeclaration,
} from '../../shared/benchmarking/declaration.ts';
import type { ConsentFile } from '../../shared/config-types.generated.ts';
import { recordsCategory, type ConsentCategory } from '../../shared/consent/types.ts';
import { reportRule, type ReportDeclaration } from '../../shared/reports/declaration.ts';
import { loadEnterprises } from '../benchmarks/declarations.ts';
import { loadReports } from '../reports/declarations.ts';

const RECORD_RULE = /^record:(.+)$/;

/**
 * The categories a benchmarking enterprise's KPIs read: the record types of its sources, and
 * calculator results where a KPI is read from a saved baseline.
 */
export const enterpriseCategories = (enterprise: EnterpriseDeclaration): string[] => [
  ...Object.keys(enterprise.sources).map(recordsCategory),
  ...(enterprise.kpis.some(isCalculationKpi) ? ['calculations'] : []),
];

/** Where the categories of the rules that read records and calculations come from. */
export interface CatalogueSources {
  consent: ConsentFile;
  rules: RulesFile;
  reports: ReadonlyMap<string, ReportDeclaration>;
  benchmarks: readonly BenchmarkDeclaration[];
  enterprises: ReadonlyMap<string, EnterpriseDeclaration>;
}

const configSources = (): CatalogueSources => ({
  consent: consentJson,
  rules: rulesJson,
  reports: loadReports(),
  benchmarks: INSIGHTS.benchmarks,
  enterprises: loadEnterprises(),
});

/**
 * The categories of a unit's data (config/consent.json and one per record type) and, for each
 * rule of the rule book, the categories it shows: a rule's own "consent" of config/rules.json, a
 * record type's records:<type>, a report's and a benchmark's the record types they read (and
 * calculations, for a benchmark KPI read from saved results), and those of every rule a
 * condition refers to. Company staff are refused a rule on a unit that withholds one of them.
 */
export class ConsentCatalogue {
  /** Every category, record types first, in the order the farm sees them. */
  readonly categories: ReadonlyMap<string, ConsentCategory>;
  readonly retentionDays: number;
  private readonly own = new Map<string, readonly string[]>();
  private readonly memo = new Map<string, readonly string[]>();

  constructor(
    private readonly book: RuleBook,
    sources: CatalogueSources = configSources(),
  ) {
    const { consent } = sources;
    const categories = new Map<string, ConsentCategory>();
    const named = (template: string, title: string) => template.replaceAll('{recordType}', title);
    for (const rule of book.rules.values()) {
      const type = RECORD_RULE.exec(rule.name)?.[1];
      if (type === undefined) continue;
      const id = recordsCategory(type);
      categories.set(id, {
        id,
        title: named(consent.recordsCategory.title, rule.title),
        description: named(consent.recordsCategory.description, rule.title),
      });
      this.own.set(rule.name, [id]);
    }
    for (const c of consent.categories) categories.set(c.id, { ...c });
    this.categories = categories;
    this.retentionDays = consent.accessLog.retentionDays;

    for (const [name, rule] of Object.entries(sources.rules.rules)) {
      if (rule.consent) this.own.set(name, rule.consent);
    }
    const recordsOf = (types: Iterable<string>) => [...types].map(recordsCategory);
    for (const report of sources.reports.values()) {
      this.own.set(reportRule(report.id), recordsOf(Object.keys(report.sources)));
    }
    for (const b of sources.benchmarks) {
      const enterprise = sources.enterprises.get(b.enterprise);
      if (enterprise) this.own.set(benchmarkRule(b.provider), enterpriseCategories(enterprise));
    }
    for (const [rule, ids] of this.own) {
      const unknown = ids.filter((id) => !categories.has(id));
      if (unknown.length > 0)
        throw new Error(
          `The rule "${rule}" shows the unknown consent categories ${unknown.join(', ')}.`,
        );
    }
  }

  /** The categories a rule shows: its own and those of every rule its condition refers to. */
  categoriesOf(rule: string): readonly string[] {
    const known = this.memo.get(rule);
    if (known) return known;
    const found = new Set<string>();
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const id of this.own.get(name) ?? []) found.add(id);
      const condition = this.book.get(name)?.condition;
      if (condition !== undefined) for (const next of rulesIn(condition)) visit(next);
    };
    visit(rule);
    const ids = [...found];
    this.memo.set(rule, ids);
    return ids;
  }

  /** The rules that show a category, for working out what a plan covers. */
  rulesShowing(category: string): string[] {
    return [...this.book.rules.keys()].filter((rule) => this.categoriesOf(rule).includes(category));
  }

  titleOf(category: string): string {
    return this.categories.get(category)?.title ?? category;
  }
}
