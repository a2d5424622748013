import rulesJson from '../../config/rules.json';
import { RuleBook } from '../../shared/access/rule-book.ts';
import { INSIGHTS } from '../../shared/benchmarking/config.ts';
import { benchmarkRuleBookEntries } from '../../shared/benchmarking/portal-entries.ts';
import { recordTypeAccess } from './record-access.ts';
import { reports } from './reports.ts';

/**
 * The named rules of config/rules.json, the record types' access rules and the reports' rules
 * and the benchmarking reports' rules, as the portal has them.
 */
export const ruleBook = new RuleBook(
  rulesJson,
  recordTypeAccess,
  [...reports.values()],
  benchmarkRuleBookEntries(INSIGHTS.benchmarks),
);
