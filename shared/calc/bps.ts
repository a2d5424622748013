/**
 * BPS What If? (England): the progressive reductions of the Basic Payment Scheme 2021-2023 and
 * the delinked payments 2024-2027, banded like income tax: each slice of the amount is cut at
 * its own band's rate.
 *
 * - 2021-2023: the amount is the pre-reduction BPS payment.
 * - 2024-2027: the amount is the reference amount, the mean of the 2020, 2021 and 2022
 *   payments as received (after their own reductions); 2025 on are capped (£7,200; £600).
 *
 * Money is worked in whole pence, never in floating point: an amount in pounds becomes pence
 * (it must be a whole number of pence), the reference amount is the sum of the three payments
 * divided by 3, rounded to the nearest penny (a third of a penny can never be a half), and in
 * each band the part kept is slice × (100 − rate) / 100 rounded to the nearest penny, halves
 * up; the band's reduction is the slice less that. The payment is the sum of the parts kept,
 * then the year's cap.
 */
import { Problems, type EvaluationResult, type ResultLine } from './result.ts';
import { tableOf, tableRef, type CoefficientTable, type MethodVersion } from './tables.ts';

export const BPS_YEARS = [2021, 2022, 2023, 2024, 2025, 2026, 2027] as const;
export type BpsYear = (typeof BPS_YEARS)[number];

export interface BpsInputs {
  year: number;
  /** Pounds: the pre-reduction payment (2021-2023) or the reference amount (2024-2027). */
  amount?: number;
  /** Pounds: the payments received for 2020, 2021 and 2022 (2024-2027 only). */
  payments_2020_2022?: [number, number, number];
}

export interface BpsTotals {
  year: number;
  scheme: 'bps' | 'delinked';
  /** The amount the bands cut: the pre-reduction payment, or the reference amount. */
  amount_pence: number;
  amount: number;
  reference_amount_pence: number | null;
  reduction_pence: number;
  reduction: number;
  payment_pence: number;
  payment: number;
  cap_pence: number | null;
  capped: boolean;
  confirmed: boolean;
  /** AHDB's 2025+ tables cut the 2020 payment instead (given when the payments are). */
  ahdb_variant_payment_pence: number | null;
  ahdb_variant_payment: number | null;
}

/** Pounds to whole pence; undefined when it is not a whole number of pence. */
export function toPence(pounds: number): number | undefined {
  const pence = Math.round(pounds * 100);
  return Math.abs(pounds * 100 - pence) < 1e-6 ? pence : undefined;
}

/** a / b rounded to the nearest integer, halves up, for non-negative integers. */
export function divRoundHalfUp(a: number, b: number): number {
  const q = Math.floor(a / b);
  const r = a - q * b;
  return 2 * r >= b ? q + 1 : q;
}

const pounds = (pence: number) => pence / 100;
const money = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface BandSlice {
  from_pence: number;
  to_pence: number | null;
  slice_pence: number;
  rate_percent: number;
  kept_pence: number;
  reduction_pence: number;
}

/** The amount cut band by band, in pence, for one year's rates; the cap is not applied. */
export function bandSlices(
  table: CoefficientTable,
  year: number,
  amountPence: number,
): BandSlice[] {
  return (table.bands ?? []).map((band) => {
    const from = band.from * 100;
    const to = band.to === null ? null : band.to * 100;
    const slice = Math.max(0, Math.min(amountPence, to ?? Infinity) - from);
    const rate = band.rates[String(year)];
    if (rate === undefined) throw new Error(`${tableRef(table)} has no rate for ${String(year)}`);
    const kept = divRoundHalfUp(slice * (100 - rate), 100);
    return {
      from_pence: from,
      to_pence: to,
      slice_pence: slice,
      rate_percent: rate,
      kept_pence: kept,
      reduction_pence: slice - kept,
    };
  });
}

/** The payment for a year from the amount the bands cut, in pence, with the year's cap. */
export function bpsPaymentPence(
  table: CoefficientTable,
  year: number,
  amountPence: number,
): number {
  const kept = bandSlices(table, year, amountPence).reduce((t, s) => t + s.kept_pence, 0);
  const cap = table.caps?.[String(year)];
  return cap === undefined ? kept : Math.min(kept, cap * 100);
}

