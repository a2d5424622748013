import { useId } from 'react';
import { Button } from '../../ui/Button.tsx';
import { NumberInput, useEditableRows } from '../../ui/calculator/editable-rows.tsx';
import table from '../../ui/table/Table.module.css';
import { stirOf, stirTotal, TILLAGE_TYPES, type Operation, type TillageTypeId } from './stir.ts';
import styles from '../../ui/calculator/Calculator.module.css';
import { numberFormat } from '../../core/format/numbers.ts';

const oneDecimal = numberFormat({ maximumFractionDigits: 1 });

/** A typical establishment with the plough, as the starting example. */
const EXAMPLE: readonly Operation[] = [
  {
    name: 'Mouldboard plough',
    type: 'inversion',
    speedKmh: 7,
    depthCm: 22,
    areaDisturbedPercent: 100,
  },
  { name: 'Power harrow', type: 'mixing', speedKmh: 6, depthCm: 8, areaDisturbedPercent: 100 },
  { name: 'Seed drill', type: 'mixing', speedKmh: 10, depthCm: 4, areaDisturbedPercent: 60 },
  { name: 'Rolls', type: 'compression', speedKmh: 10, depthCm: 2, areaDisturbedPercent: 100 },
];

const BLANK: Operation = {
  name: '',
  type: 'mixing',
  speedKmh: 8,
  depthCm: 10,
  areaDisturbedPercent: 100,
};

/**
 * The STIR calculator: the operations of a year on one field, each rated with the NRCS Soil
 * Tillage Intensity Rating, and their total. Lower numbers mean less soil disturbance.
 */
export default function StirCalculatorScreen() {
  const { rows: operations, update, add, remove } = useEditableRows(EXAMPLE);
  const baseId = useId();
  const total = stirTotal(operations);

  return (
    <>
      <h1>STIR Calculator</h1>
      <p className={styles.lead}>
        The Soil Tillage Intensity Rating (USDA-NRCS) scores how much each pass disturbs the soil,
        from its speed, its kind of tillage, its working depth and the share of the surface it
        moves. Add up a year’s passes on a field: a plough-based system scores far higher than
        direct drilling. Change the example below to match your own field.
      </p>
      <div className={table.wrap}>
        <table className={`${table.table} ${styles.operations}`}>
          <caption className={table.caption}>Operations in the year</caption>
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Kind of tillage</th>
              <th scope="col">Speed (km/h)</th>
              <th scope="col">Depth (cm)</th>
              <th scope="col">Surface disturbed (%)</th>
              <th scope="col">STIR</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {operations.map((op, i) => {
              const row = `${baseId}-${String(i)}`;
              const label = op.name || `Operation ${String(i + 1)}`;
              return (
                <tr key={row}>
                  <td>
                    <input
                      aria-label={`Name of operation ${String(i + 1)}`}
                      value={op.name}
                      maxLength={60}
                      onChange={(e) => update(i, { name: e.target.value })}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={`Kind of tillage: ${label}`}
                      value={op.type}
                      onChange={(e) => update(i, { type: e.target.value as TillageTypeId })}
                    >
                      {TILLAGE_TYPES.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <NumberInput
                      label={`Speed in km/h: ${label}`}
                      value={op.speedKmh}
                      max={40}
                      step={0.5}
                      onChange={(speedKmh) => update(i, { speedKmh })}
                    />
                  </td>
                  <td>
                    <NumberInput
                      label={`Depth in cm: ${label}`}
                      value={op.depthCm}
                      max={100}
                      step={1}
                      onChange={(depthCm) => update(i, { depthCm })}
                    />
                  </td>
                  <td>
                    <NumberInput
                      label={`Surface disturbed in %: ${label}`}
                      value={op.areaDisturbedPercent}
                      max={100}
                      step={5}
                      capAtMax
                      onChange={(areaDisturbedPercent) => update(i, { areaDisturbedPercent })}
                    />
                  </td>
                  <td className={styles.figure}>{oneDecimal.format(stirOf(op))}</td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Remove ${label}`}
                      onClick={() => remove(i)}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => add(BLANK)}>
          Add an operation
        </Button>
      </div>
      <p className={styles.total} role="status">
        STIR for the year: <strong>{oneDecimal.format(total)}</strong>
      </p>
    </>
  );
}
