/**
 * The checks of config/calculators/ a JSON Schema cannot make: each table's file is named by its
 * reference (<id>@<version>.json) and listed in shared/calc/tables.ts; each method version names
 * an existing table for every role its calculator reads (and no other), one default per
 * calculator; each table holds the values its role needs; and each calculator's input schema
 * (schemas/calculators/inputs/) offers only what the tables of every method can count.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REQUIRED_ROLES,
  TABLES,
  type CalculatorKind,
  type CoefficientTable,
  type MethodVersion,
} from '../../shared/calc/tables.ts';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

interface Need {
  keys: readonly string[];
  /** Each key needs a value per set (bySet) rather than one value. */
  sets?: readonly string[];
}

/** The values each role's table must hold (beyond those the input schemas' choices need). */
const NEEDS: Partial<Record<string, Need>> = {
  enteric: { keys: ['dairy_cow', 'other_cattle', 'sheep'] },
  manureCh4: { keys: ['ch4_density', 'b0_dairy_cow', 'b0_other_cattle', 'b0_sheep', 'pasture'] },
  soilN2o: {
    keys: [
      'ef1_synthetic',
      'ef3prp_cpp',
      'ef3prp_so',
      'ef4',
      'ef5',
      'frac_gasf',
      'frac_gasm',
      'frac_leach',
    ],
    sets: ['uk-wet', 'aggregated'],
  },
  liming: { keys: ['limestone', 'dolomite', 'urea'] },
  energy: { keys: ['diesel', 'gas_oil', 'electricity'] },
  gwp: { keys: ['ch4', 'n2o'], sets: ['AR5', 'AR6'] },
  stir: {
    keys: [
      'ttm_inversion',
      'ttm_mixing_inversion',
      'ttm_mixing',
      'ttm_lifting',
      'ttm_compression',
      'threshold_no_till',
    ],
  },
};

