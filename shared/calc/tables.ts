/**
 * The calculators' coefficient tables and method versions (config/calculators/), typed and
 * looked up by reference. Plain TypeScript and JSON: the portal, the server and the scripts
 * import the same tables, so a result the server stores is the one the browser shows.
 *
 * A table is config/calculators/tables/<id>@<version>.json; adding one means listing it in
 * TABLE_FILES below (npm run validate:config fails on a file that is not listed, and on a
 * method that names a table or role that does not exist).
 */
import methodsJson from '../../config/calculators/methods.json' with { type: 'json' };
import bps1 from '../../config/calculators/tables/england-bps-reductions@1.json' with { type: 'json' };
import eiq1 from '../../config/calculators/tables/cornell-eiq@1.json' with { type: 'json' };
import energy1 from '../../config/calculators/tables/desnz2024-energy@1.json' with { type: 'json' };
import gwp1 from '../../config/calculators/tables/ipcc-gwp100@1.json' with { type: 'json' };
import enteric1 from '../../config/calculators/tables/ipcc2019-enteric-ch4@1.json' with { type: 'json' };
import liming1 from '../../config/calculators/tables/ipcc2019-liming-urea@1.json' with { type: 'json' };
import manureCh4 from '../../config/calculators/tables/ipcc2019-manure-ch4@1.json' with { type: 'json' };
import manureN2o from '../../config/calculators/tables/ipcc2019-manure-n2o@1.json' with { type: 'json' };
import soil1 from '../../config/calculators/tables/ipcc2019-soil-n2o@1.json' with { type: 'json' };
import stir1 from '../../config/calculators/tables/rusle2-stir@1.json' with { type: 'json' };

/** One value of a table (schemas/calculators/table.schema.json#/$defs/entry). */
export interface TableEntry {
  label?: string;
  value?: number | null;
  byMonths?: Record<string, number>;
  bySet?: Record<string, number>;
  confirmed?: boolean;
  note?: string;
  source?: string;
  aliases?: string[];
}

export interface TableBand {
  from: number;
  to: number | null;
  rates: Record<string, number>;
}

/** One coefficient table (schemas/calculators/table.schema.json). */
export interface CoefficientTable {
  id: string;
  version: number;
  title: string;
  source: string;
  sourceUrl?: string;
  year: number;
  gwpBasis: 'none' | 'AR5' | 'AR6' | 'AR5+AR6';
  unit?: string;
  note?: string;
  entries?: Record<string, TableEntry>;
  bands?: TableBand[];
  caps?: Record<string, number>;
  yearNotes?: Record<string, { confirmed?: boolean; note?: string; source?: string }>;
}

export type CalculatorKind = 'ghg' | 'bps' | 'stir' | 'eiq';

/** One method version (schemas/calculators/methods.schema.json). */
export interface MethodVersion {
  version: string;
  calculator: CalculatorKind;
  title: string;
  description?: string;
  default?: boolean;
  /** Table references (<id>@<version>) by the role the calculator gives each. */
  tables: Record<string, string>;
}

/** Every table file, as imported; the key is its reference <id>@<version>. */
export const TABLE_FILES: readonly unknown[] = [
  bps1,
  eiq1,
  energy1,
  gwp1,
  enteric1,
  liming1,
  manureCh4,
  manureN2o,
  soil1,
  stir1,
];

const refOf = (table: CoefficientTable) => `${table.id}@${String(table.version)}`;

export const TABLES: ReadonlyMap<string, CoefficientTable> = new Map(
  (TABLE_FILES as CoefficientTable[]).map((table) => [refOf(table), table]),
);

export const METHODS: readonly MethodVersion[] = (
  methodsJson as unknown as { methods: MethodVersion[] }
).methods;

/** The table roles each calculator reads; a method version must name a table for each. */
export const REQUIRED_ROLES: Readonly<Record<CalculatorKind, readonly string[]>> = {
  ghg: ['enteric', 'manureCh4', 'manureN2o', 'soilN2o', 'liming', 'energy', 'gwp'],
  bps: ['reductions'],
  stir: ['stir'],
  eiq: ['ingredients'],
};

/** A method version the calculator does not have, or a table it names that is missing. */
export class MethodError extends Error {}

/** The method version a call names, or the calculator's default. */
export function methodFor(calculator: CalculatorKind, version?: string): MethodVersion {
  const methods = METHODS.filter((m) => m.calculator === calculator);
  const method =
    version === undefined
      ? methods.find((m) => m.default === true)
      : methods.find((m) => m.version === version);
  if (!method) {
    const known = methods.map((m) => m.version).join(', ');
    throw new MethodError(
      version === undefined
        ? `The ${calculator} calculator has no default method version.`
        : `"${version}" is not a method version of this calculator (known: ${known}).`,
    );
  }
  return method;
}

/** The table a method reads in a role. */
export function tableOf(method: MethodVersion, role: string): CoefficientTable {
  const ref = method.tables[role];
  const table = ref === undefined ? undefined : TABLES.get(ref);
  if (!table || ref === undefined) {
    throw new MethodError(`Method ${method.version} names no table for "${role}".`);
  }
  return table;
}

/** A reference to one value of a table, as a result records it. */
export const entryRef = (table: CoefficientTable, key: string) => `${refOf(table)}#${key}`;

export { refOf as tableRef };

/** "Moldboard plow", "2,4-D" → "moldboard_plow", "2_4_d": names compared ignoring case and punctuation. */
export const normaliseName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * The key of the entry a name means: the key itself (without the prefix the table gives such
 * entries, e.g. "preset_"), its label, or one of its aliases; undefined for none.
 */
export function resolveEntry(
  table: CoefficientTable,
  name: string,
  prefix = '',
): string | undefined {
  const wanted = normaliseName(name);
  const entries = Object.entries(table.entries ?? {}).filter(([key]) => key.startsWith(prefix));
  for (const [key] of entries) if (normaliseName(key.slice(prefix.length)) === wanted) return key;
  for (const [key, entry] of entries) {
    const label = entry.label ?? '';
    const names = [label, label.replace(/\s*\(.*\)\s*$/, ''), ...(entry.aliases ?? [])];
    if (names.some((n) => n !== '' && normaliseName(n) === wanted)) return key;
  }
  return undefined;
}
