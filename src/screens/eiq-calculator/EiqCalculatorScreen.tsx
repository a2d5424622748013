import { useId, useState } from 'react';
import type { EiqApplication } from '../../../shared/calc/eiq.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { Button } from '../../ui/Button.tsx';
import { CalculatorActions } from '../../ui/calculator/CalculatorActions.tsx';
import { OpenedCalculation } from '../../ui/calculator/OpenedCalculation.tsx';
import { RowFigure } from '../../ui/calculator/RowFigure.tsx';
import {
  SavedCalculations,
  type SavedCalculation,
  type TotalColumn,
} from '../../ui/calculator/SavedCalculations.tsx';
import { NumberInput, useEditableRows } from '../../ui/calculator/editable-rows.tsx';
import { useCalculatorDraft } from '../../ui/calculator/use-calculator-draft.tsx';
import inputsVersion from '../../../schemas/calculators/inputs/eiq.schema.json?hash';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import styles from '../../ui/calculator/Calculator.module.css';
import {
  activeKgPerHa,
  EIQ_INGREDIENTS,
  EIQ_TABLE_REF,
  eiqCsv,
  evaluateApplications,
  fromInput,
  ingredientOf,
  toInputs,
  type Application,
} from './eiq.ts';
import { numberFormat } from '../../core/format/numbers.ts';

const twoDecimals = numberFormat({ maximumFractionDigits: 2 });
const oneDecimal = numberFormat({ maximumFractionDigits: 1 });

/** One application to start from: a common pre-drilling glyphosate spray. */
const EXAMPLE: readonly Application[] = [
  {
    product: 'Glyphosate 360 g/l',
    ingredient: 'glyphosate',
    activeIngredient: '',
    eiq: 0,
    contentGPerUnit: 360,
    ratePerHa: 3,
  },
];

const BLANK: Application = {
  product: '',
  ingredient: '',
  activeIngredient: '',
  eiq: 0,
  contentGPerUnit: 0,
  ratePerHa: 0,
};

/** A saved result's headline figure: the season's Field Use EIQ per hectare. */
const TOTAL: TotalColumn = {
  header: 'Field Use EIQ per ha',
  text: (totals) =>
    typeof totals.field_eiq_per_ha === 'number' ? oneDecimal.format(totals.field_eiq_per_ha) : '—',
};

/** How a row is named to screen readers: by its product, or by its place while it has none. */
const labelOf = (a: Application, i: number) => a.product || `Spray ${String(i + 1)}`;

/**
 * The EIQ calculator: the environmental load of a season's sprays on a field, as Cornell's Field
 * Use EIQ (the active ingredient's EIQ times the amount applied), per hectare and per acre.
 */
