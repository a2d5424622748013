import { describe, expect, it } from 'vitest';
import { evaluateBps, type BpsInputs } from '../../../shared/calc/bps.ts';
import { methodFor } from '../../../shared/calc/tables.ts';

/** The worked examples of the domain facts §2.3 (AHDB's virtual farms and simple vectors). */
const method = methodFor('bps');
const pay = (inputs: BpsInputs) => evaluateBps(inputs, method).totals;

describe('BPS What If? (England 2021-2027): facts file §2.3', () => {
  describe('Example 1: AHDB 455 ha virtual arable farm, £104,850 in 2020', () => {
    it.each([
      [2021, 9_038_000, 1_447_000],
      [2022, 7_465_250, 3_019_750],
      [2023, 5_892_500, 4_592_500],
    ])('%i: the progressive reduction of £104,850', (year, payment, reduction) => {
      const t = pay({ year, amount: 104_850 });
      expect(t.payment_pence).toBe(payment);
      expect(t.reduction_pence).toBe(reduction);
      expect(t.scheme).toBe('bps');
    });

    it('2024: reference (104,850 + 90,380 + 74,653) / 3 = £89,961, paid £37,986.35', () => {
      const t = pay({ year: 2024, payments_2020_2022: [104_850, 90_380, 74_653] });
      expect(t.reference_amount_pence).toBe(8_996_100);
      expect(t.payment_pence).toBe(3_798_635);
      expect(t.payment).toBe(37_986.35);
      expect(t.scheme).toBe('delinked');
    });

    it.each([
      [2025, 720_000],
      [2026, 60_000],
      [2027, 60_000],
    ])('%i: capped at the year’s maximum', (year, payment) => {
      const t = pay({ year, payments_2020_2022: [104_850, 90_380, 74_653] });
      expect(t.payment_pence).toBe(payment);
      // At or above £30,000 AHDB's 2020-payment variant gives the same.
      expect(t.ahdb_variant_payment_pence).toBe(payment);
    });
  });

  describe('Example 2: AHDB 105 ha virtual dairy farm, £23,300 in 2020', () => {
    it.each([
      [2021, 2_213_500],
      [2022, 1_864_000],
      [2023, 1_514_500],
    ])('%i', (year, payment) => {
      expect(pay({ year, amount: 23_300 }).payment_pence).toBe(payment);
    });

    const payments: [number, number, number] = [23_300, 22_135, 18_640];
    it('2024: reference £21,358.33, paid £10,679.17 (half a penny kept rounds up)', () => {
      const t = pay({ year: 2024, payments_2020_2022: payments });
      expect(t.reference_amount_pence).toBe(2_135_833);
      expect(t.payment_pence).toBe(1_067_917);
    });

    it('2025: £5,126.00 on the rule; AHDB’s variant (2020 payment × 24%) £5,592', () => {
      const t = pay({ year: 2025, payments_2020_2022: payments });
      expect(t.payment_pence).toBe(512_600);
      expect(t.ahdb_variant_payment_pence).toBe(559_200);
    });

    it.each([2026, 2027])('%i: £427.17 on the rule; AHDB’s variant £466', (year) => {
      const t = pay({ year, payments_2020_2022: payments });
      expect(t.payment_pence).toBe(42_717);
      expect(t.ahdb_variant_payment_pence).toBe(46_600);
    });
  });

  it.each([
    [2023, 80_000, 4_650_000],
    [2024, 40_000, 1_950_000],
    [2025, 40_000, 720_000],
    [2024, 200_000, 7_400_000],
  ])('simple vector: %i, £%i → pence %i', (year, amount, payment) => {
    expect(pay({ year, amount }).payment_pence).toBe(payment);
  });

  it('shows each band’s slice: £200,000 in 2024 is 15,000 + 9,000 + 35,000 + 15,000 kept', () => {
    const r = evaluateBps({ year: 2024, amount: 200_000 }, method);
    expect(r.lines.map((l) => l.values.kept_pence)).toEqual([
      1_500_000, 900_000, 3_500_000, 1_500_000,
    ]);
    expect(r.lines.map((l) => l.values.slice_pence)).toEqual([
      3_000_000, 2_000_000, 10_000_000, 5_000_000,
    ]);
    expect(r.lines.map((l) => l.label)).toEqual([
      'Up to £30,000.00',
      '£30,000.00 to £50,000.00',
      '£50,000.00 to £150,000.00',
      'Over £150,000.00',
    ]);
  });

  it('works in whole pence without drift, and refuses fractions of a penny', () => {
    const t = pay({ year: 2021, amount: 0.1 + 0.2 });
    expect(t.amount_pence).toBe(30);
    expect(t.payment_pence).toBe(29); // 30p × 95% = 28.5p, kept rounds half up
    expect(() => pay({ year: 2021, amount: 10.005 })).toThrow(
      expect.objectContaining({ errors: { amount: ['Amount must be in whole pence'] } }),
    );
  });

  it('refuses a year without rates, and a missing or doubled amount, per field', () => {
    expect(() => pay({ year: 2020, amount: 1 })).toThrow(
      expect.objectContaining({ errors: { year: [expect.stringMatching(/2021/)] } }),
    );
    expect(() => pay({ year: 2024 })).toThrow(
      expect.objectContaining({ errors: { amount: [expect.stringMatching(/required/)] } }),
    );
    expect(() => pay({ year: 2024, amount: 1, payments_2020_2022: [1, 2, 3] })).toThrow(
      expect.objectContaining({ errors: { amount: [expect.stringMatching(/not both/)] } }),
    );
    expect(() => pay({ year: 2022, payments_2020_2022: [1, 2, 3] })).toThrow(
      expect.objectContaining({ errors: { payments_2020_2022: [expect.any(String)] } }),
    );
  });
});
