import { useId, useState } from 'react';
import { useAccount } from '../../core/account/account-store.ts';
import { Button } from '../../ui/Button.tsx';
import { CalculatorActions } from '../../ui/calculator/CalculatorActions.tsx';
import { OpenedCalculation } from '../../ui/calculator/OpenedCalculation.tsx';
import { RowFigure } from '../../ui/calculator/RowFigure.tsx';
import { UnconfirmedValues } from '../../ui/calculator/UnconfirmedValues.tsx';
import {
  SavedCalculations,
  type SavedCalculation,
  type TotalColumn,
} from '../../ui/calculator/SavedCalculations.tsx';
import { NumberInput, useEditableRows } from '../../ui/calculator/editable-rows.tsx';
import { useCalculatorDraft } from '../../ui/calculator/use-calculator-draft.tsx';
import inputsVersion from '../../../schemas/calculators/inputs/stir.schema.json?hash';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import {
  evaluateOperations,
  fromInput,
  stirCsv,
  toInputs,
  STIR_TABLE_REF,
  STIR_PRESETS,
  TILLAGE_TYPES,
  type Operation,
  type TillageTypeId,
} from './stir.ts';
import type { StirOperation } from '../../../shared/calc/stir.ts';
import styles from '../../ui/calculator/Calculator.module.css';
import { numberFormat } from '../../core/format/numbers.ts';

const oneDecimal = numberFormat({ maximumFractionDigits: 1 });

/** A typical establishment with the plough, as the starting example. */
const EXAMPLE: readonly Operation[] = [
  {
    name: 'Mouldboard plough',
    preset: '',
    type: 'inversion',
    speedKmh: 7,
    depthCm: 22,
    areaDisturbedPercent: 100,
  },
  {
    name: 'Power harrow',
    preset: '',
    type: 'mixing',
    speedKmh: 6,
    depthCm: 8,
    areaDisturbedPercent: 100,
  },
  {
    name: 'Seed drill',
    preset: '',
    type: 'mixing',
    speedKmh: 10,
    depthCm: 4,
    areaDisturbedPercent: 60,
  },
  {
    name: 'Rolls',
    preset: '',
    type: 'compression',
    speedKmh: 10,
    depthCm: 2,
    areaDisturbedPercent: 100,
  },
];

const BLANK: Operation = {
  name: '',
  preset: '',
  type: 'mixing',
  speedKmh: 8,
  depthCm: 10,
  areaDisturbedPercent: 100,
};

/** A saved result's headline figure: the year's STIR. */
const TOTAL: TotalColumn = {
  header: 'STIR',
  text: (totals) => (typeof totals.stir === 'number' ? oneDecimal.format(totals.stir) : '—'),
};

/** How a row is named to screen readers: by its name, or by its place while it has none. */
const labelOf = (op: Operation, i: number) => op.name || `Operation ${String(i + 1)}`;

/** What a measured field shows on a preset row: the preset's rating replaces it. */
const FROM_PRESET = <span className={styles.muted}>From the preset</span>;

/**
 * The STIR calculator: the operations of a year on one field, each rated with the NRCS Soil
 * Tillage Intensity Rating, and their total. Lower numbers mean less soil disturbance.
 */
