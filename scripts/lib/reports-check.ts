/**
 * config/reports/*.json checked against what they name (issue 17, point 3): each record type
 * read exists and has every field the report reads, of a type its arithmetic can use; formulas
 * parse and name measures of the report; computations are entries of the registry with a field
 * for each role; tables, charts, headlines and checks name measures the report has. Each problem
 * names the file, a JSON pointer and a hint, as config-references.ts does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AGGREGATES } from '../../shared/reports/aggregates.ts';
import { COMPUTATIONS, type RoleKind } from '../../shared/reports/computations.ts';
import {
  isComputedMeasure,
  isFieldMeasure,
  type ReportDeclaration,
} from '../../shared/reports/declaration.ts';
import { callProblems, FormulaError, namesIn, parseFormula } from '../../shared/reports/formula.ts';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

interface PropertySchema {
  type?: string | string[];
  format?: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const pointerTo = (...tokens: (string | number)[]): string =>
  tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Every config/reports/*.json, by file, with its declaration; none without the folder. */
export function readReports(configDir: string): { file: string; report: ReportDeclaration }[] {
  const dir = path.join(configDir, 'reports');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      file: path.join(dir, f),
      report: readJson<ReportDeclaration>(path.join(dir, f)),
    }));
}

const KINDS: Record<RoleKind, { types: readonly string[]; format?: string; said: string }> = {
  number: { types: ['number', 'integer'], said: 'a number' },
  string: { types: ['string'], said: 'a text' },
  date: { types: ['string'], format: 'date', said: 'a date (a string of format "date")' },
};

function fits(schema: PropertySchema, kind: RoleKind): boolean {
  const expected = KINDS[kind];
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t) => t !== 'null',
  );
  if (types.length === 0 || !types.every((t) => t !== undefined && expected.types.includes(t)))
    return false;
  return expected.format === undefined || schema.format === expected.format;
}

const describe = (schema: PropertySchema) =>
  `${schema.type === undefined ? 'no type' : `type ${JSON.stringify(schema.type)}`}${schema.format === undefined ? '' : `, format "${schema.format}"`}`;

/** The problems of every report under configDir/reports. */
export function checkReports(configDir: string, rel: (file: string) => string): Problem[] {
  return readReports(configDir).flatMap(({ file, report }) =>
    checkReport(configDir, rel(file), path.basename(file, '.json'), report),
  );
}

