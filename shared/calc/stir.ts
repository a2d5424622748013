/**
 * STIR, the Soil Tillage Intensity Rating (USDA-NRCS RUSLE2), of one soil-disturbing operation:
 *   STIR = (0.5 × speed in mph) × (3.25 × tillage type modifier) × depth in inches × share of
 *          the surface disturbed (0-1),
 * with metric inputs converted at 1 mph = 1.609344 km/h and 1 in = 2.54 cm; or the RUSLE2
 * value of a preset operation. A crop interval's STIR is the sum over its operations, shown
 * beside the NRCS no-till threshold (CPS 329: at most 20).
 */
import { Problems, type EvaluationResult, type ResultLine } from './result.ts';
import {
  entryRef,
  resolveEntry,
  tableOf,
  type CoefficientTable,
  type MethodVersion,
} from './tables.ts';

export const KM_PER_MILE = 1.609344;
export const CM_PER_INCH = 2.54;

/** Tillage types by the names calls may use, to the table's modifier key. */
export const TILLAGE_TYPE_KEYS: Readonly<Record<string, string>> = {
  inversion: 'ttm_inversion',
  mixing_inversion: 'ttm_mixing_inversion',
  'mixing-inversion': 'ttm_mixing_inversion',
  mixing: 'ttm_mixing',
  lifting: 'ttm_lifting',
  lifting_fracturing: 'ttm_lifting',
  'lifting-fracturing': 'ttm_lifting',
  compression: 'ttm_compression',
};
export const TILLAGE_TYPE_NAMES = Object.keys(TILLAGE_TYPE_KEYS);

export interface MeasuredOperation {
  name?: string;
  speed_kmh: number;
  depth_cm: number;
  tillage_type: string;
  /** Percent of the surface disturbed, 0-100. */
  surface_disturbed_pct: number;
}

export interface PresetOperation {
  name?: string;
  /** A preset of the method's table, without its "preset_" prefix: mouldboard_plough. */
  preset: string;
}

export type StirOperation = MeasuredOperation | PresetOperation;

export interface StirInputs {
  operations?: StirOperation[];
}

export interface StirTotals {
  stir: number;
  no_till_threshold: number;
  meets_no_till: boolean;
  reduced_till_threshold: number;
  reduced_till_threshold_confirmed: boolean;
  meets_reduced_till: boolean;
}

/** The tillage type modifier of a type name; undefined for an unknown name. */
export function tillageModifier(table: CoefficientTable, type: string): number | undefined {
  const key = TILLAGE_TYPE_KEYS[type];
  const value = key === undefined ? undefined : table.entries?.[key]?.value;
  return typeof value === 'number' ? value : undefined;
}

/** The STIR of one measured operation (metric inputs). */
export function stirOfMeasured(
  operation: Omit<MeasuredOperation, 'name' | 'tillage_type'>,
  modifier: number,
): number {
  const mph = operation.speed_kmh / KM_PER_MILE;
  const inches = operation.depth_cm / CM_PER_INCH;
  return 0.5 * mph * (3.25 * modifier) * inches * (operation.surface_disturbed_pct / 100);
}

/** The presets of a method's table: key (without "preset_"), label and STIR. */
export function stirPresets(method: MethodVersion): { key: string; label: string; stir: number }[] {
  return Object.entries(tableOf(method, 'stir').entries ?? {})
    .filter(([key, e]) => key.startsWith('preset_') && typeof e.value === 'number')
    .map(([key, e]) => ({
      key: key.slice('preset_'.length),
      label: e.label ?? key,
      stir: e.value as number,
    }));
}

const isPreset = (op: StirOperation): op is PresetOperation => 'preset' in op;
const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

export function evaluateStir(
  inputs: StirInputs,
  method: MethodVersion,
): EvaluationResult<StirTotals> {
  const table = tableOf(method, 'stir');
  const problems = new Problems();
  const lines: ResultLine[] = [];
  (inputs.operations ?? []).forEach((op, i) => {
    const at = `operations.${String(i)}`;
    if (isPreset(op)) {
      const key = resolveEntry(table, op.preset, 'preset_');
      const entry = key === undefined ? undefined : table.entries?.[key];
      if (key === undefined || typeof entry?.value !== 'number') {
        problems.add(
          `${at}.preset`,
          `"${op.preset}" is not an operation preset of ${method.version}`,
        );
        return;
      }
      lines.push({
        id: `operation:${String(i)}`,
        label: op.name ?? entry.label ?? op.preset,
        source: 'preset',
        formula: `RUSLE2 ${entry.label ?? op.preset}: ${fmt(entry.value)}`,
        uses: [entryRef(table, key)],
        confirmed: entry.confirmed !== false,
        ...(entry.confirmed === false && entry.note
          ? { notes: [`Unconfirmed: ${entry.note}`] }
          : {}),
        values: { stir: entry.value, preset: key.slice('preset_'.length) },
      });
      return;
    }
    const modifier = tillageModifier(table, op.tillage_type);
    if (modifier === undefined) {
      problems.add(
        `${at}.tillage_type`,
        `Tillage type must be one of ${TILLAGE_TYPE_NAMES.join(', ')}`,
      );
      return;
    }
    const stir = stirOfMeasured(op, modifier);
    lines.push({
      id: `operation:${String(i)}`,
      label: op.name ?? `Operation ${String(i + 1)}`,
      source: 'measured',
      formula: `0.5 × ${fmt(op.speed_kmh / KM_PER_MILE)} mph × 3.25 × ${fmt(modifier)} × ${fmt(op.depth_cm / CM_PER_INCH)} in × ${fmt(op.surface_disturbed_pct / 100)}`,
      uses: [entryRef(table, TILLAGE_TYPE_KEYS[op.tillage_type] ?? '')],
      confirmed: true,
      values: {
        stir,
        speed_mph: op.speed_kmh / KM_PER_MILE,
        depth_in: op.depth_cm / CM_PER_INCH,
        tillage_type_modifier: modifier,
      },
    });
  });
  problems.throwIfAny();
  const stir = lines.reduce((t, l) => t + (l.values.stir as number), 0);
  const noTill = table.entries?.threshold_no_till;
  const reduced = table.entries?.threshold_reduced_till;
  const noTillValue = noTill?.value ?? 20;
  const reducedValue = reduced?.value ?? 80;
  return {
    calculator: 'stir',
    methodVersion: method.version,
    tables: { ...method.tables },
    totals: {
      stir,
      no_till_threshold: noTillValue,
      meets_no_till: stir <= noTillValue,
      reduced_till_threshold: reducedValue,
      reduced_till_threshold_confirmed: reduced?.confirmed !== false,
      meets_reduced_till: stir <= reducedValue,
    },
    lines,
    notes: [
      `NRCS no-till (CPS 329): a crop interval's STIR must be at most ${fmt(noTillValue)}.`,
      `Reduced till: at most ${fmt(reducedValue)}${reduced?.confirmed === false ? ` (unconfirmed: ${reduced.note ?? ''})` : ''}.`,
    ],
  };
}
