/**
 * Remittance advice (issue 19 point 4): a processor's payment statement to a grower for a period,
 * built from the loads it took in (load passports) and their intake quality (QC results). What
 * the API answers, the portal shows and the CSV writes; every amount is whole pence (see money.ts)
 * and every total is worked out from the lines by statementTotals (totals.ts).
 */

/**
 * What a line is: a load paid at its price basis; a quality adjustment of a load from its QC result
 * (grade or size deduction, rejection, bonus); a charge deducted by the processor (grading,
 * packaging, storage); a levy; haulage.
 */
export const LINE_KINDS = ['load', 'quality', 'deduction', 'levy', 'haulage'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export interface RemittanceLine {
  id: number;
  /** Its place on the statement, from 1. */
  position: number;
  kind: LineKind;
  description: string;
  /** The load the line belongs to (its load passport); null for a statement-wide line. */
  passportNumber: string | null;
  crop: string | null;
  /** Tonnes to the kilogram, exact: "24.360"; null where the line is not by weight. */
  quantityTonnes: string | null;
  /** The price per tonne the amount was worked out at, in pence; null for a fixed amount. */
  pencePerTonne: number | null;
  /** What the price is: "Contract, Maris Piper, 45–65 mm". */
  priceBasis: string | null;
  /** Signed whole pence: paid to the grower (+) or taken from the payment (−). */
  amountPence: number;
  /** The VAT rate on the line in basis points: 0 (zero-rated or outside the scope), 2000 (20%). */
  vatRateBasisPoints: number;
  /** Why that rate: "Zero-rated (food)", "Standard rate", "Outside the scope of VAT". */
  vatTreatment: string;
}

/** The VAT of one rate: the lines' total at that rate and its VAT. */
export interface VatBand {
  rateBasisPoints: number;
  basePence: number;
  vatPence: number;
}

export interface RemittanceTotals {
  /** The loads at their price basis. */
  grossPence: number;
  /** Quality adjustments: deductions, rejections and bonuses together (signed). */
  qualityPence: number;
  /** Charges, levies and haulage taken from the payment (zero or negative). */
  deductionsPence: number;
  netBeforeVatPence: number;
  vatPence: number;
  netPaidPence: number;
  vat: VatBand[];
}

export interface QcValues {
  recordId: number;
  inspectionDate: string;
  outcome: 'accepted' | 'accepted_with_deduction' | 'rejected';
  defectsPercent: number | null;
  bruisingPercent: number | null;
  dryMatterPercent: number | null;
  sizeGrade: string | null;
  inspector: string | null;
}

/** A load line set against its QC result: what the contract's quality terms call for, and what was applied. */
export interface LoadReconciliation {
  passportNumber: string;
  /** The load line's id. */
  lineId: number;
  qc: QcValues | null;
  /** What the quality terms give for the QC result's outcome and values (null without one). */
  expectedPence: number | null;
  /** The quality lines of this load on the statement, added up. */
  appliedPence: number;
  status: 'agrees' | 'differs' | 'no-qc';
  /** One sentence: "Defects 7.2% over the 5.0% tolerance: 0.536 t deducted." */
  explanation: string;
}

export interface StatementSummary {
  id: number;
  number: string;
  provider: { id: number; reference: string; name: string };
  unit: { id: number; name: string; holdingNumber: string };
  farm: { id: number; name: string };
  /** yyyy-MM-dd, both days included. */
  periodStart: string;
  periodEnd: string;
  paymentDate: string;
  loads: number;
  /** Tonnes delivered, exact: "48.720". */
  tonnes: string;
  totals: RemittanceTotals;
}

export interface RemittanceStatement extends StatementSummary {
  lines: RemittanceLine[];
  reconciliation: LoadReconciliation[];
}

/** A grower the staff may filter by: a unit that has statements from their provider. */
export interface RemittanceGrower {
  id: number;
  name: string;
  farmName: string;
}
