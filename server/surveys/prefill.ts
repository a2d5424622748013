import { recordListPath, rulePath } from '../portal-paths.ts';
import { recordRule } from '../../shared/access/rule-book.ts';
import type { ApiUser } from '../../shared/api.ts';
import { CALCULATORS, isCalculatorName } from '../../shared/calc/index.ts';
import type {
  SurveyPrefill,
  SurveyPrefillRule,
  SurveyPrefillSource,
} from '../../shared/surveys/types.ts';
import type { AccessRules } from '../access/rules.ts';
import { storedName } from '../calculators/saved.ts';
import type { Queryable } from '../db/index.ts';
import { displayValue } from '../records/display.ts';
import type { RecordType } from '../records/record-types.ts';
import type { QuestionSchema, SurveyFile } from './definitions.ts';

/**
 * "Enter once, reuse for many buyers": a survey question's answer taken from the unit's own
 * records or saved calculations, as its `prefill` in config/surveys/ says, each with its source.
 * Only what the data holds is given, never a guess, and only from record types and calculators
 * whose rule the user holds on the unit (so a prefill shows nothing its own screen would not).
 * The farm may change every value; nothing is saved here.
 */

interface Row {
  id: number;
  data: Record<string, unknown>;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const numberText = (v: number) => v.toLocaleString('en-GB', { maximumFractionDigits: 2 });
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** The date field records of a type are ordered by: its default sort, when that is a date. */
export function dateFieldOf(type: RecordType): string | undefined {
  const field = type.defaultSort.field;
  const shape = type.schema.properties[field] as { format?: string } | undefined;
  return shape?.format === 'date' ? field : undefined;
}

/** A value shaped for the question, or undefined when it cannot answer it. */
function fitted(question: QuestionSchema, value: unknown): unknown {
  const types = [question.type].flat().filter((t) => t !== undefined && t !== 'null');
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (types.includes('integer')) return Math.round(value);
    if (types.includes('number')) return Math.round(value * 1000) / 1000;
    return undefined;
  }
  if (typeof value === 'string' && value !== '' && types.includes('string')) return value;
  if (typeof value === 'boolean' && types.includes('boolean')) return value;
  return undefined;
}

export interface PrefillContext {
  db: Queryable;
  user: ApiUser;
  unitId: number;
  access: AccessRules;
  recordTypes: ReadonlyMap<string, RecordType>;
}

export async function surveyPrefill(ctx: PrefillContext, file: SurveyFile): Promise<SurveyPrefill> {
  const out: SurveyPrefill = { answers: {}, sources: {}, notes: [] };
  const readable = new Map<string, Promise<Row[] | null>>();
  const records = (typeName: string): Promise<Row[] | null> => {
    let rows = readable.get(typeName);
    if (!rows) {
      rows = readRecords(ctx, typeName);
      readable.set(typeName, rows);
    }
    return rows;
  };

  for (const page of file.pages) {
    for (const [question, rule] of Object.entries(page.prefill ?? {})) {
      const schema = page.schema.properties[question];
      if (!schema) continue;
      const found =
        'record' in rule
          ? await fromRecords(ctx, rule, await records(rule.record))
          : await fromCalculation(ctx, rule);
      if (!found) continue;
      const value = fitted(schema, found.value);
      if (value === undefined) continue;
      (out.answers[page.id] ??= {})[question] = value;
      out.sources[`/${page.id}/${question}`] = found.source;
    }
  }
  return out;
}

async function readRecords(ctx: PrefillContext, typeName: string): Promise<Row[] | null> {
  if (!ctx.recordTypes.has(typeName)) return null;
  const grants = await ctx.access.grants(ctx.user, recordRule(typeName), { unitId: ctx.unitId });
  if (grants.length === 0) return null;
  const { rows } = await ctx.db.query<Row>(
    'select id, data from records where unit_id = $1 and record_type = $2 order by id',
    [ctx.unitId, typeName],
  );
  return rows;
}

type RecordRule = Extract<SurveyPrefillRule, { record: string }>;
type CalculationRule = Extract<SurveyPrefillRule, { calculation: string }>;

