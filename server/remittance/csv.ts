import { poundsText } from '../../shared/remittance/money.ts';
import type { RemittanceStatement, StatementSummary } from '../../shared/remittance/types.ts';
import type { CsvColumn } from '../export/csv-export.ts';

/**
 * Pounds for a CSV cell: the exact decimal text of the pence (poundsText), handed to the CSV
 * writer as a number so that a spreadsheet reads a figure and a negative amount is not taken for a
 * formula (shared/csv.ts guards text starting with "-"). No arithmetic is done on it: the text
 * has two decimals and at most 15 digits, which a double holds exactly as written.
 */
export const csvPounds = (pence: number): number => Number(poundsText(pence));

/** The list's CSV: one row per statement with its totals, as the list shows them. */
export const STATEMENT_LIST_COLUMNS: readonly CsvColumn<StatementSummary>[] = [
  { title: 'Statement', value: (s) => s.number },
  { title: 'Grower', value: (s) => s.unit.name },
  { title: 'Holding number', value: (s) => s.unit.holdingNumber },
  { title: 'Farm', value: (s) => s.farm.name },
  { title: 'Provider', value: (s) => s.provider.name },
  { title: 'Period start', value: (s) => s.periodStart },
  { title: 'Period end', value: (s) => s.periodEnd },
  { title: 'Payment date', value: (s) => s.paymentDate },
  { title: 'Loads', value: (s) => s.loads },
  { title: 'Tonnes', value: (s) => Number(s.tonnes) },
  { title: 'Gross (£)', value: (s) => csvPounds(s.totals.grossPence) },
  { title: 'Quality adjustments (£)', value: (s) => csvPounds(s.totals.qualityPence) },
  { title: 'Deductions (£)', value: (s) => csvPounds(s.totals.deductionsPence) },
  { title: 'Net before VAT (£)', value: (s) => csvPounds(s.totals.netBeforeVatPence) },
  { title: 'VAT (£)', value: (s) => csvPounds(s.totals.vatPence) },
  { title: 'Net paid (£)', value: (s) => csvPounds(s.totals.netPaidPence) },
];

/** A row of a statement's CSV: a line, or one of the totals after the lines. */
export interface StatementCsvRow {
  kind: string;
  position: number | null;
  passport: string | null;
  crop: string | null;
  description: string;
  tonnes: string | null;
  pencePerTonne: number | null;
  priceBasis: string | null;
  amountPence: number;
  vatRate: number | null;
  vatTreatment: string | null;
  qcOutcome: string | null;
  reconciliation: string | null;
}

/** Its lines in order, then Gross, Quality adjustments, Deductions, Net before VAT, VAT and Net paid. */
export function statementCsvRows(statement: RemittanceStatement): StatementCsvRow[] {
  const byLine = new Map(statement.reconciliation.map((r) => [r.lineId, r]));
  const lines = statement.lines.map((l): StatementCsvRow => {
    const reconciled = byLine.get(l.id);
    return {
      kind: l.kind,
      position: l.position,
      passport: l.passportNumber,
      crop: l.crop,
      description: l.description,
      tonnes: l.quantityTonnes,
      pencePerTonne: l.pencePerTonne,
      priceBasis: l.priceBasis,
      amountPence: l.amountPence,
      vatRate: l.vatRateBasisPoints,
      vatTreatment: l.vatTreatment,
      qcOutcome: reconciled?.qc?.outcome ?? null,
      reconciliation: reconciled?.status ?? null,
    };
  });
  const t = statement.totals;
  const total = (description: string, amountPence: number): StatementCsvRow => ({
    kind: 'total',
    position: null,
    passport: null,
    crop: null,
    description,
    tonnes: null,
    pencePerTonne: null,
    priceBasis: null,
    amountPence,
    vatRate: null,
    vatTreatment: null,
    qcOutcome: null,
    reconciliation: null,
  });
  return [
    ...lines,
    total('Gross', t.grossPence),
    total('Quality adjustments', t.qualityPence),
    total('Deductions', t.deductionsPence),
    total('Net before VAT', t.netBeforeVatPence),
    total('VAT', t.vatPence),
    total('Net paid', t.netPaidPence),
  ];
}

/** A statement's CSV: who and when on every row, so that each row stands alone in a spreadsheet. */
export function statementCsvColumns(
  statement: RemittanceStatement,
): readonly CsvColumn<StatementCsvRow>[] {
  return [
    { title: 'Statement', value: () => statement.number },
    { title: 'Grower', value: () => statement.unit.name },
    { title: 'Period start', value: () => statement.periodStart },
    { title: 'Period end', value: () => statement.periodEnd },
    { title: 'Payment date', value: () => statement.paymentDate },
    { title: 'Line', value: (r) => r.position },
    { title: 'Kind', value: (r) => r.kind },
    { title: 'Passport', value: (r) => r.passport },
    { title: 'Crop', value: (r) => r.crop },
    { title: 'Description', value: (r) => r.description },
    { title: 'Quantity (t)', value: (r) => (r.tonnes === null ? null : Number(r.tonnes)) },
    {
      title: 'Price (£/t)',
      value: (r) => (r.pencePerTonne === null ? null : csvPounds(r.pencePerTonne)),
    },
    { title: 'Price basis', value: (r) => r.priceBasis },
    { title: 'Amount (£)', value: (r) => csvPounds(r.amountPence) },
    { title: 'VAT rate (%)', value: (r) => (r.vatRate === null ? null : r.vatRate / 100) },
    { title: 'VAT treatment', value: (r) => r.vatTreatment },
    { title: 'QC outcome', value: (r) => r.qcOutcome },
    { title: 'QC reconciliation', value: (r) => r.reconciliation },
  ];
}