export default function StirCalculatorScreen() {
  const { rows: operations, update, add, remove, replace } = useEditableRows(EXAMPLE);
  const baseId = useId();
  const unit = useAccount((s) => s.unit);
  const [opened, setOpened] = useState<SavedCalculation | null>(null);
  const open = (calculation: SavedCalculation) => {
    const saved = (calculation.inputs.operations ?? []) as StirOperation[];
    replace(saved.map(fromInput));
    setOpened(calculation);
  };
  const draft = useCalculatorDraft({
    calculator: 'stir',
    version: inputsVersion,
    unsaved: 'an unsaved STIR calculation',
    inputs: toInputs(operations),
    onResume: (kept) => replace((kept.operations ?? []).map(fromInput)),
  });
  const { rows: results, totals } = evaluateOperations(operations);
  const total = totals.stir;
  const threshold = oneDecimal.format(totals.no_till_threshold);
  const unconfirmed = operations.flatMap((op, i) =>
    (results[i]?.notes ?? []).map((note, n) => ({
      key: `${String(i)}-${String(n)}`,
      label: labelOf(op, i),
      note,
    })),
  );
  const columns: Column<Operation>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (op, i) => (
        <input
          aria-label={`Name of operation ${String(i + 1)}`}
          value={op.name}
          maxLength={60}
          onChange={(e) => update(i, { name: e.target.value })}
        />
      ),
    },
    {
      key: 'preset',
      header: 'Operation',
      cell: (op, i) => (
        <select
          aria-label={`Operation: ${labelOf(op, i)}`}
          value={op.preset}
          onChange={(e) => {
            const preset = STIR_PRESETS.find((p) => p.key === e.target.value);
            update(i, {
              preset: e.target.value,
              ...(preset && !op.name ? { name: preset.label } : {}),
            });
          }}
        >
          <option value="">Measured (enter speed, depth…)</option>
          {STIR_PRESETS.map((p) => (
            <option key={p.key} value={p.key}>
              {`${p.label}: ${oneDecimal.format(p.stir)}`}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'type',
      header: 'Kind of tillage',
      cell: (op, i) =>
        op.preset ? (
          FROM_PRESET
        ) : (
          <select
            aria-label={`Kind of tillage: ${labelOf(op, i)}`}
            value={op.type}
            onChange={(e) => update(i, { type: e.target.value as TillageTypeId })}
          >
            {TILLAGE_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        ),
    },
    {
      key: 'speed',
      header: 'Speed (km/h)',
      cell: (op, i) =>
        op.preset ? (
          FROM_PRESET
        ) : (
          <NumberInput
            label={`Speed in km/h: ${labelOf(op, i)}`}
            value={op.speedKmh}
            max={40}
            step={0.5}
            onChange={(speedKmh) => update(i, { speedKmh })}
          />
        ),
    },
    {
      key: 'depth',
      header: 'Depth (cm)',
      cell: (op, i) =>
        op.preset ? (
          FROM_PRESET
        ) : (
          <NumberInput
            label={`Depth in cm: ${labelOf(op, i)}`}
            value={op.depthCm}
            max={100}
            step={1}
            onChange={(depthCm) => update(i, { depthCm })}
          />
        ),
    },
    {
      key: 'surface',
      header: 'Surface disturbed (%)',
      cell: (op, i) =>
        op.preset ? (
          FROM_PRESET
        ) : (
          <NumberInput
            label={`Surface disturbed in %: ${labelOf(op, i)}`}
            value={op.areaDisturbedPercent}
            max={100}
            step={5}
            capAtMax
            onChange={(areaDisturbedPercent) => update(i, { areaDisturbedPercent })}
          />
        ),
    },
    {
      key: 'stir',
      header: 'STIR',
      numeric: true,
      className: styles.figure,
      cell: (_, i) => {
        const result = results[i];
        if (!result) return null;
        return <RowFigure text={oneDecimal.format(result.stir)} confirmed={result.confirmed} />;
      },
    },
  ];

  return (
    <>
      <h1>STIR Calculator</h1>
      {draft.notice}
      <p className={styles.lead}>
        The Soil Tillage Intensity Rating (USDA-NRCS) scores how much each pass disturbs the soil,
        from its speed, its kind of tillage, its working depth and the share of the surface it
        moves. Add up a year’s passes on a field: a plough-based system scores far higher than
        direct drilling. Change the example below to match your own field.
      </p>
      {opened && unit && (
        <OpenedCalculation
          unitId={unit.id}
          opened={opened}
          compares={false}
          total={TOTAL}
          onRecomputed={setOpened}
        />
      )}
      <DataTable
        narrow="cards"
        className={styles.operations}
        caption="Operations in the year"
        columns={columns}
        rows={operations}
        rowKey={(_, i) => `${baseId}-${String(i)}`}
        actions={(op, i) => (
          <Button
            variant="secondary"
            aria-label={`Remove ${labelOf(op, i)}`}
            onClick={() => remove(i)}
          >
            Remove
          </Button>
        )}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => add(BLANK)}>
          Add an operation
        </Button>
      </div>
      <p className={styles.total} role="status">
        STIR for the year: <strong>{oneDecimal.format(total)}</strong>
        {totals.meets_no_till
          ? ` — within the NRCS no-till threshold (≤ ${threshold})`
          : ` — above the NRCS no-till threshold of ${threshold}`}
      </p>
      <UnconfirmedValues items={unconfirmed} />
      <p className={styles.muted}>
        Presets are the RUSLE2 ratings of {STIR_TABLE_REF}; NRCS no-till (CPS 329) allows a crop
        interval’s STIR of at most {threshold}.
      </p>
      {unit && (
        <SavedCalculations
          unitId={unit.id}
          calculator="stir"
          compares={false}
          total={TOTAL}
          onSaved={draft.saved}
          inputsOf={() => ({ ...toInputs(operations) })}
          onOpen={open}
        />
      )}
      <CalculatorActions calculator="stir" csv={() => stirCsv(operations, unit?.name ?? '')} />
    </>
  );
}
