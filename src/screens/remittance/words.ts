import type { LineKind, LoadReconciliation, QcValues } from '../../../shared/remittance/types.ts';

/** What each kind of line is called on the statement. */
export const KIND_WORDS: Readonly<Record<LineKind, string>> = {
  load: 'Load',
  quality: 'Quality adjustment',
  deduction: 'Deduction',
  levy: 'Levy',
  haulage: 'Haulage',
};

export const OUTCOME_WORDS: Readonly<Record<QcValues['outcome'], string>> = {
  accepted: 'Accepted',
  accepted_with_deduction: 'Accepted with deduction',
  rejected: 'Rejected',
};

export const RECONCILED_WORDS: Readonly<Record<LoadReconciliation['status'], string>> = {
  agrees: 'Agrees with the QC result',
  differs: 'Differs from the QC result',
  'no-qc': 'No QC result',
};

/** The QC result's measured values in a line: "Defects 7.2% · Bruising 9.4% · 45–65 mm". */
export function measuredWords(qc: QcValues): string {
  const parts = [
    qc.defectsPercent === null ? null : `Defects ${String(qc.defectsPercent)}%`,
    qc.bruisingPercent === null ? null : `Bruising ${String(qc.bruisingPercent)}%`,
    qc.dryMatterPercent === null ? null : `Dry matter ${String(qc.dryMatterPercent)}%`,
    qc.sizeGrade,
  ];
  return parts.filter((p): p is string => p !== null && p !== '').join(' · ');
}
