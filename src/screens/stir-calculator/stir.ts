/**
 * The STIR screen's rows on the calculators' method library (shared/calc/stir.ts): the
 * Soil Tillage Intensity Rating (USDA-NRCS, RUSLE2) of one soil-disturbing operation, either a
 * preset operation of the default method's table (config/calculators/tables/rusle2-stir@1.json)
 * or measured,
 *   STIR = (0.5 × speed in mph) × (3.25 × tillage type modifier) × depth in inches × area disturbed,
 * evaluated by the library so that the screen shows what the evaluation API answers: each row's
 * rating, any unconfirmed value with its note, and the total beside the NRCS no-till threshold.
 */
import {
  evaluateStir,
  stirPresets,
  TILLAGE_TYPE_KEYS,
  tillageModifier,
  type StirInputs,
  type StirOperation,
} from '../../../shared/calc/stir.ts';
import { methodFor, resolveEntry, tableOf, tableRef } from '../../../shared/calc/tables.ts';
import { csvRound, type CalculatorCsv } from '../../ui/calculator/csv.ts';

const METHOD = methodFor('stir');
const STIR_TABLE = tableOf(METHOD, 'stir');

/** The modifier of a tillage type in the method's table. */
function modifierOf(id: string): number {
  const modifier = tillageModifier(STIR_TABLE, id);
  if (modifier === undefined) throw new Error(`Unknown tillage type "${id}"`);
  return modifier;
}

export const TILLAGE_TYPES = [
  {
    id: 'inversion',
    label: 'Inversion with some mixing (e.g. mouldboard plough)',
    modifier: modifierOf('inversion'),
  },
  {
    id: 'mixing-inversion',
    label: 'Mixing with some inversion (e.g. disc harrow)',
    modifier: modifierOf('mixing-inversion'),
  },
  {
    id: 'mixing',
    label: 'Mixing only (e.g. power harrow, cultivator)',
    modifier: modifierOf('mixing'),
  },
  {
    id: 'lifting',
    label: 'Lifting and fracturing (e.g. subsoiler)',
    modifier: modifierOf('lifting'),
  },
  { id: 'compression', label: 'Compression (e.g. roller)', modifier: modifierOf('compression') },
] as const;

export type TillageTypeId = (typeof TILLAGE_TYPES)[number]['id'];

/** The operation presets of the default method's table, as the library lists them. */
export const STIR_PRESETS = stirPresets(METHOD);

/** The table the presets come from, as <id>@<version> (e.g. rusle2-stir@1). */
export const STIR_TABLE_REF = tableRef(STIR_TABLE);

export interface Operation {
  name: string;
  /** A preset of the method's table (its key), or '' for an operation measured by hand. */
  preset: string;
  type: TillageTypeId;
  speedKmh: number;
  depthCm: number;
  /** Percent of the soil surface the operation disturbs, 0-100. */
  areaDisturbedPercent: number;
}

const toInput = (op: Operation): StirOperation => ({
  ...(op.name.trim() === '' ? {} : { name: op.name.trim() }),
  ...(op.preset
    ? { preset: op.preset }
    : {
        speed_kmh: op.speedKmh,
        depth_cm: op.depthCm,
        tillage_type: op.type,
        surface_disturbed_pct: op.areaDisturbedPercent,
      }),
});

/** The operations as the library's (and the evaluation API's) inputs, names included. */
export const toInputs = (operations: readonly Operation[]): StirInputs => ({
  operations: operations.map(toInput),
});

/** A saved operation back as a row: a preset keeps the measured fields' defaults. */
export function fromInput(op: StirOperation): Operation {
  if ('preset' in op) {
    const key = resolveEntry(STIR_TABLE, op.preset, 'preset_');
    return {
      name: op.name ?? '',
      preset: key?.slice('preset_'.length) ?? '',
      type: 'mixing',
      speedKmh: 8,
      depthCm: 10,
      areaDisturbedPercent: 100,
    };
  }
  // Any of the library's names for a tillage type (lifting_fracturing…) as the screen's own.
  const key = TILLAGE_TYPE_KEYS[op.tillage_type];
  const type = TILLAGE_TYPES.find((t) => TILLAGE_TYPE_KEYS[t.id] === key)?.id ?? 'mixing';
  return {
    name: op.name ?? '',
    preset: '',
    type,
    speedKmh: op.speed_kmh,
    depthCm: op.depth_cm,
    areaDisturbedPercent: op.surface_disturbed_pct,
  };
}

export interface RowResult {
  stir: number;
  confirmed: boolean;
  notes: readonly string[];
}

/** Each row's STIR (with any unconfirmed value's note) and the total beside the thresholds. */
export function evaluateOperations(operations: readonly Operation[]) {
  const result = evaluateStir(toInputs(operations), METHOD);
  const rows: RowResult[] = result.lines.map((line) => ({
    stir: line.values.stir as number,
    confirmed: line.confirmed,
    notes: line.notes ?? [],
  }));
  return { rows, totals: result.totals };
}

export const stirOf = (operation: Operation): number =>
  evaluateOperations([operation]).rows[0]?.stir ?? 0;

export const stirTotal = (operations: readonly Operation[]): number =>
  evaluateOperations(operations).totals.stir;

/** The operations and their ratings as the calculator's CSV. */
export function stirCsv(operations: readonly Operation[], unitName: string): CalculatorCsv {
  const { rows, totals } = evaluateOperations(operations);
  const typeLabel = (id: TillageTypeId) => TILLAGE_TYPES.find((t) => t.id === id)?.label ?? id;
  return {
    title: 'STIR Calculator',
    unitName,
    methodVersion: METHOD.version,
    settings: [['Preset table', STIR_TABLE_REF]],
    sections: [
      {
        header: [
          'Operation',
          'Preset',
          'Kind of tillage',
          'Speed (km/h)',
          'Depth (cm)',
          'Surface disturbed (%)',
          'STIR',
          'Unconfirmed value used',
        ],
        rows: operations.map((op, i) => {
          const preset = STIR_PRESETS.find((p) => p.key === op.preset);
          return [
            op.name || `Operation ${String(i + 1)}`,
            preset?.label ?? '',
            preset ? '' : typeLabel(op.type),
            preset ? null : op.speedKmh,
            preset ? null : op.depthCm,
            preset ? null : op.areaDisturbedPercent,
            csvRound(rows[i]?.stir),
            rows[i]?.confirmed === false ? 'yes' : '',
          ];
        }),
      },
      {
        header: ['Result', 'Value'],
        rows: [
          ['STIR for the year', csvRound(totals.stir)],
          ['NRCS no-till threshold (at most)', totals.no_till_threshold],
          ['Within the no-till threshold', totals.meets_no_till ? 'yes' : 'no'],
        ],
      },
    ],
  };
}
