/**
 * GHG What If? (arable, beef, dairy, sheep): IPCC 2019 Refinement Tier 1 with the UK's
 * wet-climate disaggregated factors by default, DESNZ energy factors, AR5 or AR6 GWPs.
 *
 *   enteric CH4        = head × EF(category)
 *   manure CH4         = VS × 365 × head × share × B0(category) × 0.67 × MCF(system, months)/100
 *                        (the months of storage pick the MCF column; pasture uses MCF pasture)
 *   storage N2O        = Nex × head × share × EF3(S)(system) × 44/28 (direct only)
 *   pasture N2O        = N_PRP × EF3PRP × 44/28; N_PRP × FracGASM × EF4 × 44/28;
 *                        N_PRP × FracLEACH × EF5 × 44/28, N_PRP = Nex × head × pasture share
 *   fertiliser N2O     = N × EF1 × 44/28; N × FracGASF × EF4 × 44/28; N × FracLEACH × EF5 × 44/28
 *   urea, lime CO2     = mass × EF (t C/t) × 44/12
 *   fuel, electricity  = amount × DESNZ factor (already kg CO2e with AR5 GWPs; the same under AR6)
 *
 * Totals: CO2 (liming, urea and the DESNZ energy lines, as the facts file counts them), CH4 and
 * N2O masses in kg, and kg CO2e = CO2 + CH4 × GWP(CH4) + N2O × GWP(N2O). Every input not given
 * counts as zero, so a call can isolate one pathway.
 */
import { InputError, orZero, Problems, type EvaluationResult, type ResultLine } from './result.ts';
import {
  entryRef,
  resolveEntry,
  tableOf,
  type CoefficientTable,
  type MethodVersion,
} from './tables.ts';

