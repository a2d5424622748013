import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';

/**
 * npm run validate:config on what reads config: the reports of config/reports/ against the
 * record types' fields, and the named paths of config/app.json, in a copy of config/ to break.
 */
describe('npm run validate:config: reports and named paths', () => {
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
  }
  type ReportDoc = Record<string, unknown> & {
    measures: Record<string, Record<string, unknown>>;
    computations?: Record<string, { fields: Record<string, string> }>;
    tables: { rows: string[]; columns: string[] }[];
  };
  /** Renames a field everywhere its record type file names it, as an editor would. */
  const renameField = (type: string, from: string, to: string) => {
    editJson<RecordTypeDoc>(`records/${type}.json`, (doc) => {
      const text = JSON.stringify(doc).replaceAll(`"${from}"`, `"${to}"`);
      Object.assign(doc, JSON.parse(text) as RecordTypeDoc);
    });
  };
  const reportFile = (id: string) =>
    expect.stringContaining(path.join('config', 'reports', `${id}.json`)) as string;
  const appFile = expect.stringContaining(path.join('config', 'app.json')) as string;

  it('passes the real config', () => {
    expect(validateConfig(dir)).toEqual([]);
  });

  it('refuses a record type whose field a report reads was renamed, naming the report, the measure and the fields there are', () => {
    // The rename is otherwise consistent: the record type's own checks pass.
    renameField('monthly', 'milk_sold_litres', 'milk_sold_l');
    const problems = validateConfig(dir);
    expect(problems).toContainEqual({
      file: reportFile('monthly'),
      pointer: '/measures/litres/field',
      message:
        'reads "milk_sold_litres", which config/records/monthly.json#/schema/properties does not have',
      hint: expect.stringContaining(
        'if the field was renamed, rename it here too (fields of config/records/monthly.json: month, milk_sold_l,',
      ) as string,
    });
    // The forecast report reads it too; every problem is of a report reading the gone field.
    expect(problems.every((p) => p.message.includes('"milk_sold_litres"'))).toBe(true);
  });

  it('refuses a field whose type the report cannot use, and a weight or period of the wrong kind', () => {
    editJson<RecordTypeDoc>('records/crop.json', (doc) => {
      doc.schema.properties.yield_t_per_ha = { type: 'string', title: 'Yield' };
      doc.schema.properties.harvest_date = { type: 'string', title: 'Harvested' };
    });
    const problems = validateConfig(dir).filter((p) => p.pointer.startsWith('/'));
    expect(problems).toContainEqual({
      file: reportFile('crop'),
      pointer: '/sources/crop/period',
      message:
        'reads "harvest_date" as a date (a string of format "date"), but config/records/crop.json#/schema/properties/harvest_date has type "string"',
      hint: 'read a field of a date (a string of format "date"), or give the field back that type',
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: reportFile('crop'),
        pointer: '/measures/yield/field',
        message: expect.stringContaining('reads "yield_t_per_ha" as a number') as string,
      }),
    );
  });

  it('refuses a formula that cannot be read or names no measure, and a computation role without its field', () => {
    editJson<ReportDoc>('reports/herd.json', (doc) => {
      doc.measures.mortality = {
        title: 'Mortality',
        unit: '%',
        decimals: 1,
        formula: 'deaths / / 2',
      };
      doc.measures.rate = { title: 'Rate', unit: '%', decimals: 1, formula: 'dead / opening' };
      delete doc.computations?.herd?.fields.left;
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: reportFile('herd'),
        pointer: '/computations/herd/fields',
        message: 'gives no field for the role "left" (date it left the holding) of herd-numbers',
        hint: 'add "left": the field of animal that holds the date it left the holding',
      },
      {
        file: reportFile('herd'),
        pointer: '/measures/mortality/formula',
        message:
          'cannot be read at character 10 of "deaths / / 2": expected a number, a name or "("',
        hint: 'write it as measures and numbers joined by + - * / with parentheses',
      },
      {
        file: reportFile('herd'),
        pointer: '/measures/rate/formula',
        message: 'names "dead", which is no measure of the report',
        hint: expect.stringContaining('use one of: opening, head,') as string,
      },
    ]);
  });

  it('refuses a table grouping by a field no record type read has, and a column that is no measure', () => {
    editJson<ReportDoc>('reports/crop.json', (doc) => {
      const table = doc.tables[0];
      if (table) {
        table.rows = ['period', 'crops'];
        table.columns = ['area', 'yeild'];
      }
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: reportFile('crop'),
        pointer: '/tables/0/rows/1',
        message: 'groups by "crops", which none of the record types read has',
        hint: 'use "period" or a field of: crop',
      },
      {
        file: reportFile('crop'),
        pointer: '/tables/0/columns/1',
        message: 'names the measure "yeild", which the report does not have',
        hint: expect.stringContaining('use one of: fields, area,') as string,
      },
    ]);
  });

  it('refuses a list of a computation that gives none, or of one the report does not have', () => {
    editJson<ReportDoc>('reports/herd.json', (doc) => {
      doc.lists = [{ id: 'herd', title: 'Herd', computed: 'herd' }];
    });
    editJson<ReportDoc>('reports/medicine.json', (doc) => {
      doc.lists = [{ id: 'withdrawals', title: 'Withdrawals', computed: 'withdrawal' }];
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: reportFile('herd'),
        pointer: '/lists/0/computed',
        message: 'lists the computation "herd", whose entry herd-numbers gives no list',
        hint: 'list a computation whose entry lists: withdrawals',
      },
      {
        file: reportFile('medicine'),
        pointer: '/lists/0/computed',
        message:
          'names the computation "withdrawal", which the report\'s "computations" do not have',
        hint: 'use one of: withdrawals',
      },
    ]);
  });

  it('refuses a report whose record type is gone, and its route when the report is gone', () => {
    renameSync(path.join(dir, 'records', 'feed-usage.json'), path.join(root, 'feed-usage.json'));
    expect(validateConfig(dir)).toContainEqual({
      file: reportFile('feed'),
      pointer: '/sources/feed-usage',
      message: 'reads the record type "feed-usage", which has no config/records/feed-usage.json',
      hint: 'name a record type of config/records/ (its file name without .json)',
    });
    renameSync(path.join(dir, 'reports', 'lab.json'), path.join(root, 'lab.json'));
    expect(validateConfig(dir)).toContainEqual(
      expect.objectContaining({
        pointer: expect.stringMatching(/^\/routes\/\d+\/options\/kind$/) as string,
        message: 'shows the report "lab", which has no config/reports/lab.json',
      }),
    );
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
