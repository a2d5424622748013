import { pence, penceNumber } from './money.ts';
import type { LineKind, RemittanceTotals } from './types.ts';

/** What statementTotals reads of a line. */
export interface TotalsLine {
  kind: LineKind;
  amountPence: number | bigint | string;
  vatRateBasisPoints: number;
}

/**
 * VAT on the lines of one rate: their total × the rate, rounded down to the whole penny (towards
 * zero, for a negative total too). VAT is worked out on the statement's total at each rate, not
 * line by line, and HMRC lets a VAT invoice round that total VAT down to the whole penny
 * (VAT Notice 700, "Rounding of amounts of VAT").
 */
export function vatOn(basePence: bigint, rateBasisPoints: number): bigint {
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000) {
    throw new RangeError(`${String(rateBasisPoints)} is not a VAT rate in basis points`);
  }
  // BigInt division truncates towards zero, which is rounding down for either sign.
  return (basePence * BigInt(rateBasisPoints)) / 10_000n;
}

/**
 * The one way a statement's totals are worked out, by the server, its CSV and the portal alike:
 * gross is the loads; quality the quality lines; deductions the charges, levies and haulage; net
 * before VAT their sum; VAT per rate (vatOn) over every line; net paid the net plus VAT.
 */
export function statementTotals(lines: readonly TotalsLine[]): RemittanceTotals {
  const byKind: Record<LineKind, bigint> = {
    load: 0n,
    quality: 0n,
    deduction: 0n,
    levy: 0n,
    haulage: 0n,
  };
  const byRate = new Map<number, bigint>();
  for (const line of lines) {
    const amount = pence(line.amountPence);
    byKind[line.kind] += amount;
    byRate.set(line.vatRateBasisPoints, (byRate.get(line.vatRateBasisPoints) ?? 0n) + amount);
  }
  const vat = [...byRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, base]) => ({ rate, base, vat: vatOn(base, rate) }));
  const vatTotal = vat.reduce((sum, band) => sum + band.vat, 0n);
  const deductions = byKind.deduction + byKind.levy + byKind.haulage;
  const net = byKind.load + byKind.quality + deductions;
  return {
    grossPence: penceNumber(byKind.load),
    qualityPence: penceNumber(byKind.quality),
    deductionsPence: penceNumber(deductions),
    netBeforeVatPence: penceNumber(net),
    vatPence: penceNumber(vatTotal),
    netPaidPence: penceNumber(net + vatTotal),
    vat: vat.map((band) => ({
      rateBasisPoints: band.rate,
      basePence: penceNumber(band.base),
      vatPence: penceNumber(band.vat),
    })),
  };
}
