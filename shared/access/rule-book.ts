import type { RulesFile } from '../config-types.generated.ts';
import type { Condition, RuleLookup } from './conditions.ts';

/** Where a piece of config lives: a file under the repository and a JSON pointer into it. */
export interface ConfigSource {
  file: string;
  pointer: string;
}

/** A named access rule: what it guards, its condition and where that condition is written. */
export interface Rule {
  name: string;
  title: string;
  condition: Condition;
  source: ConfigSource;
}

/** config/rules.json: the type is generated from schemas/rules.schema.json. */
export type { RulesFile };

/** The part of a record type (config/records/<name>.json) that names its rule. */
export interface RecordTypeAccess {
  name: string;
  title: string;
  access: Condition;
}

/** The rule that guards a record type's screens and endpoints. */
export const recordRule = (recordType: string) => `record:${recordType}`;

/** The part of a report (config/reports/<id>.json) that names its rule, report:<id>. */
export interface ReportAccess {
  id: string;
  title: string;
  condition: Condition;
}

/**
 * Every named rule: those of config/rules.json, one per record type ("record:<name>", its
 * "access") and one per report ("report:<id>", its "condition"). Routes, menus and server endpoints refer to rules by name, so each is written once.
 */
export class RuleBook {
  readonly rules: ReadonlyMap<string, Rule>;

  constructor(
    rulesFile: RulesFile,
    recordTypes: readonly RecordTypeAccess[],
    reports: readonly ReportAccess[] = [],
    more: readonly Rule[] = [],
  ) {
    const rules = new Map<string, Rule>();
    for (const [name, rule] of Object.entries(rulesFile.rules)) {
      rules.set(name, {
        name,
        title: rule.title,
        condition: rule.condition,
        source: { file: 'config/rules.json', pointer: `/rules/${name}/condition` },
      });
    }
    for (const type of recordTypes) {
      const name = recordRule(type.name);
      rules.set(name, {
        name,
        title: type.title,
        condition: type.access,
        source: { file: `config/records/${type.name}.json`, pointer: '/access' },
      });
    }
    // A report's condition is its rule: its route, its menu entry and its API name it.
    for (const report of reports) {
      const name = `report:${report.id}`;
      rules.set(name, {
        name,
        title: report.title,
        condition: report.condition,
        source: { file: `config/reports/${report.id}.json`, pointer: '/condition' },
      });
    }
    // Rules other config declares (a provider's benchmarking report, benchmark:<provider>).
    for (const rule of more) rules.set(rule.name, rule);
    this.rules = rules;
  }

  get(name: string): Rule | undefined {
    return this.rules.get(name);
  }

  /** For evaluate() and flagsIn(): a rule's condition by name. */
  readonly lookup: RuleLookup = (name) => this.rules.get(name)?.condition;
}