export function checkReport(
  configDir: string,
  file: string,
  name: string,
  report: ReportDeclaration,
): Problem[] {
  const problems: Problem[] = [];
  const add = (pointer: string, message: string, hint: string) =>
    problems.push({ file, pointer, message, hint });
  if (report.id !== name) {
    add(
      '/id',
      `is "${report.id}", but the file is ${name}.json`,
      `make the id "${name}", or rename the file`,
    );
  }

  // The record types read, with their fields.
  const fieldsOf = new Map<string, Record<string, PropertySchema>>();
  for (const [type, source] of Object.entries(report.sources)) {
    const recordFile = path.join(configDir, 'records', `${type}.json`);
    if (!existsSync(recordFile)) {
      add(
        pointerTo('sources', type),
        `reads the record type "${type}", which has no config/records/${type}.json`,
        'name a record type of config/records/ (its file name without .json)',
      );
      continue;
    }
    fieldsOf.set(
      type,
      readJson<{ schema?: { properties?: Record<string, PropertySchema> } }>(recordFile).schema
        ?.properties ?? {},
    );
    for (const key of ['period', 'fallback'] as const) {
      const field = source[key];
      if (field !== undefined) checkField(type, field, 'date', pointerTo('sources', type, key));
    }
  }

  function checkField(type: string, field: string, kind: RoleKind | null, pointer: string): void {
    const properties = fieldsOf.get(type);
    if (!properties) return;
    const recordFile = `config/records/${type}.json`;
    const schema = Object.hasOwn(properties, field) ? properties[field] : undefined;
    if (schema === undefined) {
      add(
        pointer,
        `reads "${field}", which ${recordFile}#/schema/properties does not have`,
        `if the field was renamed, rename it here too (fields of ${recordFile}: ${Object.keys(properties).join(', ')})`,
      );
    } else if (kind !== null && !fits(schema, kind)) {
      add(
        pointer,
        `reads "${field}" as ${KINDS[kind].said}, but ${recordFile}#${pointerTo('schema', 'properties', field)} has ${describe(schema)}`,
        `read a field of ${KINDS[kind].said}, or give the field back that type`,
      );
    }
  }

  const sourceKnown = (source: string, pointer: string): boolean => {
    if (Object.hasOwn(report.sources, source)) return true;
    add(
      pointer,
      `names the source "${source}", which is not one of the report's "sources"`,
      `use one of: ${Object.keys(report.sources).join(', ')}, or add it to "sources"`,
    );
    return false;
  };

  const measures = Object.keys(report.measures);
  const measureKnown = (measure: string, pointer: string, what = 'measure') => {
    if (Object.hasOwn(report.measures, measure)) return true;
    add(
      pointer,
      `names the ${what} "${measure}", which the report does not have`,
      `use one of: ${measures.join(', ')}`,
    );
    return false;
  };

  // Computations: a registry entry, with a field of the right kind for each role.
  for (const [id, c] of Object.entries(report.computations ?? {})) {
    const at = (...t: string[]) => pointerTo('computations', id, ...t);
    const entry = Object.hasOwn(COMPUTATIONS, c.use) ? COMPUTATIONS[c.use] : undefined;
    if (!entry) {
      add(
        at('use'),
        `uses "${c.use}", which is no computation of shared/reports/computations.ts`,
        `use one of: ${Object.keys(COMPUTATIONS).join(', ')}`,
      );
      continue;
    }
    if (!sourceKnown(c.source, at('source'))) continue;
    for (const [role, described] of Object.entries(entry.roles)) {
      const field = c.fields[role];
      if (field === undefined) {
        if (described.required)
          add(
            at('fields'),
            `gives no field for the role "${role}" (${described.description}) of ${c.use}`,
            `add "${role}": the field of ${c.source} that holds the ${described.description}`,
          );
      } else checkField(c.source, field, described.kind, at('fields', role));
    }
    for (const role of Object.keys(c.fields)) {
      if (!Object.hasOwn(entry.roles, role))
        add(
          at('fields', role),
          `names the role "${role}", which ${c.use} does not have`,
          `its roles: ${Object.keys(entry.roles).join(', ')}`,
        );
    }
    for (const option of Object.keys(c.options ?? {})) {
      if (!Object.hasOwn(entry.options, option))
        add(
          at('options', option),
          `names the option "${option}", which ${c.use} does not take`,
          `its options: ${Object.keys(entry.options).join(', ') || 'none'}`,
        );
    }
  }

  // Measures.
  const formulaNames = new Map<string, string[]>();
  for (const [id, m] of Object.entries(report.measures)) {
    const at = (...t: string[]) => pointerTo('measures', id, ...t);
    if (isFieldMeasure(m)) {
      if (!sourceKnown(m.source, at('source'))) continue;
      const entry = AGGREGATES[m.aggregate];
      if (m.field === undefined) {
        if (!entry.countsRecords)
          add(
            at(),
            `aggregates no field with "${m.aggregate}"`,
            'name the "field" it aggregates (only "count" counts records without one)',
          );
      } else checkField(m.source, m.field, entry.countsRecords ? null : 'number', at('field'));
      if (m.weight !== undefined) checkField(m.source, m.weight, 'number', at('weight'));
      else if (entry.needsWeight)
        add(
          at(),
          `uses "${m.aggregate}" without a "weight"`,
          'name the number field each value is weighted by',
        );
    } else if (isComputedMeasure(m)) {
      const c = report.computations?.[m.computed];
      if (!c) {
        add(
          at('computed'),
          `names the computation "${m.computed}", which the report's "computations" do not have`,
          `use one of: ${Object.keys(report.computations ?? {}).join(', ') || 'none: add one'}`,
        );
        continue;
      }
      const entry = COMPUTATIONS[c.use];
      if (entry && !Object.hasOwn(entry.outputs, m.output))
        add(
          at('output'),
          `names the output "${m.output}", which ${c.use} does not give`,
          `its outputs: ${Object.keys(entry.outputs).join(', ')}`,
        );
    } else {
      const names = checkFormula(m.formula, at('formula'), measures, 'measure');
      formulaNames.set(id, names);
    }
  }
  // A formula may not reach itself through others.
  for (const start of formulaNames.keys()) {
    const seen = new Set<string>();
    const reaches = (id: string): boolean =>
      (formulaNames.get(id) ?? []).some(
        (n) => n === start || (!seen.has(n) && (seen.add(n), reaches(n))),
      );
    if (reaches(start))
      add(
        pointerTo('measures', start, 'formula'),
        `works out "${start}" from itself, directly or through other formulas`,
        'write the formula from field or computed measures',
      );
  }

  function checkFormula(
    text: string,
    pointer: string,
    known: readonly string[],
    what: string,
  ): string[] {
    try {
      const formula = parseFormula(text);
      for (const problem of callProblems(formula))
        add(pointer, problem, 'see the functions listed in schemas/report.schema.json');
      const names = namesIn(formula);
      for (const n of names.filter((n) => !known.includes(n)))
        add(
          pointer,
          `names "${n}", which is no ${what} of the report`,
          `use one of: ${known.join(', ')}`,
        );
      return names;
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      add(
        pointer,
        `cannot be read at character ${String(error.at + 1)} of "${text}": ${error.message}`,
        'write it as measures and numbers joined by + - * / with parentheses',
      );
      return [];
    }
  }

  /** A dimension: "period", or a text field of one of the sources the measures read. */
  const checkDimension = (dimension: string, pointer: string) => {
    if (dimension === 'period') return;
    const having = [...fieldsOf.entries()].filter(([, p]) => Object.hasOwn(p, dimension));
    if (having.length === 0)
      add(
        pointer,
        `groups by "${dimension}", which none of the record types read has`,
        `use "period" or a field of: ${[...fieldsOf.keys()].join(', ')}`,
      );
    else for (const [type] of having) checkField(type, dimension, 'string', pointer);
  };

  report.tables.forEach((t, i) => {
    const at = (...x: (string | number)[]) => pointerTo('tables', i, ...x);
    t.rows.forEach((d, j) => checkDimension(d, at('rows', j)));
    if (t.rowTitles.length !== t.rows.length)
      add(
        at('rowTitles'),
        `gives ${String(t.rowTitles.length)} titles for ${String(t.rows.length)} row dimensions`,
        'give one title for each of "rows"',
      );
    t.columns.forEach((c, j) => measureKnown(c, at('columns', j)));
  });
  (report.charts ?? []).forEach((c, i) => {
    const at = (...x: (string | number)[]) => pointerTo('charts', i, ...x);
    c.measures.forEach((m, j) => measureKnown(m, at('measures', j)));
    if (c.seriesBy !== undefined) checkDimension(c.seriesBy, at('seriesBy'));
    const units = new Set(c.measures.map((m) => report.measures[m]?.unit));
    if (units.size > 1)
      add(
        at('measures'),
        `draws measures of different units (${[...units].join(', ')}) on one axis`,
        'chart measures of one unit together',
      );
    for (const m of Object.keys(c.styles ?? {}))
      if (!c.measures.includes(m))
        add(
          at('styles', m),
          `styles "${m}", which the chart does not draw`,
          `style one of: ${c.measures.join(', ')}`,
        );
  });
  const headlineIds = (report.headlines ?? []).map((h) => h.id);
  (report.headlines ?? []).forEach((h, i) => {
    const at = (...x: (string | number)[]) => pointerTo('headlines', i, ...x);
    if ('measure' in h) {
      measureKnown(h.measure, at('measure'));
      if (h.weight !== undefined) measureKnown(h.weight, at('weight'));
      else if (AGGREGATES[h.across].needsWeight)
        add(
          at(),
          `uses "${h.across}" without a "weight"`,
          'name the measure each period is weighted by',
        );
    } else
      checkFormula(
        h.formula,
        at('formula'),
        headlineIds.filter((id) => id !== h.id),
        'other headline',
      );
  });
  (report.lists ?? []).forEach((l, i) => {
    const c = report.computations?.[l.computed];
    if (!c) {
      add(
        pointerTo('lists', i, 'computed'),
        `names the computation "${l.computed}", which the report's "computations" do not have`,
        `use one of: ${Object.keys(report.computations ?? {}).join(', ') || 'none: add one'}`,
      );
    } else if (COMPUTATIONS[c.use] && !COMPUTATIONS[c.use]?.list) {
      add(
        pointerTo('lists', i, 'computed'),
        `lists the computation "${l.computed}", whose entry ${c.use} gives no list`,
        `list a computation whose entry lists: ${Object.entries(COMPUTATIONS)
          .filter(([, e]) => e.list)
          .map(([name]) => name)
          .join(', ')}`,
      );
    }
  });
  (report.checks ?? []).forEach((c, i) => {
    measureKnown(c.computed, pointerTo('checks', i, 'computed'));
    measureKnown(c.entered, pointerTo('checks', i, 'entered'));
  });
  return problems;
}
