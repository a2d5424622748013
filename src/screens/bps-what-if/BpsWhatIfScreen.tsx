import { useId, useState } from 'react';
import { useAccount } from '../../core/account/account-store.ts';
import { CalculatorActions } from '../../ui/calculator/CalculatorActions.tsx';
import { OpenedCalculation } from '../../ui/calculator/OpenedCalculation.tsx';
import {
  SavedCalculations,
  type SavedCalculation,
  type TotalColumn,
} from '../../ui/calculator/SavedCalculations.tsx';
import { bpsCsv, moneyText } from './bps-csv.ts';
import { BPS_YEARS, type BpsInputs, type BpsTotals } from '../../../shared/calc/bps.ts';
import { evaluate, InputError } from '../../../shared/calc/index.ts';
import type { EvaluationResult, ResultLine } from '../../../shared/calc/result.ts';
import { methodFor } from '../../../shared/calc/tables.ts';
import { formatMoney } from '../../core/format/numbers.ts';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { parseNumeric, sanitiseNumeric } from '../../widgets/numeric-text.ts';
import styles from './BpsWhatIf.module.css';
import { useCalculatorDraft } from '../../ui/calculator/use-calculator-draft.tsx';
import inputsVersion from '../../../schemas/calculators/inputs/bps.schema.json?hash';

/** Pence as pounds and pence: £37,986.35 (the library works in whole pence). */
export const pence = (p: number | null | undefined) =>
  p === null || p === undefined ? '—' : formatMoney(p / 100);

const num = (v: ResultLine['values'][string] | undefined) => (typeof v === 'number' ? v : null);

const BAND_COLUMNS: Column<ResultLine>[] = [
  { key: 'band', header: 'Band', rowHeader: true, cell: (l) => l.label },
  { key: 'slice', header: 'Slice', numeric: true, cell: (l) => pence(num(l.values.slice_pence)) },
  {
    key: 'rate',
    header: 'Rate',
    numeric: true,
    cell: (l) => `${String(num(l.values.rate_percent) ?? '—')}%`,
  },
  {
    key: 'reduction',
    header: 'Reduction',
    numeric: true,
    cell: (l) => pence(num(l.values.reduction_pence)),
  },
  { key: 'kept', header: 'Kept', numeric: true, cell: (l) => pence(num(l.values.kept_pence)) },
];

/** A sum of money typed as text (en-GB: "104,850.50" or "104850,5"), in pounds. */
function MoneyField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <span className={styles.money}>
        <span aria-hidden="true">£</span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          value={value}
          onChange={(e) =>
            onChange(sanitiseNumeric(e.target.value, { decimals: 2, allowNegative: false }))
          }
        />
      </span>
    </div>
  );
}

type Mode = 'amount' | 'payments';

/** A saved result's headline figure: the payment. */
const TOTAL: TotalColumn = {
  header: 'Payment',
  text: (totals) => (typeof totals.payment_pence === 'number' ? pence(totals.payment_pence) : '—'),
};

/** The inputs as typed, for the library: undefined where a figure is missing. */
function inputsOf(year: number, mode: Mode, amount: string, payments: string[]): BpsInputs | null {
  if (year >= 2024 && mode === 'payments') {
    const values = payments.map((p) => parseNumeric(p));
    if (values.some((v) => v === undefined)) return null;
    return { year, payments_2020_2022: values as [number, number, number] };
  }
  const value = parseNumeric(amount);
  return value === undefined ? null : { year, amount: value };
}

/** The same inputs in the other years of the same scheme (BPS 2021-2023, delinked 2024-2027). */
export function otherYears(
  inputs: BpsInputs,
): { year: number; payment: number; reduction: number }[] {
  const delinked = inputs.year >= 2024;
  return BPS_YEARS.filter((y) => y >= 2024 === delinked).flatMap((year) => {
    try {
      const { totals } = evaluate('bps', { ...inputs, year }) as EvaluationResult<BpsTotals>;
      return [{ year, payment: totals.payment_pence, reduction: totals.reduction_pence }];
    } catch {
      return [];
    }
  });
}