export default function EiqCalculatorScreen() {
  const { rows: applications, update, add, remove, replace } = useEditableRows(EXAMPLE);
  const baseId = useId();
  const unit = useAccount((s) => s.unit);
  const [opened, setOpened] = useState<SavedCalculation | null>(null);
  const open = (calculation: SavedCalculation) => {
    const saved = (calculation.inputs.applications ?? []) as EiqApplication[];
    replace(saved.map(fromInput));
    setOpened(calculation);
  };
  const draft = useCalculatorDraft({
    calculator: 'eiq',
    version: inputsVersion,
    unsaved: 'an unsaved EIQ calculation',
    inputs: toInputs(applications),
    onResume: (kept) => replace((kept.applications ?? []).map(fromInput)),
  });
  const { rows: results, totals } = evaluateApplications(applications);
  const columns: Column<Application>[] = [
    {
      key: 'product',
      header: 'Product',
      cell: (a, i) => (
        <input
          aria-label={`Product of spray ${String(i + 1)}`}
          value={a.product}
          maxLength={80}
          onChange={(e) => update(i, { product: e.target.value })}
        />
      ),
    },
    {
      key: 'active',
      header: 'Active ingredient',
      cell: (a, i) => (
        <>
          <select
            aria-label={`Active ingredient: ${labelOf(a, i)}`}
            value={a.ingredient}
            onChange={(e) => update(i, { ingredient: e.target.value })}
          >
            {EIQ_INGREDIENTS.map((ingredient) => (
              <option key={ingredient.key} value={ingredient.key}>
                {ingredient.eiq === null
                  ? `${ingredient.label} (no EIQ in the table)`
                  : ingredient.label}
              </option>
            ))}
            <option value="">Other (enter EIQ)</option>
          </select>
          {a.ingredient === '' && (
            <input
              aria-label={`Name of the other ingredient: ${labelOf(a, i)}`}
              value={a.activeIngredient}
              maxLength={80}
              onChange={(e) => update(i, { activeIngredient: e.target.value })}
            />
          )}
        </>
      ),
    },
    {
      key: 'eiq',
      header: 'EIQ',
      cell: (a, i) => {
        const ingredient = ingredientOf(a.ingredient);
        if (ingredient && ingredient.eiq !== null) {
          return (
            <>
              <span className={styles.figure}>{twoDecimals.format(ingredient.eiq)}</span>{' '}
              <small className={styles.notes}>
                Source: {ingredient.source} ({EIQ_TABLE_REF})
                {ingredient.confirmed ? '' : `. Unconfirmed: ${ingredient.note ?? ''}`}
              </small>
            </>
          );
        }
        return (
          <>
            <NumberInput
              label={`EIQ: ${labelOf(a, i)}`}
              value={a.eiq}
              max={250}
              step={0.01}
              onChange={(eiq) => update(i, { eiq })}
            />
            {ingredient && (
              <small className={styles.notes}>
                {ingredient.label} has no EIQ in {EIQ_TABLE_REF}
                {ingredient.note ? `: ${ingredient.note}` : ''}
              </small>
            )}
          </>
        );
      },
    },
    {
      key: 'content',
      header: 'Content (g/l or g/kg)',
      cell: (a, i) => (
        <NumberInput
          label={`Content in g per litre or kg: ${labelOf(a, i)}`}
          value={a.contentGPerUnit}
          max={1000}
          step={1}
          capAtMax
          onChange={(contentGPerUnit) => update(i, { contentGPerUnit })}
        />
      ),
    },
    {
      key: 'rate',
      header: 'Rate (l/ha or kg/ha)',
      cell: (a, i) => (
        <NumberInput
          label={`Rate per hectare: ${labelOf(a, i)}`}
          value={a.ratePerHa}
          max={100}
          step={0.05}
          onChange={(ratePerHa) => update(i, { ratePerHa })}
        />
      ),
    },
    {
      key: 'activeKg',
      header: 'Active (kg/ha)',
      numeric: true,
      className: styles.figure,
      cell: (a) => twoDecimals.format(activeKgPerHa(a)),
    },
    {
      key: 'fieldUseHa',
      header: 'Field Use EIQ per ha',
      numeric: true,
      className: styles.figure,
      cell: (_, i) => {
        const result = results[i];
        if (!result) return null;
        return <RowFigure text={oneDecimal.format(result.perHa)} confirmed={result.confirmed} />;
      },
    },
    {
      key: 'fieldUseAcre',
      header: 'Field Use EIQ per acre',
      numeric: true,
      className: styles.figure,
      cell: (_, i) => {
        const result = results[i];
        return result ? oneDecimal.format(result.perAcre) : null;
      },
    },
  ];

  return (
    <>
      <h1>EIQ Calculator</h1>
      {draft.notice}
      <p className={styles.lead}>
        The Environmental Impact Quotient (Cornell NYS IPM) rates each active ingredient for its
        risk to farm workers, consumers and wildlife. A spray’s Field Use EIQ is that rating times
        the active ingredient applied, so a lower rate or a gentler product lowers it. Choose the
        active ingredient (its EIQ comes from the table, with its source) or enter the EIQ of one
        the table lacks, then the product’s content (g per litre or kg) and its rate (litres or kg
        per hectare).
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
        caption="Sprays this season"
        columns={columns}
        rows={applications}
        rowKey={(_, i) => `${baseId}-${String(i)}`}
        actions={(a, i) => (
          <Button
            variant="secondary"
            aria-label={`Remove ${labelOf(a, i)}`}
            onClick={() => remove(i)}
          >
            Remove
          </Button>
        )}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => add(BLANK)}>
          Add a spray
        </Button>
      </div>
      <p className={styles.total} role="status">
        Field Use EIQ for the season: <strong>{oneDecimal.format(totals.field_eiq_per_ha)}</strong>{' '}
        per hectare (kg a.i./ha), <strong>{oneDecimal.format(totals.field_eiq_per_acre)}</strong>{' '}
        per acre (lb a.i./acre)
      </p>
      <p className={styles.muted}>{totals.convention}</p>
      {unit && (
        <SavedCalculations
          unitId={unit.id}
          calculator="eiq"
          compares={false}
          total={TOTAL}
          onSaved={draft.saved}
          inputsOf={() => ({ ...toInputs(applications) })}
          onOpen={open}
        />
      )}
      <CalculatorActions calculator="eiq" csv={() => eiqCsv(applications, unit?.name ?? '')} />
    </>
  );
}
