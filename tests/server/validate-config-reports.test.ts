import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReportReads, REPORT_READS_FILE } from '../../scripts/lib/code-reads-check.ts';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';
import { REPORT_READS } from '../../src/screens/reports/report-reads.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * npm run validate:config on what the code reads of config: the reports' fields
 * (src/screens/reports/report-reads.ts) and the named paths of config/app.json, in a copy of
 * config/ to break.
 */
describe('npm run validate:config: what the code reads', () => {
  let root: string;
  let dir: string;
  useConfigCopy((copy) => ({ root, dir } = copy));

  /** Rewrites one JSON file of the copy, relative to its config/. */
  function editJson<T>(relative: string, edit: (doc: T) => void) {
    const file = path.join(dir, relative);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as T;
    edit(doc);
    writeFileSync(file, JSON.stringify(doc));
  }
  interface RecordTypeDoc {
    schema: { properties: Record<string, Record<string, unknown>> };
    uiSchema: Record<string, unknown> & { 'ui:order'?: string[] };
    listColumns: { field: string }[];
    uniqueKey?: unknown[];
  }
  /** Renames a field everywhere its record type file names it, as an editor would. */
  const renameField = (type: string, from: string, to: string) => {
    editJson<RecordTypeDoc>(`records/${type}.json`, (doc) => {
      const text = JSON.stringify(doc).replaceAll(`"${from}"`, `"${to}"`);
      Object.assign(doc, JSON.parse(text) as RecordTypeDoc);
    });
  };
  const reportProblems = () => validateConfig(dir).filter((p) => p.file === REPORT_READS_FILE);
  const appFile = expect.stringContaining(path.join('config', 'app.json')) as string;

  it('passes the real config, and every report reads a record type of it', () => {
    expect(validateConfig(dir)).toEqual([]);
    expect(checkReportReads(path.join(ROOT, 'config'))).toEqual([]);
    expect(Object.keys(REPORT_READS).sort()).toEqual(['annual', 'crop', 'monthly']);
  });

  it('refuses a record type whose field a report reads was renamed, naming the report and the field', () => {
    // The rename is otherwise consistent: the record type's own checks pass.
    renameField('monthly', 'milk_sold_litres', 'milk_sold_l');
    expect(validateConfig(dir)).toEqual([
      {
        file: 'src/screens/reports/report-reads.ts',
        pointer: '/monthly/fields/litres',
        message:
          'the monthly report reads "milk_sold_litres", which config/records/monthly.json#/schema/properties does not have',
        hint: expect.stringContaining(
          'if the field was renamed, rename it here too (fields of config/records/monthly.json: month, milk_sold_l,',
        ) as string,
      },
    ]);
  });

  it('refuses a field the report sorts by, when it is gone', () => {
    renameField('crop', 'drilling_date', 'drilled_on');
    expect(reportProblems()).toEqual([
      expect.objectContaining({
        pointer: '/crop/fields/drilled',
        message:
          'the crop report reads "drilling_date", which config/records/crop.json#/schema/properties does not have',
      }),
    ]);
  });

  it('refuses a field whose type the report cannot use', () => {
    editJson<RecordTypeDoc>('records/monthly.json', (doc) => {
      doc.schema.properties.cows_in_milk = { type: 'string', title: 'Cows in milk' };
      doc.schema.properties.milk_price_ppl = { type: ['number', 'null'], title: 'Milk price' };
      doc.schema.properties.month = { type: 'string', title: 'Month' };
    });
    editJson<RecordTypeDoc>('records/annual.json', (doc) => {
      doc.schema.properties.total_farmed_ha = { type: 'integer', title: 'Farmed area' };
    });
    // A nullable number and an integer where a number is read both fit; a text and a date that is
    // no longer a date do not.
    expect(reportProblems()).toEqual([
      {
        file: REPORT_READS_FILE,
        pointer: '/monthly/fields/month',
        message:
          'the monthly report reads "month" as a date (a string of format "date"), but config/records/monthly.json#/schema/properties/month has type "string"',
        hint: 'give the field back a type the report can use (a date (a string of format "date")), or change how the report reads it (its kind here and the figures it feeds)',
      },
      {
        file: REPORT_READS_FILE,
        pointer: '/monthly/fields/cows',
        message:
          'the monthly report reads "cows_in_milk" as an integer, but config/records/monthly.json#/schema/properties/cows_in_milk has type "string"',
        hint: 'give the field back a type the report can use (an integer), or change how the report reads it (its kind here and the figures it feeds)',
      },
    ]);
  });

  it('refuses a report whose record type is gone', () => {
    renameSync(path.join(dir, 'records', 'annual.json'), path.join(root, 'annual.json'));
    const problems = checkReportReads(dir);
    expect(problems).toEqual([
      {
        file: REPORT_READS_FILE,
        pointer: '/annual/recordType',
        message:
          'the annual report reads the record type "annual", which has no config/records/annual.json',
        hint: 'restore config/records/annual.json, or point the report at the record type it should read',
      },
    ]);
  });

  it('refuses a report sorting by a field it does not read', () => {
    const problems = checkReportReads(dir, {
      monthly: { ...REPORT_READS.monthly, newestBy: 'day' },
    });
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: '/monthly/newestBy',
        hint: expect.stringContaining('name one of: month, litres,') as string,
      }),
    ]);
  });

  interface AppDoc {
    paths: Record<string, string>;
  }
  interface RoutesDoc {
    routes: Record<string, unknown>[];
  }

  it('refuses a named path no route serves', () => {
    editJson<AppDoc>('app.json', (doc) => {
      doc.paths.home = '/dashbord';
      doc.paths.selectUnit = '/this/is/not/served';
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: appFile,
        pointer: '/paths/home',
        message: 'names "/dashbord" as the home path, which no route of config/routes.json serves',
        hint: expect.stringContaining('use the path of a route of config/routes.json (') as string,
      },
      expect.objectContaining({
        file: appFile,
        pointer: '/paths/selectUnit',
        message:
          'names "/this/is/not/served" as the selectUnit path, which no route of config/routes.json serves',
      }),
    ]);
  });

  it('does not count the catch-all route as serving a path', () => {
    editJson<AppDoc>('app.json', (doc) => {
      doc.paths.branding = '*';
    });
    expect(validateConfig(dir)).toEqual([
      expect.objectContaining({ file: appFile, pointer: '/paths/branding' }),
    ]);
  });

  it('refuses a login path, or a redirect after logout, that leads to a protected route', () => {
    editJson<AppDoc>('app.json', (doc) => {
      doc.paths.login = '/dashboard';
    });
    editJson<RoutesDoc>('routes.json', (doc) => {
      const root = doc.routes.find((r) => r.path === '/');
      if (root) root.redirect = '/dashboard';
    });
    const dashboard = JSON.parse(readFileSync(path.join(dir, 'routes.json'), 'utf8')) as RoutesDoc;
    const index = dashboard.routes.findIndex((r) => r.path === '/dashboard');
    const hint = 'make that route "access": "public", or name the path of a public route';
    expect(validateConfig(dir)).toEqual([
      {
        file: appFile,
        pointer: '/paths/login',
        message: `names "/dashboard" as the login path, but its route (config/routes.json#/routes/${String(index)}) is protected, and a visitor who is not signed in is sent there`,
        hint,
      },
      {
        file: appFile,
        pointer: '/paths/afterLogout',
        message: `names "/" as the afterLogout path, but its route (config/routes.json#/routes/${String(index)}) is protected, and a visitor who is not signed in is sent there`,
        hint,
      },
    ]);
  });

  it('refuses a config/app.json without its named paths, by the schema', () => {
    editJson<Partial<AppDoc>>('app.json', (doc) => {
      delete doc.paths;
    });
    expect(validateConfig(dir)).toEqual([
      expect.objectContaining({ file: appFile, hint: 'add the property "paths"' }),
    ]);
  });
});
