/**
 * config/surveys/<id>@<version>.json checked against what they name (issue 18, point 1): the file
 * name against id and version, versions 1…n of each survey with no gap, the provider and its plans
 * (the demo dataset's catalogue, server/seed/dataset.ts, is where providers and plans are
 * defined), the dates in order, each page's uiSchema and required questions against its
 * questions, and each prefill's record type and field, or calculator and total, against the
 * question's type. Problems name the file, a JSON pointer and a hint, as config-references.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { calculationTotals } from '../../shared/surveys/calculation-totals.ts';
import { isCalculatorName } from '../../shared/calc/index.ts';
import { generateDataset } from '../../server/seed/dataset.ts';

export interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

interface Shape {
  type?: string | string[];
  format?: string;
  title?: string;
}

export interface PageFile {
  id: string;
  schema: { required?: string[]; properties: Record<string, Shape> };
  uiSchema: Record<string, unknown>;
  prefill?: Record<
    string,
    { record?: string; field?: string; pick?: string; calculation?: string; total?: string }
  >;
}

interface SurveyFile {
  id: string;
  version: number;
  provider: string;
  targets: { plans?: string[]; planFeatures?: string[] };
  opensOn: string;
  closesOn: string;
  lateUntil?: string;
  pages: PageFile[];
}

export interface RecordFile {
  schema: { properties: Record<string, Shape> };
  defaultSort: { field: string };
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const pointerTo = (...tokens: (string | number)[]): string =>
  tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

const FILE_NAME = /^([a-z0-9][a-z0-9-]*)@([1-9][0-9]*)\.json$/;

/** The JSON types of a schema, without null. */
const typesOf = (shape: Shape): string[] =>
  [shape.type].flat().filter((t): t is string => t !== undefined && t !== 'null');

/** Whether a value of these types may answer a question of that shape. */
function compatible(given: readonly string[], question: Shape): boolean {
  const wanted = typesOf(question);
  return given.every((g) =>
    g === 'integer' || g === 'number'
      ? wanted.includes('number') || wanted.includes('integer')
      : wanted.includes(g),
  );
}

export function checkSurveys(
  configDir: string,
  rel: (file: string) => string,
  widgets: ReadonlySet<string>,
): Problem[] {
  const dir = path.join(configDir, 'surveys');
  if (!existsSync(dir)) return [];
  const problems: Problem[] = [];
  const catalogue = generateDataset({ farms: 0 });
  const providers = new Set(catalogue.providers.map((p) => p.reference));
  const providerOf = new Map(catalogue.providers.map((p) => [p.id, p.reference]));
  const plans = new Map(
    catalogue.packages.map((p) => [
      p.reference,
      { provider: providerOf.get(p.provider_id) ?? '', features: p.features },
    ]),
  );
  const recordsDir = path.join(configDir, 'records');
  const recordType = (name: string): RecordFile | undefined => {
    const file = path.join(recordsDir, `${name}.json`);
    return /^[a-z][a-z0-9-]*$/.test(name) && existsSync(file)
      ? readJson<RecordFile>(file)
      : undefined;
  };
  const { entries, versions } = readVersionedFiles<SurveyFile>(dir, rel, problems);

  for (const { data: survey, add } of entries) {
    if (!providers.has(survey.provider)) {
      add(
        '/provider',
        `names the provider "${survey.provider}", which does not exist`,
        `use a provider reference of server/seed/dataset.ts, e.g. ${[...providers].slice(0, 3).join(', ')}`,
      );
    }
    const own = [...plans].filter(([, p]) => p.provider === survey.provider);
    (survey.targets.plans ?? []).forEach((ref, i) => {
      const plan = plans.get(ref);
      const at = pointerTo('targets', 'plans', i);
      if (!plan)
        add(
          at,
          `names the plan "${ref}", which does not exist`,
          `use a plan of ${survey.provider}: ${own.map(([r]) => r).join(', ')}`,
        );
      else if (plan.provider !== survey.provider)
        add(
          at,
          `names the plan "${ref}" of ${plan.provider}, not of ${survey.provider}`,
          "a survey is addressed only to its own provider's plans",
        );
      else if (!plan.features.includes('surveys'))
        add(
          at,
          `names the plan "${ref}", which does not include the feature "surveys", so its units would never see the survey`,
          'add "surveys" to the plan\'s features, or target another plan',
        );
    });
    (survey.targets.planFeatures ?? []).forEach((feature, i) => {
      if (!own.some(([, p]) => p.features.includes(feature) && p.features.includes('surveys'))) {
        add(
          pointerTo('targets', 'planFeatures', i),
          `names the feature "${feature}", which no plan of ${survey.provider} with "surveys" has, so no unit would see the survey`,
          "name a feature of one of the provider's plans that include surveys",
        );
      }
    });
    if ((survey.targets.plans ?? []).length + (survey.targets.planFeatures ?? []).length === 0) {
      add(
        '/targets',
        'names no plan and no feature, so the survey reaches nobody',
        'add "plans" or "planFeatures"',
      );
    }
    if (survey.closesOn < survey.opensOn)
      add(
        '/closesOn',
        `is before opensOn (${survey.opensOn})`,
        'close the survey on or after the day it opens',
      );
    if (survey.lateUntil !== undefined && survey.lateUntil < survey.closesOn)
      add(
        '/lateUntil',
        `is before closesOn (${survey.closesOn})`,
        'take late answers until a day on or after the due date, or leave lateUntil out',
      );

    checkPages(survey.pages, add, widgets, recordType);
  }
  problems.push(...versionProblems(versions, 'survey'));
  return problems;
}