async function fromRecords(
  ctx: PrefillContext,
  rule: RecordRule,
  rows: Row[] | null,
): Promise<{ value: unknown; source: SurveyPrefillSource } | undefined> {
  const type = ctx.recordTypes.get(rule.record);
  if (!type || !rows) return undefined;
  const dateField = dateFieldOf(type);
  /** A record's date, "" when it has none. */
  const dateOf = (r: Row): string => {
    const value = dateField ? r.data[dateField] : undefined;
    return typeof value === 'string' ? value : '';
  };
  const dated = rows
    .filter((r) => rule.pick === 'count-12-months' || r.data[rule.field] !== undefined)
    .filter((r) => r.data[rule.field] !== null && r.data[rule.field] !== '')
    .sort((a, b) => dateOf(a).localeCompare(dateOf(b)) || a.id - b.id);
  const latest = dated.at(-1);
  if (!latest) return undefined;
  const item = capital(type.itemTitle ?? type.name);
  const shownDate = (r: Row) =>
    dateField && dateOf(r) !== '' ? displayValue(type, dateField, dateOf(r)) : `#${String(r.id)}`;
  const base = { kind: 'record' as const, recordType: type.name, path: recordListPath(type.name) };

  if (rule.pick === 'latest') {
    return {
      value: latest.data[rule.field],
      source: { ...base, recordId: String(latest.id), label: `${item}, ${shownDate(latest)}` },
    };
  }
  // A 12-month window up to the newest record (all records when the type has no date).
  const end = dateOf(latest) !== '' ? monthIndex(dateOf(latest)) : undefined;
  const window =
    end === undefined
      ? dated
      : dated.filter((r) => dateOf(r) !== '' && end - monthIndex(dateOf(r)) < 12);
  const numbers = window
    .map((r) => r.data[rule.field])
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const first = window[0] ?? latest;
  const span = `${shownDate(first)} to ${shownDate(latest)}`;
  const source = {
    ...base,
    recordId: String(latest.id),
    ...(window.length > 1 ? { recordIds: window.map((r) => String(r.id)) } : {}),
    label: `${item}s, ${span}`,
  };
  if (rule.pick === 'count-12-months') {
    return {
      value: window.length,
      source: { ...source, note: `${String(window.length)} ${type.itemTitle ?? 'record'}s` },
    };
  }
  if (numbers.length === 0) return undefined;
  const sum = numbers.reduce((s, v) => s + v, 0);
  const field = type.schema.properties[rule.field]?.title ?? rule.field;
  if (rule.pick === 'sum-12-months') {
    return {
      value: sum,
      source: {
        ...source,
        note: `${field}: ${numberText(sum)}, the sum of ${String(numbers.length)} record${numbers.length === 1 ? '' : 's'}`,
      },
    };
  }
  const mean = sum / numbers.length;
  return {
    value: mean,
    source: {
      ...source,
      note: `${field}: ${numberText(mean)}, the mean of ${String(numbers.length)} record${numbers.length === 1 ? '' : 's'}`,
    },
  };
}

async function fromCalculation(
  ctx: PrefillContext,
  rule: CalculationRule,
): Promise<{ value: unknown; source: SurveyPrefillSource } | undefined> {
  if (!isCalculatorName(rule.calculation)) return undefined;
  const { rule: ruleName, title } = CALCULATORS[rule.calculation];
  const grants = await ctx.access.grants(ctx.user, ruleName, { unitId: ctx.unitId });
  if (grants.length === 0) return undefined;
  const { rows } = await ctx.db.query<{ id: number; name: string; value: unknown }>(
    `select id, name, result->'totals'->$3 as value from calculations
     where unit_id = $1 and calculator = $2 and role = 'baseline'
     order by updated_at desc, id desc limit 1`,
    [ctx.unitId, storedName(rule.calculation), rule.total],
  );
  const row = rows[0];
  if (!row || row.value === null || row.value === undefined) return undefined;
  return {
    value: row.value,
    source: {
      kind: 'calculation',
      recordType: storedName(rule.calculation),
      recordId: String(row.id),
      label: `${title}: ${row.name}`,
      path: rulePath(ruleName),
    },
  };
}
