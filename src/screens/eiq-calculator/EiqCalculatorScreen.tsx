import { useId } from 'react';
import { Button } from '../../ui/Button.tsx';
import { NumberInput, useEditableRows } from '../../ui/calculator/editable-rows.tsx';
import table from '../../ui/table/Table.module.css';
import styles from '../../ui/calculator/Calculator.module.css';
import { activeKgPerHa, fieldUseEiq, programmeEiq, type Application } from './eiq.ts';
import { numberFormat } from '../../core/format/numbers.ts';

const twoDecimals = numberFormat({ maximumFractionDigits: 2 });
const oneDecimal = numberFormat({ maximumFractionDigits: 1 });

/** One application to start from: a common pre-drilling glyphosate spray. */
const EXAMPLE: readonly Application[] = [
  {
    product: 'Glyphosate 360 g/l',
    activeIngredient: 'glyphosate',
    eiq: 15.33,
    contentGPerUnit: 360,
    ratePerHa: 3,
  },
];

const BLANK: Application = {
  product: '',
  activeIngredient: '',
  eiq: 0,
  contentGPerUnit: 0,
  ratePerHa: 0,
};

/**
 * The EIQ calculator: the environmental load of a season's sprays on a field, as Cornell's Field
 * Use EIQ (the active ingredient's EIQ times the amount applied per hectare), and its total.
 */
export default function EiqCalculatorScreen() {
  const { rows: applications, update, add, remove } = useEditableRows(EXAMPLE);
  const baseId = useId();

  return (
    <>
      <h1>EIQ Calculator</h1>
      <p className={styles.lead}>
        The Environmental Impact Quotient (Cornell NYS IPM) rates each active ingredient for its
        risk to farm workers, consumers and wildlife. A spray’s Field Use EIQ is that rating times
        the active ingredient applied per hectare, so a lower rate or a gentler product lowers it.
        Enter the EIQ of each active ingredient from the Cornell list, the product’s content (g per
        litre or kg) and its rate (litres or kg per hectare).
      </p>
      <div className={table.wrap}>
        <table className={`${table.table} ${styles.operations}`}>
          <caption className={table.caption}>Sprays this season</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Active ingredient</th>
              <th scope="col">EIQ</th>
              <th scope="col">Content (g/l or g/kg)</th>
              <th scope="col">Rate (l/ha or kg/ha)</th>
              <th scope="col">Active (kg/ha)</th>
              <th scope="col">Field Use EIQ</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {applications.map((a, i) => {
              const label = a.product || `Spray ${String(i + 1)}`;
              return (
                <tr key={`${baseId}-${String(i)}`}>
                  <td>
                    <input
                      aria-label={`Product of spray ${String(i + 1)}`}
                      value={a.product}
                      maxLength={80}
                      onChange={(e) => update(i, { product: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Active ingredient: ${label}`}
                      value={a.activeIngredient}
                      maxLength={80}
                      onChange={(e) => update(i, { activeIngredient: e.target.value })}
                    />
                  </td>
                  <td>
                    <NumberInput
                      label={`EIQ: ${label}`}
                      value={a.eiq}
                      max={250}
                      step={0.01}
                      onChange={(eiq) => update(i, { eiq })}
                    />
                  </td>
                  <td>
                    <NumberInput
                      label={`Content in g per litre or kg: ${label}`}
                      value={a.contentGPerUnit}
                      max={1000}
                      step={1}
                      capAtMax
                      onChange={(contentGPerUnit) => update(i, { contentGPerUnit })}
                    />
                  </td>
                  <td>
                    <NumberInput
                      label={`Rate per hectare: ${label}`}
                      value={a.ratePerHa}
                      max={100}
                      step={0.05}
                      onChange={(ratePerHa) => update(i, { ratePerHa })}
                    />
                  </td>
                  <td className={styles.figure}>{twoDecimals.format(activeKgPerHa(a))}</td>
                  <td className={styles.figure}>{oneDecimal.format(fieldUseEiq(a))}</td>
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
          Add a spray
        </Button>
      </div>
      <p className={styles.total} role="status">
        Field Use EIQ for the season:{' '}
        <strong>{oneDecimal.format(programmeEiq(applications))}</strong>
      </p>
    </>
  );
}