type Add = (pointer: string, message: string, hint: string) => void;

/**
 * The pages (sections) of a survey or assessment template, each a JSON Schema and uiSchema of
 * questions: unique ids, required and uiSchema keys naming questions, registered widgets, a full
 * ui:order, and each prefill's source against its question.
 */
export function checkPages(
  pages: readonly PageFile[],
  add: Add,
  widgets: ReadonlySet<string>,
  recordType: (name: string) => RecordFile | undefined,
): void {
  const pageIds = new Set<string>();
  pages.forEach((page, p) => {
    if (pageIds.has(page.id))
      add(
        pointerTo('pages', p, 'id'),
        `repeats the page id "${page.id}"`,
        'give every page its own id',
      );
    pageIds.add(page.id);
    const questions = page.schema.properties;
    const isQuestion = (q: string) => Object.hasOwn(questions, q);
    const hint = 'correct it to a question of schema.properties, or add the question there';
    (page.schema.required ?? []).forEach((q, i) => {
      if (!isQuestion(q))
        add(
          pointerTo('pages', p, 'schema', 'required', i),
          `requires "${q}", which is not a question of the page`,
          hint,
        );
    });
    for (const [key, value] of Object.entries(page.uiSchema)) {
      if (key.startsWith('ui:')) continue;
      if (!isQuestion(key))
        add(
          pointerTo('pages', p, 'uiSchema', key),
          `sets the form of "${key}", which is not a question of the page`,
          hint,
        );
      const widget =
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)['ui:widget']
          : undefined;
      if (typeof widget === 'string' && !widgets.has(widget)) {
        add(
          pointerTo('pages', p, 'uiSchema', key, 'ui:widget'),
          `uses the widget "${widget}", which no code registers and RJSF does not provide`,
          `use one of: ${[...widgets].sort().join(', ')}`,
        );
      }
    }
    const order = page.uiSchema['ui:order'];
    if (Array.isArray(order) && !order.includes('*')) {
      const missing = Object.keys(questions).filter((q) => !order.includes(q));
      if (missing.length > 0)
        add(
          pointerTo('pages', p, 'uiSchema', 'ui:order'),
          `leaves out ${missing.map((m) => `"${m}"`).join(', ')}, so the page cannot render`,
          'list every question, or end the order with "*"',
        );
    }
    for (const [question, rule] of Object.entries(page.prefill ?? {})) {
      const at = (...t: string[]) => pointerTo('pages', p, 'prefill', question, ...t);
      const shape = questions[question];
      if (!shape) {
        add(at(), `prefills "${question}", which is not a question of the page`, hint);
        continue;
      }
      if (rule.record !== undefined) {
        const type = recordType(rule.record);
        if (!type) {
          add(
            at('record'),
            `names the record type "${rule.record}", which config/records/ does not have`,
            'use the name of a file of config/records/',
          );
          continue;
        }
        const field = type.schema.properties[rule.field ?? ''];
        if (!field) {
          add(
            at('field'),
            `names the field "${rule.field ?? ''}", which record type ${rule.record} does not have`,
            `use one of: ${Object.keys(type.schema.properties).join(', ')}`,
          );
          continue;
        }
        const windowed = rule.pick !== 'latest';
        const dateField = type.schema.properties[type.defaultSort.field];
        // A default sort naming no field is the record type's own problem, reported there.
        if (windowed && dateField !== undefined && dateField.format !== 'date') {
          add(
            at('pick'),
            `takes 12 months of ${rule.record} records, which have no date to order them by (their default sort is not a date)`,
            'use "latest"',
          );
        }
        const given =
          rule.pick === 'count-12-months'
            ? ['integer']
            : rule.pick === 'latest'
              ? typesOf(field)
              : ['number'];
        if (
          rule.pick !== 'latest' &&
          rule.pick !== 'count-12-months' &&
          !typesOf(field).some((t) => t === 'number' || t === 'integer')
        ) {
          add(
            at('field'),
            `sums or averages ${rule.record}.${rule.field ?? ''}, which is not a number`,
            'pick "latest", or a numeric field',
          );
        } else if (!compatible(given, shape)) {
          add(
            at(),
            `gives ${given.join('/')} from ${rule.record}.${rule.field ?? ''}, but "${question}" takes ${typesOf(shape).join('/') || 'no type'}`,
            "prefill from a field of the same type, or change the question's type",
          );
        }
      } else if (rule.calculation !== undefined) {
        const totals = calculationTotals(rule.calculation);
        if (!isCalculatorName(rule.calculation) || !totals) {
          add(
            at('calculation'),
            `names the calculator "${rule.calculation}", which does not exist`,
            'use ghg-dairy, ghg-beef, ghg-sheep, ghg-arable, bps, stir or eiq',
          );
          continue;
        }
        const type = totals[rule.total ?? ''];
        if (type === undefined) {
          add(
            at('total'),
            `names the total "${rule.total ?? ''}", which ${rule.calculation} does not give`,
            `use one of: ${Object.keys(totals).join(', ')}`,
          );
        } else if (!compatible([type], shape)) {
          add(
            at(),
            `gives a ${type} from ${rule.calculation}'s ${rule.total ?? ''}, but "${question}" takes ${typesOf(shape).join('/') || 'no type'}`,
            "prefill from a total of the same type, or change the question's type",
          );
        }
      }
    }
  });
}

