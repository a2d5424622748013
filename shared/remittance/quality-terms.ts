import { penceNumber, poundsText, tonnesText, valueAtPrice } from './money.ts';
import type { LoadReconciliation, QcValues } from './types.ts';

/**
 * The quality terms of a grower's contract, by crop: what a load's QC result (config/records/
 * qc-result.json) does to its payment. The seed writes a statement's quality lines with
 * qualityAdjustments, and the server reconciles each load line to its QC result with the same
 * function, so a line that differs from the terms is shown as differing. Industry practice
 * (uncited; ../shared/domain/calculators-and-benchmarking.md §6): a weight deduction for defects
 * over a tolerance, a price deduction for bruising, a dry matter bonus for processing potatoes, and
 * a rejected load not paid.
 */
export interface QualityTerms {
  /** Defects (out of grade or size, rots, damage) allowed, in tenths of a per cent. */
  defectsTolerance: number;
  /** Bruising allowed (tenths of a per cent) and the deduction per tonne beyond it. */
  bruising?: { tolerance: number; pencePerTonne: bigint };
  /** Dry matter from which a bonus per tonne is paid (tenths of a per cent). */
  dryMatterBonus?: { from: number; pencePerTonne: bigint };
}

export const QUALITY_TERMS: Readonly<Record<string, QualityTerms>> = {
  potatoes: {
    defectsTolerance: 50,
    bruising: { tolerance: 80, pencePerTonne: 1500n },
    dryMatterBonus: { from: 220, pencePerTonne: 400n },
  },
  onions: { defectsTolerance: 40 },
  carrots: { defectsTolerance: 60 },
  parsnips: { defectsTolerance: 60 },
  brassicas: { defectsTolerance: 50 },
  leeks: { defectsTolerance: 50 },
};

/** A load as the quality terms read it. */
export interface LoadForTerms {
  crop: string;
  kg: bigint;
  pencePerTonne: bigint;
}

/** One adjustment the terms call for: a quality line's description and amount. */
export interface Adjustment {
  description: string;
  amountPence: bigint;
  /** The weight it is worked out on and its price per tonne, when it is by weight. */
  kg: bigint | null;
  pencePerTonne: bigint | null;
}

/** A measured per cent in tenths (7.2 → 72): measurements, never money. */
const tenths = (percent: number) => Math.round(percent * 10);
const percentText = (t: number) => `${(t / 10).toFixed(1)}%`;
const perTonne = (p: bigint) => `£${poundsText(p)}/t`;
/** A signed amount in words' money: "-£146.73". */
const money = (p: bigint) => (p < 0n ? `-£${poundsText(-p)}` : `£${poundsText(p)}`);

/** What the contract's quality terms make of a load's QC result (none when it is accepted as is). */
export function qualityAdjustments(
  load: LoadForTerms,
  qc: Pick<QcValues, 'outcome' | 'defectsPercent' | 'bruisingPercent' | 'dryMatterPercent'>,
): Adjustment[] {
  if (qc.outcome === 'rejected') {
    return [
      {
        description: 'Rejected at intake: the load is not paid',
        amountPence: -valueAtPrice(load.kg, load.pencePerTonne),
        kg: load.kg,
        pencePerTonne: load.pencePerTonne,
      },
    ];
  }
  const terms = QUALITY_TERMS[load.crop];
  if (!terms) return [];
  const out: Adjustment[] = [];
  if (qc.defectsPercent !== null) {
    const over = tenths(qc.defectsPercent) - terms.defectsTolerance;
    if (over > 0) {
      // The share of the load over tolerance is deducted by weight, to the kilogram.
      const kg = (load.kg * BigInt(over) + 500n) / 1000n;
      out.push({
        description: `Grade deduction: defects ${percentText(tenths(qc.defectsPercent))} over the ${percentText(terms.defectsTolerance)} tolerance, ${tonnesText(kg)} t at ${perTonne(load.pencePerTonne)}`,
        amountPence: -valueAtPrice(kg, load.pencePerTonne),
        kg,
        pencePerTonne: load.pencePerTonne,
      });
    }
  }
  if (terms.bruising && qc.bruisingPercent !== null) {
    const measured = tenths(qc.bruisingPercent);
    if (measured > terms.bruising.tolerance) {
      out.push({
        description: `Bruising deduction: ${percentText(measured)} over the ${percentText(terms.bruising.tolerance)} tolerance, ${perTonne(terms.bruising.pencePerTonne)}`,
        amountPence: -valueAtPrice(load.kg, terms.bruising.pencePerTonne),
        kg: load.kg,
        pencePerTonne: terms.bruising.pencePerTonne,
      });
    }
  }
  if (terms.dryMatterBonus && qc.dryMatterPercent !== null) {
    const measured = tenths(qc.dryMatterPercent);
    if (measured >= terms.dryMatterBonus.from) {
      out.push({
        description: `Dry matter bonus: ${percentText(measured)}, from ${percentText(terms.dryMatterBonus.from)}, ${perTonne(terms.dryMatterBonus.pencePerTonne)}`,
        amountPence: valueAtPrice(load.kg, terms.dryMatterBonus.pencePerTonne),
        kg: load.kg,
        pencePerTonne: terms.dryMatterBonus.pencePerTonne,
      });
    }
  }
  return out;
}

/** The outcome a QC result should carry for its values: deducted when any deduction applies. */
export function outcomeFor(
  load: LoadForTerms,
  qc: Pick<QcValues, 'defectsPercent' | 'bruisingPercent' | 'dryMatterPercent'>,
): 'accepted' | 'accepted_with_deduction' {
  const adjustments = qualityAdjustments(load, { ...qc, outcome: 'accepted' });
  return adjustments.some((a) => a.amountPence < 0n) ? 'accepted_with_deduction' : 'accepted';
}

/**
 * A load line reconciled to its QC result: the quality lines applied to it against what the terms
 * give for the result's outcome and values. Without a QC result nothing can be expected.
 */
export function reconcileLoad(
  load: LoadForTerms & { passportNumber: string; lineId: number },
  qc: QcValues | null,
  appliedPence: bigint,
): LoadReconciliation {
  const base = { passportNumber: load.passportNumber, lineId: load.lineId, qc };
  if (qc === null) {
    return {
      ...base,
      expectedPence: null,
      appliedPence: penceNumber(appliedPence),
      status: 'no-qc',
      explanation: 'No QC result is recorded for this load.',
    };
  }
  const expected = qualityAdjustments(load, qc);
  const expectedPence = expected.reduce((sum, a) => sum + a.amountPence, 0n);
  const agrees = expectedPence === appliedPence;
  const terms =
    expected.length === 0
      ? 'Within the quality terms: no adjustment.'
      : `${expected.map((a) => a.description).join('; ')}.`;
  return {
    ...base,
    expectedPence: penceNumber(expectedPence),
    appliedPence: penceNumber(appliedPence),
    status: agrees ? 'agrees' : 'differs',
    explanation: agrees
      ? terms
      : `${terms} Applied ${money(appliedPence)} against ${money(expectedPence)} the terms give.`,
  };
}
