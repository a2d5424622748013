import { describe, expect, it } from 'vitest';
import {
  kilograms,
  penceNumber,
  poundsText,
  tonnesText,
  valueAtPrice,
} from '../../../shared/remittance/money.ts';
import {
  outcomeFor,
  qualityAdjustments,
  reconcileLoad,
} from '../../../shared/remittance/quality-terms.ts';
import { statementTotals, vatOn, type TotalsLine } from '../../../shared/remittance/totals.ts';
import type { QcValues } from '../../../shared/remittance/types.ts';

/** shared/remittance: exact pence, the VAT rounding rule, the totals and the quality terms. */
describe('remittance money', () => {
  it('writes pence as exact pounds, negative amounts and single pence included', () => {
    expect(poundsText(0)).toBe('0.00');
    expect(poundsText(5)).toBe('0.05');
    expect(poundsText(-5)).toBe('-0.05');
    expect(poundsText(123405)).toBe('1234.05');
    expect(poundsText(-100)).toBe('-1.00');
    expect(poundsText(9_007_199_254_740_991n)).toBe('90071992547409.91');
  });

  it('refuses a fraction of a penny and an amount past 2^53 rather than rounding it', () => {
    expect(() => poundsText(10.5)).toThrow(RangeError);
    expect(() => penceNumber(9_007_199_254_740_993n)).toThrow(RangeError);
    expect(() =>
      statementTotals([{ kind: 'load', amountPence: '12.5', vatRateBasisPoints: 0 }]),
    ).toThrow(RangeError);
  });

  it('reads tonnes to the kilogram and writes them with three decimals', () => {
    expect(kilograms('24.36')).toBe(24_360n);
    expect(kilograms('24.360')).toBe(24_360n);
    expect(kilograms('7')).toBe(7_000n);
    expect(kilograms('0.005')).toBe(5n);
    expect(tonnesText(24_360n)).toBe('24.360');
    expect(tonnesText(5n)).toBe('0.005');
    expect(() => kilograms('24.3601')).toThrow(RangeError);
    expect(() => kilograms('-1')).toThrow(RangeError);
  });

  it('values a weight at a price per tonne to the nearest penny, halves up', () => {
    // 24.360 t at £182.50/t = £4,445.70 exactly.
    expect(valueAtPrice(24_360n, 18_250n)).toBe(444_570n);
    // 10 kg at 50p/t is half a penny: up to 1p; 9 kg (0.45p) down to 0.
    expect(valueAtPrice(10n, 50n)).toBe(1n);
    expect(valueAtPrice(9n, 50n)).toBe(0n);
  });
});

describe('VAT', () => {
  it('is the total at each rate × the rate, rounded down to the whole penny (towards zero)', () => {
    expect(vatOn(1999n, 2000)).toBe(399n); // 399.8p → 399p
    expect(vatOn(-1999n, 2000)).toBe(-399n); // −399.8p → −399p, not −400p
    expect(vatOn(1000n, 2000)).toBe(200n);
    expect(vatOn(123_456n, 0)).toBe(0n);
    expect(vatOn(1n, 500)).toBe(0n);
    expect(() => vatOn(1n, 20.5)).toThrow(RangeError);
  });
});