const YEAR_COLUMNS: Column<{ year: number; payment: number; reduction: number }>[] = [
  { key: 'year', header: 'Year', rowHeader: true, cell: (r) => String(r.year) },
  { key: 'reduction', header: 'Reduction', numeric: true, cell: (r) => pence(r.reduction) },
  { key: 'payment', header: 'Payment', numeric: true, cell: (r) => pence(r.payment) },
];

type Outcome = { result: EvaluationResult<BpsTotals> } | { problems: string[] } | null;

function outcomeOf(inputs: BpsInputs | null): Outcome {
  if (!inputs) return null;
  try {
    return { result: evaluate('bps', inputs) as EvaluationResult<BpsTotals> };
  } catch (error) {
    if (error instanceof InputError) return { problems: Object.values(error.errors).flat() };
    throw error;
  }
}

/**
 * BPS What If?: England's progressive reductions (2021-2023) and delinked payments (2024-2027)
 * for a year, worked in whole pence by the method library, each band's slice shown.
 */
export default function BpsWhatIfScreen() {
  const [year, setYear] = useState<number>(2024);
  const [mode, setMode] = useState<Mode>('amount');
  const [amount, setAmount] = useState('');
  const [payments, setPayments] = useState(['', '', '']);
  const delinked = year >= 2024;
  const inputs = inputsOf(year, mode, amount, payments);
  const outcome = outcomeOf(inputs);
  const result = outcome && 'result' in outcome ? outcome.result : null;
  const totals = result?.totals;
  const bands = result?.lines.filter((l) => l.source === 'band') ?? [];
  const cap = result?.lines.find((l) => l.source === 'cap');
  const method = methodFor('bps');
  const unit = useAccount((s) => s.unit);
  const [opened, setOpened] = useState<SavedCalculation | null>(null);
  const open = (calculation: SavedCalculation) => {
    // Saved inputs passed the server's input schema: a year, and an amount or three payments.
    const {
      year: savedYear,
      amount: savedAmount,
      payments_2020_2022: savedPayments,
    } = calculation.inputs;
    if (typeof savedYear === 'number') setYear(savedYear);
    if (Array.isArray(savedPayments)) {
      setMode('payments');
      setPayments(savedPayments.map((p) => (typeof p === 'number' ? moneyText(p) : '')));
    } else {
      setMode('amount');
      setAmount(typeof savedAmount === 'number' ? moneyText(savedAmount) : '');
    }
    setOpened(calculation);
  };
  // The fields as typed, which may not make inputs yet (an amount half entered).
  const draft = useCalculatorDraft({
    calculator: 'bps',
    version: inputsVersion,
    unsaved: 'an unsaved BPS What If? calculation',
    inputs: { year, mode, amount, payments },
    onResume: (kept) => {
      setYear(kept.year);
      setMode(kept.mode);
      setAmount(kept.amount);
      setPayments(kept.payments);
    },
  });

  return (
    <>
      <h1>BPS What If?</h1>
      {draft.notice}
      <p className={styles.lead}>
        What England’s Basic Payment Scheme pays after its progressive reductions (2021 to 2023),
        and what the delinked payments that replace it pay (2024 to 2027). Each slice of the amount
        is cut at its own band’s rate, like income tax.
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
      <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-label="BPS inputs">
        <div className={styles.field}>
          <label htmlFor="bps-year">Scheme year</label>
          <select id="bps-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {BPS_YEARS.map((y) => (
              <option key={y} value={y}>
                {y} {y >= 2024 ? '(delinked)' : '(BPS)'}
              </option>
            ))}
          </select>
        </div>
        {delinked && (
          <fieldset className={styles.modes}>
            <legend>Reference amount</legend>
            <label>
              <input
                type="radio"
                name="bps-mode"
                checked={mode === 'amount'}
                onChange={() => setMode('amount')}
              />{' '}
              I know my reference amount
            </label>
            <label>
              <input
                type="radio"
                name="bps-mode"
                checked={mode === 'payments'}
                onChange={() => setMode('payments')}
              />{' '}
              Work it out from my 2020, 2021 and 2022 payments
            </label>
          </fieldset>
        )}
        {delinked && mode === 'payments' ? (
          ['2020', '2021', '2022'].map((y, i) => (
            <MoneyField
              key={y}
              label={`BPS payment received for ${y}`}
              value={payments[i] ?? ''}
              onChange={(text) => setPayments(payments.map((p, j) => (j === i ? text : p)))}
            />
          ))
        ) : (
          <MoneyField
            label={
              delinked
                ? 'Reference amount (the mean of your 2020–2022 payments as received)'
                : 'BPS payment before reductions'
            }
            value={amount}
            onChange={setAmount}
          />
        )}
      </form>

      <section aria-labelledby="bps-result-heading">
        <h2 id="bps-result-heading">
          {delinked ? `Delinked payment for ${String(year)}` : `BPS payment for ${String(year)}`}
        </h2>
        {outcome && 'problems' in outcome && (
          <ul className={styles.problems} role="alert">
            {outcome.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {!inputs && <p>Enter an amount to see the payment.</p>}
        {totals && (
          <>
            <dl className={styles.totals} aria-live="polite">
              <dt>{delinked ? 'Reference amount' : 'Payment before reductions'}</dt>
              <dd>{pence(totals.amount_pence)}</dd>
              <dt>Total reduction</dt>
              <dd>{pence(totals.reduction_pence)}</dd>
              <dt>Payment</dt>
              <dd>
                <strong data-testid="bps-payment">{pence(totals.payment_pence)}</strong>
                {totals.capped && ` (capped at ${pence(totals.cap_pence)})`}
              </dd>
            </dl>
            <DataTable
              narrow="cards"
              caption={`Each band’s slice in ${String(year)}`}
              columns={BAND_COLUMNS}
              rows={bands}
              rowKey={(l) => l.id}
            />
            {cap && <p>{cap.formula}.</p>}
            {totals.ahdb_variant_payment_pence !== null &&
              totals.ahdb_variant_payment_pence !== totals.payment_pence && (
                <p className={styles.variant}>
                  AHDB’s published tables apply the {year} cut to the 2020 payment instead:{' '}
                  {pence(totals.ahdb_variant_payment_pence)}. This calculator follows GOV.UK and the
                  regulations (the reference amount).
                </p>
              )}
            {!totals.confirmed && (
              <p className={styles.variant}>
                The {year} rates are announced but their regulations are unconfirmed.
              </p>
            )}
            {inputs && (
              <DataTable
                narrow="cards"
                caption={
                  delinked
                    ? 'The same reference amount in each delinked year'
                    : 'The same payment before reductions in each BPS year'
                }
                columns={YEAR_COLUMNS}
                rows={otherYears(inputs)}
                rowKey={(r) => r.year}
              />
            )}
            <h3>Notes</h3>
            <ul className={styles.notes}>
              {result.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
              <li>
                Method {method.version}: {method.title}.
              </li>
            </ul>
          </>
        )}
      </section>
      {unit && (
        <SavedCalculations
          unitId={unit.id}
          calculator="bps"
          compares={false}
          total={TOTAL}
          onSaved={draft.saved}
          inputsOf={() => ({ ...(inputs ?? { year }) })}
          onOpen={open}
        />
      )}
      {inputs && result && (
        <CalculatorActions
          calculator="bps"
          csv={() =>
            bpsCsv({
              inputs,
              result,
              unitName: unit?.name ?? '',
              otherYears: otherYears(inputs),
            })
          }
        />
      )}
    </>
  );
}
