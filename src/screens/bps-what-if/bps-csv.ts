import type { BpsInputs, BpsTotals } from '../../../shared/calc/bps.ts';
import type { EvaluationResult } from '../../../shared/calc/result.ts';
import type { CsvValue } from '../../../shared/csv.ts';
import type { CalculatorCsv } from '../../ui/calculator/csv.ts';

/** Whole pence as pounds for a spreadsheet: 3798635 → 37986.35 (a number, two decimals). */
const pounds = (p: number | null | undefined): number | null =>
  typeof p === 'number' ? p / 100 : null;

/** Pounds as the money field shows them for editing: 104850 or 104850.50. */
export const moneyText = (value: number): string =>
  Number.isInteger(value) ? String(value) : value.toFixed(2);

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The inputs, each band's slice, the totals and the other years of the scheme as CSV. */
export function bpsCsv({
  inputs,
  result,
  unitName,
  otherYears,
}: {
  inputs: BpsInputs;
  result: EvaluationResult<BpsTotals>;
  unitName: string;
  otherYears: readonly { year: number; payment: number; reduction: number }[];
}): CalculatorCsv {
  const { totals } = result;
  const delinked = totals.scheme === 'delinked';
  const inputRows: CsvValue[][] = inputs.payments_2020_2022
    ? inputs.payments_2020_2022.map((p, i) => [`BPS payment received for ${String(2020 + i)}`, p])
    : [[delinked ? 'Reference amount' : 'BPS payment before reductions', inputs.amount ?? null]];
  return {
    title: 'BPS What If?',
    unitName,
    methodVersion: result.methodVersion,
    settings: [['Scheme year', totals.year]],
    sections: [
      { header: ['Input', 'Amount (£)'], rows: inputRows },
      {
        header: ['Band', 'Slice (£)', 'Rate (%)', 'Reduction (£)', 'Kept (£)'],
        rows: result.lines
          .filter((l) => l.source === 'band')
          .map((l) => [
            l.label,
            pounds(num(l.values.slice_pence)),
            num(l.values.rate_percent),
            pounds(num(l.values.reduction_pence)),
            pounds(num(l.values.kept_pence)),
          ]),
      },
      {
        header: ['Result', 'Amount (£)'],
        rows: [
          [
            delinked ? 'Reference amount' : 'Payment before reductions',
            pounds(totals.amount_pence),
          ],
          ['Total reduction', pounds(totals.reduction_pence)],
          ['Payment', pounds(totals.payment_pence)],
          ...(totals.capped ? [['Capped at', pounds(totals.cap_pence)]] : []),
          ...(totals.ahdb_variant_payment_pence !== null
            ? [
                [
                  'AHDB’s variant (the cut applied to the 2020 payment)',
                  pounds(totals.ahdb_variant_payment_pence),
                ],
              ]
            : []),
        ],
      },
      {
        header: ['Year', 'Reduction (£)', 'Payment (£)'],
        rows: otherYears.map((r) => [r.year, pounds(r.reduction), pounds(r.payment)]),
      },
    ],
  };
}