type JsonSchema = {
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** The enum of the schema at a path of property names ("[]" steps into items). */
function enumAt(schema: JsonSchema, steps: readonly string[]): string[] {
  let at: JsonSchema | undefined = schema;
  for (const step of steps) at = step === '[]' ? at?.items : at?.properties?.[step];
  return (at?.enum ?? []).map(String);
}

const hasNumber = (table: CoefficientTable, key: string, set?: string): boolean => {
  const entry = table.entries?.[key];
  return set === undefined
    ? typeof entry?.value === 'number' || entry?.byMonths !== undefined
    : typeof entry?.bySet?.[set] === 'number';
};

export function checkCalculators(configDir: string, rel: (file: string) => string): Problem[] {
  const problems: Problem[] = [];
  const dir = path.join(configDir, 'calculators');
  const methodsFile = path.join(dir, 'methods.json');
  if (!existsSync(methodsFile)) return problems;
  const tablesDir = path.join(dir, 'tables');
  const tables = new Map<string, { table: CoefficientTable; file: string }>();
  for (const name of existsSync(tablesDir) ? readdirSync(tablesDir).sort() : []) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(tablesDir, name);
    const table = readJson<CoefficientTable>(file);
    const ref = `${table.id}@${String(table.version)}`;
    if (name !== `${ref}.json`) {
      problems.push({
        file: rel(file),
        pointer: '/id',
        message: `holds table ${ref}, but the file is named ${name}`,
        hint: `rename the file ${ref}.json, or correct "id" and "version"`,
      });
    }
    if (!TABLES.has(ref)) {
      problems.push({
        file: rel(file),
        pointer: '',
        message: `table ${ref} is not listed in shared/calc/tables.ts, so no calculator can read it`,
        hint: 'import the file in shared/calc/tables.ts and add it to TABLE_FILES',
      });
    }
    tables.set(ref, { table, file });
  }

  const schemasDir = path.join(configDir, '..', 'schemas', 'calculators', 'inputs');
  const inputSchema = (kind: CalculatorKind): JsonSchema => {
    const file = path.join(schemasDir, `${kind}.schema.json`);
    return existsSync(file) ? readJson<JsonSchema>(file) : {};
  };

  const { methods } = readJson<{ methods: MethodVersion[] }>(methodsFile);
  const defaults = new Map<string, number>();
  const versions = new Set<string>();
  methods.forEach((method, i) => {
    const at = (...tokens: string[]) => ['', 'methods', String(i), ...tokens].join('/');
    const fail = (pointer: string, message: string, hint: string) =>
      problems.push({ file: rel(methodsFile), pointer, message, hint });
    if (versions.has(method.version)) {
      fail(
        at('version'),
        `repeats the method version ${method.version}`,
        'give each method version its own name',
      );
    }
    versions.add(method.version);
    if (method.default === true)
      defaults.set(method.calculator, (defaults.get(method.calculator) ?? 0) + 1);
    const roles = REQUIRED_ROLES[method.calculator];
    for (const role of roles) {
      if (method.tables[role] === undefined) {
        fail(
          at('tables'),
          `names no table for "${role}", which the ${method.calculator} calculator reads`,
          `add "${role}": "<table id>@<version>" (a file under config/calculators/tables/)`,
        );
      }
    }
    for (const [role, ref] of Object.entries(method.tables)) {
      if (!roles.includes(role)) {
        fail(
          at('tables', role),
          `"${role}" is not a table the ${method.calculator} calculator reads`,
          `use one of: ${roles.join(', ')}`,
        );
        continue;
      }
      const found = tables.get(ref);
      if (!found) {
        fail(
          at('tables', role),
          `names table ${ref}, which config/calculators/tables/ does not hold`,
          `add config/calculators/tables/${ref}.json, or name an existing table`,
        );
        continue;
      }
      const { table, file } = found;
      const missing = (key: string, set?: string) =>
        problems.push({
          file: rel(file),
          pointer: `/entries/${key}${set === undefined ? '' : `/bySet/${set}`}`,
          message: `has no ${set === undefined ? 'value' : `${set} value`} for ${key}, which method ${method.version} reads as its "${role}"`,
          hint: `add "${key}" to "entries"${set === undefined ? ' with a "value"' : ` with "bySet": {"${set}": …}`}`,
        });
      const need = NEEDS[role];
      for (const key of need?.keys ?? []) {
        for (const set of need?.sets ?? [undefined])
          if (!hasNumber(table, key, set)) missing(key, set);
      }
      const schema = inputSchema(method.calculator);
      const offeredMonths = enumAt(schema, ['animals', '[]', 'storage', '[]', 'months']);
      if (role === 'manureCh4') {
        for (const [system, entry] of Object.entries(table.entries ?? {})) {
          for (const m of Object.keys(entry.byMonths ?? {})) {
            if (!offeredMonths.includes(m)) {
              problems.push({
                file: rel(file),
                pointer: `/entries/${system}/byMonths/${m}`,
                message: `gives an MCF for ${m} months, which the GHG inputs' "months" does not offer`,
                hint: 'add the months to schemas/calculators/inputs/ghg.schema.json, or remove the column',
              });
            }
          }
        }
      }
      if (role === 'manureN2o') {
        // Every manure system the method's MCF table knows needs its direct N2O factor too.
        const mcf = tables.get(method.tables.manureCh4 ?? '')?.table;
        for (const system of Object.keys(mcf?.entries ?? {})) {
          if (system === 'pasture' || system === 'ch4_density' || system.startsWith('b0_'))
            continue;
          if (typeof table.entries?.[system]?.value !== 'number') missing(system);
        }
      }
      if (role === 'stir') {
        for (const preset of [
          'mouldboard_plough',
          'chisel',
          'heavy_offset_disc',
          'field_cultivator',
          'no_till_drill',
          'row_planter',
        ]) {
          if (!hasNumber(table, `preset_${preset}`)) missing(`preset_${preset}`);
        }
      }
      if (role === 'reductions') {
        const bands = table.bands ?? [];
        if (bands.length === 0) {
          problems.push({
            file: rel(file),
            pointer: '/bands',
            message: 'has no bands',
            hint: 'add the bands, from 0 to the top band (to: null)',
          });
        }
        bands.forEach((band, b) => {
          const expectedFrom = b === 0 ? 0 : bands[b - 1]?.to;
          if (band.from !== expectedFrom) {
            problems.push({
              file: rel(file),
              pointer: `/bands/${String(b)}/from`,
              message: `starts at ${String(band.from)}, not where the band before ends (${String(expectedFrom)})`,
              hint: 'make the bands follow each other without gaps or overlaps, the first from 0',
            });
          }
          if ((band.to === null) !== (b === bands.length - 1)) {
            problems.push({
              file: rel(file),
              pointer: `/bands/${String(b)}/to`,
              message:
                band.to === null
                  ? 'ends nowhere but is not the top band'
                  : 'is the top band but has an end',
              hint: 'give every band an end ("to") but the last, whose "to" is null',
            });
          }
          for (const year of enumAt(schema, ['year'])) {
            if (band.rates[year] === undefined) {
              problems.push({
                file: rel(file),
                pointer: `/bands/${String(b)}/rates`,
                message: `has no rate for ${year}, a year the BPS inputs offer`,
                hint: `add "${year}": <percent> to the band's rates`,
              });
            }
          }
        });
      }
    }
  });
  for (const kind of Object.keys(REQUIRED_ROLES)) {
    const count = defaults.get(kind) ?? 0;
    if (count !== 1) {
      problems.push({
        file: rel(methodsFile),
        pointer: '/methods',
        message: `has ${String(count)} default method versions for the ${kind} calculator`,
        hint: `mark exactly one ${kind} method version "default": true`,
      });
    }
  }
  return problems;
}
