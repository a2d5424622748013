/**
 * The config the code names, checked (issue 14: code names no config it cannot check):
 *
 * - every report's reads (src/screens/reports/report-reads.ts): the record type exists, and each
 *   field it reads is in the type's schema.properties with a JSON type its arithmetic can use;
 * - every named path of config/app.json ("paths"): a route of config/routes.json serves it, and
 *   the paths a visitor who is not signed in is sent to are public.
 *
 * Each problem names the file, a JSON pointer and a hint. For report-reads.ts the pointer runs
 * into its REPORT_READS object: /monthly/fields/litres is REPORT_READS.monthly.fields.litres.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REPORT_READS,
  type FieldKind,
  type AnyReportReads,
} from '../../src/screens/reports/report-reads.ts';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

/** Where the reports declare their reads, as problems name it. */
export const REPORT_READS_FILE = 'src/screens/reports/report-reads.ts';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** A JSON pointer from its reference tokens, escaping "~" and "/" (RFC 6901). */
const pointerTo = (...tokens: (string | number)[]): string =>
  tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Every problem of both checks, for config-references.ts's crossCheck. */
export function checkCodeReads(configDir: string, rel: (file: string) => string): Problem[] {
  return [...checkReportReads(configDir), ...checkNamedPaths(configDir, rel)];
}

interface PropertySchema {
  type?: string | string[];
  format?: string;
}

/** The schema types (null aside) a field of that kind may have, and how to say the kind. */
const KINDS: Record<FieldKind, { types: readonly string[]; format?: string; said: string }> = {
  number: { types: ['number', 'integer'], said: 'a number' },
  integer: { types: ['integer'], said: 'an integer' },
  string: { types: ['string'], said: 'a string' },
  date: { types: ['string'], format: 'date', said: 'a date (a string of format "date")' },
};

/** What a property's schema holds, in words: `type "string"`, `type "string", format "date"`. */
function describe(schema: PropertySchema): string {
  const type = schema.type === undefined ? 'no type' : `type ${JSON.stringify(schema.type)}`;
  return schema.format === undefined ? type : `${type}, format "${schema.format}"`;
}

function fits(schema: PropertySchema, kind: FieldKind): boolean {
  const expected = KINDS[kind];
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t) => t !== 'null',
  );
  if (types.length === 0 || !types.every((t) => t !== undefined && expected.types.includes(t)))
    return false;
  return expected.format === undefined || schema.format === expected.format;
}

/** Each report's record type exists and has every field the report reads, of a fitting type. */
export function checkReportReads(
  configDir: string,
  reports: Readonly<Record<string, AnyReportReads>> = REPORT_READS,
): Problem[] {
  const problems: Problem[] = [];
  for (const [report, reads] of Object.entries(reports)) {
    const recordFile = `config/records/${reads.recordType}.json`;
    const full = path.join(configDir, 'records', `${reads.recordType}.json`);
    if (!existsSync(full)) {
      problems.push({
        file: REPORT_READS_FILE,
        pointer: pointerTo(report, 'recordType'),
        message: `the ${report} report reads the record type "${reads.recordType}", which has no ${recordFile}`,
        hint: `restore ${recordFile}, or point the report at the record type it should read`,
      });
      continue;
    }
    const properties =
      readJson<{ schema?: { properties?: Record<string, PropertySchema> } }>(full).schema
        ?.properties ?? {};
    const known = Object.keys(properties);
    for (const [name, { field, kind }] of Object.entries(reads.fields)) {
      const pointer = pointerTo(report, 'fields', name);
      const schema = Object.hasOwn(properties, field) ? properties[field] : undefined;
      if (schema === undefined) {
        problems.push({
          file: REPORT_READS_FILE,
          pointer,
          message: `the ${report} report reads "${field}", which ${recordFile}#/schema/properties does not have`,
          hint: `if the field was renamed, rename it here too (fields of ${recordFile}: ${known.join(', ')}); else add "${field}" back to ${recordFile}`,
        });
      } else if (!fits(schema, kind)) {
        problems.push({
          file: REPORT_READS_FILE,
          pointer,
          message: `the ${report} report reads "${field}" as ${KINDS[kind].said}, but ${recordFile}#${pointerTo('schema', 'properties', field)} has ${describe(schema)}`,
          hint: `give the field back a type the report can use (${KINDS[kind].said}), or change how the report reads it (its kind here and the figures it feeds)`,
        });
      }
    }
    if (!Object.hasOwn(reads.fields, reads.newestBy)) {
      problems.push({
        file: REPORT_READS_FILE,
        pointer: pointerTo(report, 'newestBy'),
        message: `the ${report} report takes its newest records by "${reads.newestBy}", which is none of the fields it reads`,
        hint: `name one of: ${Object.keys(reads.fields).join(', ')}`,
      });
    }
  }
  return problems;
}

interface RouteEntry {
  path: string;
  screen?: string;
  redirect?: string;
  access?: string;
}

/**
 * The named paths to which a visitor who is not signed in is sent: a protected route there would
 * send them to the login page, and a protected login page round in a loop.
 */
export const PUBLIC_PATHS: readonly string[] = ['login', 'afterLogout'];

/** Each path of config/app.json's "paths" is served by a route; the public ones publicly. */
export function checkNamedPaths(configDir: string, rel: (file: string) => string): Problem[] {
  const appFile = path.join(configDir, 'app.json');
  const routesFile = path.join(configDir, 'routes.json');
  if (!existsSync(appFile) || !existsSync(routesFile)) return [];
  const paths = readJson<{ paths?: Record<string, string> }>(appFile).paths ?? {};
  const routes = readJson<{ routes?: RouteEntry[] }>(routesFile).routes ?? [];
  // The catch-all ("*") answers every path with Page Not Found: it serves none of them.
  const routeAt = (p: string) => {
    const index = routes.findIndex((r) => r.path === p && r.path !== '*');
    const route = routes[index];
    return route ? { route, index } : undefined;
  };
  const problems: Problem[] = [];
  for (const [name, wanted] of Object.entries(paths)) {
    const pointer = pointerTo('paths', name);
    let found = routeAt(wanted);
    if (!found) {
      problems.push({
        file: rel(appFile),
        pointer,
        message: `names "${wanted}" as the ${name} path, which no route of config/routes.json serves`,
        hint: `use the path of a route of config/routes.json (${routes
          .filter((r) => r.screen !== undefined && r.path !== '*')
          .map((r) => r.path)
          .join(', ')}), or add a route for "${wanted}"`,
      });
      continue;
    }
    // Follow redirects to the screen that answers (a broken redirect is reported on the route).
    const seen = new Set<string>();
    while (found.route.redirect !== undefined && !seen.has(found.route.path)) {
      seen.add(found.route.path);
      const next = routeAt(found.route.redirect);
      if (!next) break;
      found = next;
    }
    if (PUBLIC_PATHS.includes(name) && found.route.access === 'protected') {
      problems.push({
        file: rel(appFile),
        pointer,
        message: `names "${wanted}" as the ${name} path, but its route (config/routes.json#/routes/${String(found.index)}) is protected, and a visitor who is not signed in is sent there`,
        hint: `make that route "access": "public", or name the path of a public route`,
      });
    }
  }
  return problems;
}