describe('statementTotals', () => {
  const lines: TotalsLine[] = [
    { kind: 'load', amountPence: 444_570, vatRateBasisPoints: 0 },
    { kind: 'load', amountPence: '380123', vatRateBasisPoints: 0 },
    { kind: 'quality', amountPence: -9_782, vatRateBasisPoints: 0 },
    { kind: 'quality', amountPence: 9_744, vatRateBasisPoints: 0 },
    { kind: 'haulage', amountPence: -18_270, vatRateBasisPoints: 2000 },
    { kind: 'deduction', amountPence: -3_333, vatRateBasisPoints: 2000 },
    { kind: 'levy', amountPence: -974, vatRateBasisPoints: 0 },
  ];

  it('derives every total from the lines, in exact pence', () => {
    expect(statementTotals(lines)).toEqual({
      grossPence: 824_693,
      qualityPence: -38,
      deductionsPence: -22_577,
      netBeforeVatPence: 802_078,
      // 20% of −21,603p is −4,320.6p: rounded towards zero, −4,320p.
      vatPence: -4_320,
      netPaidPence: 797_758,
      vat: [
        { rateBasisPoints: 0, basePence: 823_681, vatPence: 0 },
        { rateBasisPoints: 2000, basePence: -21_603, vatPence: -4_320 },
      ],
    });
  });

  it('gives the same totals whatever the order of the lines, and none for no lines', () => {
    expect(statementTotals([...lines].reverse())).toEqual(statementTotals(lines));
    expect(statementTotals([])).toMatchObject({ grossPence: 0, netPaidPence: 0, vat: [] });
  });

  it('adds a thousand lines of 10p and 20p to exactly £300, as floating point would not', () => {
    const many: TotalsLine[] = Array.from({ length: 1000 }, (_, i) => ({
      kind: 'load',
      amountPence: i % 2 === 0 ? 10 : 20,
      vatRateBasisPoints: 0,
    }));
    expect(statementTotals(many).grossPence).toBe(15_000);
  });
});

describe('quality terms and reconciliation', () => {
  const load = { crop: 'potatoes', kg: 24_360n, pencePerTonne: 18_250n };
  const qc = (values: Partial<QcValues>): QcValues => ({
    recordId: 1,
    inspectionDate: '2026-09-14',
    outcome: 'accepted',
    defectsPercent: 2,
    bruisingPercent: 3,
    dryMatterPercent: 20,
    sizeGrade: '45–65 mm',
    inspector: 'J. Marsh',
    ...values,
  });

  it('deducts defects over tolerance by weight, bruising per tonne, and pays a dry matter bonus', () => {
    const adjustments = qualityAdjustments(
      load,
      qc({
        outcome: 'accepted_with_deduction',
        defectsPercent: 7.2,
        bruisingPercent: 9.4,
        dryMatterPercent: 22.6,
      }),
    );
    // 2.2% of 24.360 t is 0.536 t (to the kg) at £182.50/t = £97.82.
    expect(adjustments.map((a) => a.amountPence)).toEqual([-9_782n, -36_540n, 9_744n]);
    expect(adjustments[0]?.description).toBe(
      'Grade deduction: defects 7.2% over the 5.0% tolerance, 0.536 t at £182.50/t',
    );
    expect(
      outcomeFor(load, { defectsPercent: 7.2, bruisingPercent: 3, dryMatterPercent: 20 }),
    ).toBe('accepted_with_deduction');
    expect(outcomeFor(load, { defectsPercent: 2, bruisingPercent: 3, dryMatterPercent: 23 })).toBe(
      'accepted',
    );
  });

  it('withholds the whole value of a rejected load', () => {
    expect(qualityAdjustments(load, qc({ outcome: 'rejected', defectsPercent: 18 }))).toEqual([
      expect.objectContaining({ amountPence: -444_570n }),
    ]);
  });

  it('says whether the applied adjustments agree with the QC result', () => {
    const line = { ...load, passportNumber: 'FFP-26-000001', lineId: 7 };
    const deducted = qc({ outcome: 'accepted_with_deduction', defectsPercent: 7.2 });
    expect(reconcileLoad(line, deducted, -9_782n)).toMatchObject({
      status: 'agrees',
      expectedPence: -9_782,
      appliedPence: -9_782,
    });
    const differs = reconcileLoad(line, deducted, -14_673n);
    expect(differs.status).toBe('differs');
    expect(differs.explanation).toContain('Applied -£146.73 against -£97.82 the terms give.');
    expect(reconcileLoad(line, qc({}), 0n)).toMatchObject({
      status: 'agrees',
      explanation: 'Within the quality terms: no adjustment.',
    });
    expect(reconcileLoad(line, null, 0n).status).toBe('no-qc');
  });
});