/**
 * Each `<id>@<version>.json` of a folder (surveys, assessment templates), read in name order with
 * its name checked against its id and version, and a problem adder for that file; `versions`
 * for versionProblems once the files' own checks are done.
 */
export function readVersionedFiles<T extends { id: string; version: number }>(
  dir: string,
  rel: (file: string) => string,
  problems: Problem[],
): {
  entries: { file: string; data: T; add: Add }[];
  versions: Map<string, { version: number; file: string }[]>;
} {
  const versions = new Map<string, { version: number; file: string }[]>();
  const entries = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => {
      const full = path.join(dir, name);
      const file = rel(full);
      const add: Add = (pointer, message, hint) => problems.push({ file, pointer, message, hint });
      const data = readJson<T>(full);
      const match = FILE_NAME.exec(name);
      if (!match || match[1] !== data.id || Number(match[2]) !== data.version) {
        add(
          '/id',
          `is "${data.id}" version ${String(data.version)}, but the file is ${name}`,
          `name the file ${data.id}@${String(data.version)}.json: a new version is a new file, a published one is never edited`,
        );
      }
      versions.set(data.id, [...(versions.get(data.id) ?? []), { version: data.version, file }]);
      return { file, data, add };
    });
  return { entries, versions };
}

/** Versions 1…n of each id with no gap or repeat: one problem per version out of place. */
export function versionProblems(
  versions: ReadonlyMap<string, { version: number; file: string }[]>,
  noun: string,
): Problem[] {
  const problems: Problem[] = [];
  for (const [id, list] of versions) {
    const sorted = list.map((v) => v.version).sort((a, b) => a - b);
    sorted.forEach((v, i) => {
      if (v !== i + 1) {
        const entry = list.find((e) => e.version === v);
        problems.push({
          file: entry?.file ?? id,
          pointer: '/version',
          message: `is version ${String(v)} of "${id}", but its versions are ${sorted.join(', ')}`,
          hint: `number a ${noun}'s versions 1, 2, 3… with no gap or repeat`,
        });
      }
    });
  }
  return problems;
}