export const GWP_SETS = ['AR5', 'AR6'] as const;
export type GwpSet = (typeof GWP_SETS)[number];
export const EF_SETS = ['uk-wet', 'aggregated'] as const;
export type EfSet = (typeof EF_SETS)[number];
export const ANIMAL_CATEGORIES = ['dairy_cow', 'other_cattle', 'sheep'] as const;
export type AnimalCategory = (typeof ANIMAL_CATEGORIES)[number];
export const PRODUCT_KINDS = ['grain_t', 'milk_kg', 'liveweight_kg'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_UNITS: Record<ProductKind, string> = {
  grain_t: 't grain',
  milk_kg: 'kg milk',
  liveweight_kg: 'kg liveweight',
};

export interface ManureStorage {
  /** A system of the method's MCF and EF3(S) tables, e.g. liquid_slurry_no_crust. */
  system: string;
  /** Share of the group's excreted VS and N handled in this system (0-1). */
  fraction: number;
  /** Months of storage, for liquid systems (picks the MCF column: 1, 3, 4, 6 or 12). */
  months?: number;
}

export interface AnimalGroup {
  category: AnimalCategory;
  head: number;
  /** Volatile solids excreted, kg per head per day; 0 leaves manure CH4 out. */
  vs_kg_per_head_day?: number;
  /** N excreted, kg per head per year. */
  n_excreted_kg_per_head?: number;
  /** Share of VS and N deposited at pasture (0-1). */
  pasture_fraction?: number;
  storage?: ManureStorage[];
}

export interface GhgInputs {
  gwp?: GwpSet;
  efSet?: EfSet;
  animals?: AnimalGroup[];
  /** All synthetic N applied, kg N (urea's N included). */
  synthetic_n_kg?: number;
  /** Urea applied, kg of product (for its CO2 only). */
  urea_kg?: number;
  limestone_kg?: number;
  dolomite_kg?: number;
  diesel_l?: number;
  gas_oil_l?: number;
  electricity_kwh?: number;
  area_ha?: number;
  /** kind: grain_t, milk_kg or liveweight_kg (or an alias, PRODUCT_KIND_ALIASES). */
  product?: { kind: string; amount: number };
}

export interface GhgTotals {
  gwp: GwpSet;
  efSet: EfSet;
  /** kg CO2e. */
  co2e: number;
  /** kg CO2 (liming, urea, and the DESNZ fuel and electricity lines, which are CO2e). */
  co2: number;
  /** kg CH4. */
  ch4: number;
  /** kg N2O. */
  n2o: number;
  /** kg CO2e by gas. */
  co2e_by_gas: { co2: number; ch4: number; n2o: number };
  /** kg CO2e by source. */
  co2e_by_source: Record<GhgSource, number>;
  head: number;
  area_ha: number;
  co2e_per_ha: number | null;
  co2e_per_head: number | null;
  product_kind: ProductKind | null;
  product_amount: number | null;
  /** kg CO2e per t grain, kg milk or kg liveweight. */
  co2e_per_product: number | null;
  product_unit: string | null;
}

export const GHG_SOURCES = [
  'enteric',
  'manure_ch4',
  'manure_storage_n2o',
  'pasture_n2o',
  'fertiliser_n2o',
  'urea_co2',
  'lime_co2',
  'fuel',
  'electricity',
] as const;
export type GhgSource = (typeof GHG_SOURCES)[number];

export const SOURCE_LABELS: Record<GhgSource, string> = {
  enteric: 'Enteric fermentation',
  manure_ch4: 'Manure methane',
  manure_storage_n2o: 'Manure storage N2O',
  pasture_n2o: 'Dung and urine at pasture',
  fertiliser_n2o: 'Synthetic fertiliser N2O',
  urea_co2: 'Urea CO2',
  lime_co2: 'Lime CO2',
  fuel: 'Fuel',
  electricity: 'Electricity',
};

const N2O_PER_N2O_N = 44 / 28;
const CO2_PER_C = 44 / 12;

export const FUEL_GWP_NOTE =
  'DESNZ fuel and electricity factors are published as kg CO2e with AR5 GWPs; they do not change with the GWP set chosen.';

/** Reads one value of a table; a missing or null value is a method error. */
function read(table: CoefficientTable, key: string, set?: string, months?: number): number {
  const entry = table.entries?.[key];
  let value: number | null | undefined;
  if (entry && set !== undefined) value = entry.bySet?.[set];
  else if (entry && months !== undefined) value = entry.byMonths?.[String(months)];
  else value = entry?.value;
  if (typeof value !== 'number') {
    throw new Error(`${table.id}@${String(table.version)} has no value for ${key}`);
  }
  return value;
}

const isConfirmed = (table: CoefficientTable, key: string) =>
  table.entries?.[key]?.confirmed !== false;

const noteOf = (table: CoefficientTable, key: string) => {
  const entry = table.entries?.[key];
  return entry?.confirmed === false && entry.note ? [`Unconfirmed: ${entry.note}`] : [];
};

/** The manure systems a method can count: those with both an MCF and an EF3(S). */
export function manureSystems(
  method: MethodVersion,
): { key: string; label: string; months: number[] | null }[] {
  const mcf = tableOf(method, 'manureCh4').entries ?? {};
  const ef3 = tableOf(method, 'manureN2o').entries ?? {};
  return Object.entries(mcf)
    .filter(
      ([key, e]) => key !== 'pasture' && Object.hasOwn(ef3, key) && (e.value != null || e.byMonths),
    )
    .map(([key, e]) => ({
      key,
      label: e.label ?? key,
      months: e.byMonths
        ? Object.keys(e.byMonths)
            .map(Number)
            .sort((a, b) => a - b)
        : null,
    }));
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** Other names a call may give the product's kind. */
export const PRODUCT_KIND_ALIASES: Readonly<Record<string, ProductKind>> = {
  grain_t: 'grain_t',
  grain: 'grain_t',
  t_grain: 'grain_t',
  milk_kg: 'milk_kg',
  milk: 'milk_kg',
  kg_milk: 'milk_kg',
  liveweight_kg: 'liveweight_kg',
  liveweight: 'liveweight_kg',
  kg_liveweight: 'liveweight_kg',
};

interface PreparedStore {
  /** Its place in the call's storage list. */
  index: number;
  /** The table key of its system. */
  system: string;
  fraction: number;
  /** The MCF column, for systems whose MCF depends on months of storage. */
  months: number | undefined;
}

interface PreparedGroup extends AnimalGroup {
  /** The pasture share, with any storage entry naming pasture added. */
  pasture: number;
  stores: PreparedStore[];
}

/**
 * The groups with each storage system resolved to its table key (a name, label or alias), a
 * storage entry naming pasture counted as pasture, and the problems the schema cannot see:
 * unknown systems, months with no MCF column, shares adding up to more than 1.
 */
function prepareGroups(
  animals: readonly AnimalGroup[],
  method: MethodVersion,
  problems: Problems,
): PreparedGroup[] {
  const mcf = tableOf(method, 'manureCh4');
  const systems = new Map(manureSystems(method).map((s) => [s.key, s]));
  return animals.map((group, i) => {
    let pasture = orZero(group.pasture_fraction);
    let share = pasture;
    const stores: PreparedStore[] = [];
    (group.storage ?? []).forEach((storage, j) => {
      share += orZero(storage.fraction);
      const at = `animals.${String(i)}.storage.${String(j)}`;
      const key = resolveEntry(mcf, storage.system);
      if (key === 'pasture') {
        pasture += orZero(storage.fraction);
        return;
      }
      const system = key === undefined ? undefined : systems.get(key);
      if (!system || key === undefined) {
        problems.add(
          `${at}.system`,
          `"${storage.system}" is not a manure system of ${method.version}`,
        );
        return;
      }
      if (system.months && !system.months.includes(orZero(storage.months))) {
        problems.add(
          `${at}.months`,
          `Months of storage for ${system.label} must be one of ${system.months.join(', ')}`,
        );
        return;
      }
      stores.push({
        index: j,
        system: key,
        fraction: orZero(storage.fraction),
        months: system.months ? orZero(storage.months) : undefined,
      });
    });
    if (share > 1 + 1e-9) {
      problems.add(
        `animals.${String(i)}`,
        'The pasture share and the storage shares must add up to at most 1',
      );
    }
    return { ...group, pasture, stores };
  });
}

export function evaluateGhg(inputs: GhgInputs, method: MethodVersion): EvaluationResult<GhgTotals> {
  const gwpSet: GwpSet = inputs.gwp ?? 'AR5';
  const efSet: EfSet = inputs.efSet ?? 'uk-wet';
  const enteric = tableOf(method, 'enteric');
  const mcf = tableOf(method, 'manureCh4');
  const ef3s = tableOf(method, 'manureN2o');
  const soil = tableOf(method, 'soilN2o');
  const liming = tableOf(method, 'liming');
  const energy = tableOf(method, 'energy');
  const gwp = tableOf(method, 'gwp');
  const gwpCh4 = read(gwp, 'ch4', gwpSet);
  const gwpN2o = read(gwp, 'n2o', gwpSet);
  const soilValue = (key: string) => read(soil, key, efSet);

  // Inputs the schema cannot check: known systems, storage months, shares adding up.
  const problems = new Problems();
  const groups = prepareGroups(inputs.animals ?? [], method, problems);
  problems.throwIfAny();

  const lines: ResultLine[] = [];
  const add = (
    line: Omit<ResultLine, 'values' | 'confirmed'> & {
      gas: 'co2' | 'ch4' | 'n2o';
      mass: number;
      confirmed?: boolean;
      /** For DESNZ lines: the mass is already CO2e. */
      desnz?: boolean;
    },
  ) => {
    const { gas, mass, desnz, confirmed, ...rest } = line;
    const factor = gas === 'ch4' ? gwpCh4 : gas === 'n2o' ? gwpN2o : 1;
    lines.push({
      ...rest,
      confirmed: confirmed ?? true,
      values: {
        gas,
        [`${gas}_kg`]: mass,
        co2e_kg: mass * factor,
        ...(desnz ? { gwp_basis: 'AR5 (DESNZ)' } : {}),
      },
    });
  };

  let head = 0;
  groups.forEach((group, i) => {
    const n = orZero(group.head);
    head += n;
    const cat = group.category;
    const tag = `${cat} (group ${String(i + 1)})`;
    const efKey = cat;
    const ef = read(enteric, efKey);
    add({
      id: `enteric:${String(i)}`,
      label: `Enteric methane, ${tag}`,
      source: 'enteric',
      gas: 'ch4',
      mass: n * ef,
      formula: `${fmt(n)} head × ${fmt(ef)} kg CH4/head/yr`,
      uses: [entryRef(enteric, efKey)],
      confirmed: isConfirmed(enteric, efKey),
      notes: noteOf(enteric, efKey),
    });

    const vs = orZero(group.vs_kg_per_head_day);
    const nex = orZero(group.n_excreted_kg_per_head);
    const pasture = group.pasture;
    const b0Key = `b0_${cat}`;
    const b0 = read(mcf, b0Key);
    const density = read(mcf, 'ch4_density');
    const vsYear = vs * 365 * n;
    const manureCh4 = (share: number, mcfPercent: number) =>
      vsYear * share * b0 * density * (mcfPercent / 100);

    group.stores.forEach((storage) => {
      const j = storage.index;
      const share = storage.fraction;
      const months = storage.months;
      const mcfValue = read(mcf, storage.system, undefined, months);
      const label = mcf.entries?.[storage.system]?.label ?? storage.system;
      const monthsText = months === undefined ? '' : `, ${String(months)} months`;
      if (vs > 0) {
        add({
          id: `manure_ch4:${String(i)}:${String(j)}`,
          label: `Manure methane, ${label}${monthsText}, ${tag}`,
          source: 'manure_ch4',
          gas: 'ch4',
          mass: manureCh4(share, mcfValue),
          formula: `${fmt(n)} head × ${fmt(vs)} kg VS/day × 365 × ${fmt(share)} × B0 ${fmt(b0)} × ${fmt(density)} × MCF ${fmt(mcfValue)}%`,
          uses: [entryRef(mcf, b0Key), entryRef(mcf, 'ch4_density'), entryRef(mcf, storage.system)],
          confirmed: isConfirmed(mcf, storage.system),
          notes: noteOf(mcf, storage.system),
        });
      }
      const ef3 = read(ef3s, storage.system);
      if (nex > 0) {
        add({
          id: `manure_storage_n2o:${String(i)}:${String(j)}`,
          label: `Manure storage N2O (direct), ${label}, ${tag}`,
          source: 'manure_storage_n2o',
          gas: 'n2o',
          mass: nex * n * share * ef3 * N2O_PER_N2O_N,
          formula: `${fmt(n)} head × ${fmt(nex)} kg N × ${fmt(share)} × EF3(S) ${fmt(ef3)} × 44/28`,
          uses: [entryRef(ef3s, storage.system)],
          confirmed: isConfirmed(ef3s, storage.system),
          notes: noteOf(ef3s, storage.system),
        });
      }
    });

    if (pasture > 0 && vs > 0) {
      const mcfPasture = read(mcf, 'pasture');
      add({
        id: `manure_ch4:${String(i)}:pasture`,
        label: `Manure methane at pasture, ${tag}`,
        source: 'manure_ch4',
        gas: 'ch4',
        mass: manureCh4(pasture, mcfPasture),
        formula: `${fmt(n)} head × ${fmt(vs)} kg VS/day × 365 × ${fmt(pasture)} × B0 ${fmt(b0)} × ${fmt(density)} × MCF ${fmt(mcfPasture)}%`,
        uses: [entryRef(mcf, b0Key), entryRef(mcf, 'ch4_density'), entryRef(mcf, 'pasture')],
      });
    }
    if (pasture > 0 && nex > 0) {
      const nPrp = nex * n * pasture;
      const ef3Key = cat === 'sheep' ? 'ef3prp_so' : 'ef3prp_cpp';
      const ef3prp = soilValue(ef3Key);
      const fracGasm = soilValue('frac_gasm');
      const ef4 = soilValue('ef4');
      const fracLeach = soilValue('frac_leach');
      const ef5 = soilValue('ef5');
      const base = `${fmt(n)} head × ${fmt(nex)} kg N × ${fmt(pasture)}`;
      add({
        id: `pasture_n2o_direct:${String(i)}`,
        label: `Dung and urine at pasture, direct N2O, ${tag}`,
        source: 'pasture_n2o',
        gas: 'n2o',
        mass: nPrp * ef3prp * N2O_PER_N2O_N,
        formula: `${base} × EF3PRP ${fmt(ef3prp)} × 44/28`,
        uses: [entryRef(soil, ef3Key)],
      });
      add({
        id: `pasture_n2o_volatilised:${String(i)}`,
        label: `Dung and urine at pasture, volatilised N2O, ${tag}`,
        source: 'pasture_n2o',
        gas: 'n2o',
        mass: nPrp * fracGasm * ef4 * N2O_PER_N2O_N,
        formula: `${base} × FracGASM ${fmt(fracGasm)} × EF4 ${fmt(ef4)} × 44/28`,
        uses: [entryRef(soil, 'frac_gasm'), entryRef(soil, 'ef4')],
      });
      add({
        id: `pasture_n2o_leached:${String(i)}`,
        label: `Dung and urine at pasture, leached N2O, ${tag}`,
        source: 'pasture_n2o',
        gas: 'n2o',
        mass: nPrp * fracLeach * ef5 * N2O_PER_N2O_N,
        formula: `${base} × FracLEACH ${fmt(fracLeach)} × EF5 ${fmt(ef5)} × 44/28`,
        uses: [entryRef(soil, 'frac_leach'), entryRef(soil, 'ef5')],
      });
    }
  });

  const nSyn = orZero(inputs.synthetic_n_kg);
  if (nSyn > 0) {
    const ef1 = soilValue('ef1_synthetic');
    const fracGasf = soilValue('frac_gasf');
    const ef4 = soilValue('ef4');
    const fracLeach = soilValue('frac_leach');
    const ef5 = soilValue('ef5');
    add({
      id: 'fertiliser_n2o_direct',
      label: 'Synthetic fertiliser, direct N2O',
      source: 'fertiliser_n2o',
      gas: 'n2o',
      mass: nSyn * ef1 * N2O_PER_N2O_N,
      formula: `${fmt(nSyn)} kg N × EF1 ${fmt(ef1)} × 44/28`,
      uses: [entryRef(soil, 'ef1_synthetic')],
    });
    add({
      id: 'fertiliser_n2o_volatilised',
      label: 'Synthetic fertiliser, volatilised N2O',
      source: 'fertiliser_n2o',
      gas: 'n2o',
      mass: nSyn * fracGasf * ef4 * N2O_PER_N2O_N,
      formula: `${fmt(nSyn)} kg N × FracGASF ${fmt(fracGasf)} × EF4 ${fmt(ef4)} × 44/28`,
      uses: [entryRef(soil, 'frac_gasf'), entryRef(soil, 'ef4')],
      notes: ['FracGASF is one value for every fertiliser type (by type: UNCONFIRMED).'],
    });
    add({
      id: 'fertiliser_n2o_leached',
      label: 'Synthetic fertiliser, leached N2O',
      source: 'fertiliser_n2o',
      gas: 'n2o',
      mass: nSyn * fracLeach * ef5 * N2O_PER_N2O_N,
      formula: `${fmt(nSyn)} kg N × FracLEACH ${fmt(fracLeach)} × EF5 ${fmt(ef5)} × 44/28`,
      uses: [entryRef(soil, 'frac_leach'), entryRef(soil, 'ef5')],
    });
  }

  const carbonate = (id: string, key: string, kg: number, source: GhgSource, label: string) => {
    if (kg <= 0) return;
    const ef = read(liming, key);
    add({
      id,
      label,
      source,
      gas: 'co2',
      mass: kg * ef * CO2_PER_C,
      formula: `${fmt(kg)} kg × ${fmt(ef)} t C/t × 44/12`,
      uses: [entryRef(liming, key)],
    });
  };
  carbonate('urea_co2', 'urea', orZero(inputs.urea_kg), 'urea_co2', 'Urea CO2');
  carbonate('limestone_co2', 'limestone', orZero(inputs.limestone_kg), 'lime_co2', 'Limestone CO2');
  carbonate('dolomite_co2', 'dolomite', orZero(inputs.dolomite_kg), 'lime_co2', 'Dolomite CO2');

  const energyLine = (id: string, key: string, amount: number, unit: string, source: GhgSource) => {
    if (amount <= 0) return;
    const factor = read(energy, key);
    add({
      id,
      label: energy.entries?.[key]?.label ?? key,
      source,
      gas: 'co2',
      desnz: true,
      mass: amount * factor,
      formula: `${fmt(amount)} ${unit} × ${fmt(factor)} kg CO2e/${unit} (DESNZ, AR5; unchanged by the GWP set)`,
      uses: [entryRef(energy, key)],
      notes: [FUEL_GWP_NOTE],
    });
  };
  energyLine('diesel', 'diesel', orZero(inputs.diesel_l), 'litre', 'fuel');
  energyLine('gas_oil', 'gas_oil', orZero(inputs.gas_oil_l), 'litre', 'fuel');
  energyLine('electricity', 'electricity', orZero(inputs.electricity_kwh), 'kWh', 'electricity');

  const mass = { co2: 0, ch4: 0, n2o: 0 };
  const bySource = Object.fromEntries(GHG_SOURCES.map((s) => [s, 0])) as Record<GhgSource, number>;
  for (const line of lines) {
    const gas = line.values.gas as 'co2' | 'ch4' | 'n2o';
    mass[gas] += line.values[`${gas}_kg`] as number;
    bySource[line.source as GhgSource] += line.values.co2e_kg as number;
  }
  const byGas = { co2: mass.co2, ch4: mass.ch4 * gwpCh4, n2o: mass.n2o * gwpN2o };
  const co2e = byGas.co2 + byGas.ch4 + byGas.n2o;
  const area = orZero(inputs.area_ha);
  const kind = inputs.product ? PRODUCT_KIND_ALIASES[inputs.product.kind] : undefined;
  const product =
    inputs.product && kind && orZero(inputs.product.amount) > 0
      ? { kind, amount: inputs.product.amount }
      : undefined;
  const notes = [
    `GWP100 ${gwpSet}: CH4 ${fmt(gwpCh4)}, N2O ${fmt(gwpN2o)}.`,
    `Soil and pasture N2O factors: ${efSet === 'uk-wet' ? "the UK's wet-climate disaggregated set" : 'the aggregated IPCC defaults'}.`,
    FUEL_GWP_NOTE,
  ];
  if (lines.some((l) => !l.confirmed))
    notes.push('Some values used are unconfirmed: see the lines marked so.');
  return {
    calculator: 'ghg',
    methodVersion: method.version,
    tables: { ...method.tables },
    totals: {
      gwp: gwpSet,
      efSet,
      co2e,
      co2: mass.co2,
      ch4: mass.ch4,
      n2o: mass.n2o,
      co2e_by_gas: byGas,
      co2e_by_source: bySource,
      head,
      area_ha: area,
      co2e_per_ha: area > 0 ? co2e / area : null,
      co2e_per_head: head > 0 ? co2e / head : null,
      product_kind: product?.kind ?? null,
      product_amount: product?.amount ?? null,
      co2e_per_product: product ? co2e / product.amount : null,
      product_unit: product ? PRODUCT_UNITS[product.kind] : null,
    },
    lines,
    notes,
  };
}

export { InputError };