export function evaluateBps(inputs: BpsInputs, method: MethodVersion): EvaluationResult<BpsTotals> {
  const table = tableOf(method, 'reductions');
  const ref = tableRef(table);
  const problems = new Problems();
  const year = inputs.year;
  const years = Object.keys(table.bands?.[0]?.rates ?? {}).map(Number);
  if (!years.includes(year)) {
    problems.add('year', `Year must be one of ${years.join(', ')}`);
    problems.throwIfAny();
  }
  const delinked = year >= 2024;
  let amountPence: number | undefined;
  let referencePence: number | null = null;
  let paymentsPence: number[] | undefined;
  if (inputs.payments_2020_2022 !== undefined) {
    if (!delinked) {
      problems.add(
        'payments_2020_2022',
        'The 2020-2022 payments set the reference amount of delinked payments (2024-2027); for 2021-2023 give the pre-reduction payment as amount',
      );
    } else if (inputs.amount !== undefined) {
      problems.add(
        'amount',
        'Give either the reference amount or the 2020-2022 payments, not both',
      );
    } else {
      paymentsPence = inputs.payments_2020_2022.map((p, i) => {
        const pence = toPence(p);
        if (pence === undefined)
          problems.add(`payments_2020_2022.${String(i)}`, 'Payment must be in whole pence');
        return pence ?? 0;
      });
      referencePence = divRoundHalfUp(
        paymentsPence.reduce((a, b) => a + b, 0),
        3,
      );
      amountPence = referencePence;
    }
  } else if (inputs.amount === undefined) {
    problems.add(
      'amount',
      delinked
        ? 'Amount is required: the reference amount, or give the 2020-2022 payments'
        : 'Amount is required: the pre-reduction BPS payment',
    );
  } else {
    amountPence = toPence(inputs.amount);
    if (amountPence === undefined) problems.add('amount', 'Amount must be in whole pence');
    else if (delinked) referencePence = amountPence;
  }
  problems.throwIfAny();
  const amount = amountPence ?? 0;

  const slices = bandSlices(table, year, amount);
  const kept = slices.reduce((t, s) => t + s.kept_pence, 0);
  const capPounds = table.caps?.[String(year)];
  const capPence = capPounds === undefined ? null : capPounds * 100;
  const payment = capPence === null ? kept : Math.min(kept, capPence);
  const yearNote = table.yearNotes?.[String(year)];
  const confirmed = yearNote?.confirmed !== false;

  const lines: ResultLine[] = slices.map((s, i) => ({
    id: `band:${String(i)}`,
    label:
      s.to_pence === null
        ? `Over ${money(s.from_pence)}`
        : s.from_pence === 0
          ? `Up to ${money(s.to_pence)}`
          : `${money(s.from_pence)} to ${money(s.to_pence)}`,
    source: 'band',
    formula: `${money(s.slice_pence)} × ${String(s.rate_percent)}% = ${money(s.reduction_pence)} off; ${money(s.kept_pence)} kept`,
    uses: [`${ref}#bands/${String(i)}/rates/${String(year)}`],
    confirmed,
    values: {
      from_pence: s.from_pence,
      to_pence: s.to_pence,
      slice_pence: s.slice_pence,
      slice: pounds(s.slice_pence),
      rate_percent: s.rate_percent,
      reduction_pence: s.reduction_pence,
      reduction: pounds(s.reduction_pence),
      kept_pence: s.kept_pence,
      kept: pounds(s.kept_pence),
    },
  }));
  if (capPence !== null) {
    lines.push({
      id: 'cap',
      label: `Maximum payment for ${String(year)}`,
      source: 'cap',
      formula:
        kept > capPence
          ? `${money(kept)} is over the cap: ${money(capPence)} paid`
          : `${money(kept)} is within the cap of ${money(capPence)}`,
      uses: [`${ref}#caps/${String(year)}`],
      confirmed,
      values: {
        cap_pence: capPence,
        cap: pounds(capPence),
        cut_pence: Math.max(0, kept - capPence),
      },
    });
  }

  let ahdb: number | null = null;
  const notes: string[] = [];
  if (delinked) {
    notes.push(
      referencePence !== null && paymentsPence
        ? `Reference amount: (${paymentsPence.map(money).join(' + ')}) / 3 = ${money(referencePence)}, rounded to the penny.`
        : 'The amount given is the reference amount (the mean of the 2020-2022 payments as received).',
    );
  }
  if (year >= 2025 && paymentsPence?.[0] !== undefined) {
    ahdb = bpsPaymentPence(table, year, paymentsPence[0]);
    if (ahdb !== payment) {
      notes.push(
        `AHDB's tables apply the ${String(year)} cut to the 2020 payment instead of the reference amount: ${money(ahdb)}. This calculator follows GOV.UK and the regulations (the reference amount).`,
      );
    }
  }
  if (yearNote?.note) notes.push(`${confirmed ? '' : 'Unconfirmed: '}${yearNote.note}`);
  notes.push(
    'Worked in whole pence; the part of each band kept is rounded to the nearest penny, halves up.',
  );

  return {
    calculator: 'bps',
    methodVersion: method.version,
    tables: { ...method.tables },
    totals: {
      year,
      scheme: delinked ? 'delinked' : 'bps',
      amount_pence: amount,
      amount: pounds(amount),
      reference_amount_pence: referencePence,
      reduction_pence: amount - payment,
      reduction: pounds(amount - payment),
      payment_pence: payment,
      payment: pounds(payment),
      cap_pence: capPence,
      capped: capPence !== null && kept > capPence,
      confirmed,
      ahdb_variant_payment_pence: ahdb,
      ahdb_variant_payment: ahdb === null ? null : pounds(ahdb),
    },
    lines,
    notes,
  };
}
