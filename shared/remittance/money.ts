/**
 * Money and weights on a remittance statement, exact: money is whole pence, carried as a safe
 * integer in the API and worked with as BigInt here; tonnes are a decimal text with three places
 * (kilograms), as the database's numeric keeps them. No amount is ever a binary fraction.
 */

/** A whole number of pence from the API or the database (an int8 arrives as text from pg). */
export function pence(value: number | bigint | string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${String(value)} is not whole pence`);
    return BigInt(value);
  }
  if (!/^-?\d{1,15}$/.test(value)) throw new RangeError(`${value} is not whole pence`);
  return BigInt(value);
}

/** Pence for the API: a JSON number, refused past 2^53 (about £90 trillion) rather than rounded. */
export function penceNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${value.toString()} pence is out of range`);
  return n;
}

/** "-1234.05" for -123405 pence: the exact amount in pounds, for CSV and for Intl formatting. */
export function poundsText(amount: number | bigint): string {
  const p = pence(amount);
  const negative = p < 0n;
  const abs = negative ? -p : p;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Kilograms in a tonnage text with at most three decimals ("24.36" → 24360); RangeError else. */
export function kilograms(tonnes: string): bigint {
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(tonnes);
  if (!match) throw new RangeError(`${tonnes} is not a weight in tonnes to the kilogram`);
  return BigInt(match[1] ?? '0') * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
}

/** "24.360" for 24360 kg: tonnes with three decimals, as the database's numeric(9,3) writes them. */
export function tonnesText(kg: bigint): string {
  if (kg < 0n) throw new RangeError('A weight is never negative');
  return `${(kg / 1000n).toString()}.${(kg % 1000n).toString().padStart(3, '0')}`;
}

/** a / b rounded to the nearest whole number, halves away from zero (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('divisor must be positive');
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return negative ? -q : q;
}

/**
 * The value of a weight at a price per tonne, to the nearest penny (halves up): 24.360 t at
 * £182.50/t is 24360 × 18250 / 1000 = 444,570 pence, £4,445.70.
 */
export function valueAtPrice(kg: bigint, pencePerTonne: bigint): bigint {
  return divideRounded(kg * pencePerTonne, 1000n);
}
