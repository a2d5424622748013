import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';

/** config/calculators/: tables and method versions, broken one at a time in a copy. */
describe('npm run validate:config: calculators', () => {
  let dir = '';
  useConfigCopy((copy) => ({ dir } = copy));

  const file = (relative: string) => path.join(dir, 'calculators', relative);
  function edit<T>(relative: string, change: (doc: T) => void) {
    const doc = JSON.parse(readFileSync(file(relative), 'utf8')) as T;
    change(doc);
    writeFileSync(file(relative), JSON.stringify(doc));
  }
  interface Methods {
    methods: { version: string; default?: boolean; tables: Record<string, string> }[];
  }
  interface Table {
    id: string;
    version: number;
    source?: string;
    entries: Record<string, { value?: number; bySet?: Record<string, number> }>;
    bands: { from: number; to: number | null }[];
  }
  const problem = (relative: string, pointer: string, message: RegExp): unknown =>
    expect.objectContaining({
      file: expect.stringContaining(path.join('config', 'calculators', relative)) as string,
      pointer,
      message: expect.stringMatching(message) as string,
      hint: expect.any(String) as string,
    });

  it('refuses a method naming a table that does not exist, or a role its calculator lacks', () => {
    edit<Methods>('methods.json', (doc) => {
      const ghg = doc.methods[0];
      if (!ghg) throw new Error('no ghg method');
      ghg.tables.energy = 'desnz2025-energy@1';
      ghg.tables.water = 'ipcc-gwp100@1';
    });
    expect(validateConfig(dir)).toEqual([
      problem(
        'methods.json',
        '/methods/0/tables/energy',
        /desnz2025-energy@1, which config\/calculators\/tables\/ does not hold/,
      ),
      problem(
        'methods.json',
        '/methods/0/tables/water',
        /"water" is not a table the ghg calculator reads/,
      ),
    ]);
  });

  it('refuses a method without a table its calculator reads, and two defaults', () => {
    edit<Methods>('methods.json', (doc) => {
      delete doc.methods[0]?.tables.gwp;
      doc.methods.push({
        ...(doc.methods[1] as Methods['methods'][number]),
        version: 'bps-copy@1',
      });
    });
    expect(validateConfig(dir)).toEqual([
      problem('methods.json', '/methods/0/tables', /names no table for "gwp"/),
      problem('methods.json', '/methods', /has 2 default method versions for the bps calculator/),
    ]);
  });

  it('refuses a table that lacks a value its role needs', () => {
    edit<Table>('tables/ipcc2019-soil-n2o@1.json', (doc) => {
      delete doc.entries.ef4?.bySet?.aggregated;
    });
    edit<Table>('tables/ipcc2019-manure-n2o@1.json', (doc) => {
      delete doc.entries.solid_storage;
    });
    expect(validateConfig(dir)).toEqual([
      problem(
        'tables/ipcc2019-manure-n2o@1.json',
        '/entries/solid_storage',
        /no value for solid_storage/,
      ),
      problem(
        'tables/ipcc2019-soil-n2o@1.json',
        '/entries/ef4/bySet/aggregated',
        /no aggregated value for ef4/,
      ),
    ]);
  });

  it('refuses bands with a gap', () => {
    edit<Table>('tables/england-bps-reductions@1.json', (doc) => {
      const band = doc.bands[2];
      if (band) band.from = 60_000;
    });
    expect(validateConfig(dir)).toEqual([
      problem(
        'tables/england-bps-reductions@1.json',
        '/bands/2/from',
        /starts at 60000, not where the band before ends \(50000\)/,
      ),
    ]);
  });

  it('refuses a table whose file is misnamed or that the library does not list', () => {
    renameSync(file('tables/cornell-eiq@1.json'), file('tables/cornell-eiq.json'));
    edit<Table>('tables/ipcc-gwp100@1.json', (doc) => {
      doc.version = 2;
    });
    renameSync(file('tables/ipcc-gwp100@1.json'), file('tables/ipcc-gwp100@2.json'));
    const problems = validateConfig(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem('tables/cornell-eiq.json', '/id', /the file is named cornell-eiq.json/),
        problem('tables/ipcc-gwp100@2.json', '', /not listed in shared\/calc\/tables.ts/),
        problem('methods.json', '/methods/0/tables/gwp', /ipcc-gwp100@1, which/),
      ]),
    );
  });

  it('refuses a table that names no source (the schema)', () => {
    edit<Table>('tables/desnz2024-energy@1.json', (doc) => {
      delete doc.source;
    });
    expect(validateConfig(dir)).toEqual([
      problem('tables/desnz2024-energy@1.json', '/', /must have required property 'source'/),
    ]);
  });
});
