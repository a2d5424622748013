import { moneyFormat, numberFormat } from '../../core/format/numbers.ts';

const whole = numberFormat({ maximumFractionDigits: 0 });
const oneDecimal = numberFormat({
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const twoDecimals = numberFormat({
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const pounds = moneyFormat({
  maximumFractionDigits: 0,
});

const or = (format: (n: number) => string) => (value: number | null) =>
  value === null ? '—' : format(value);

/** Report cells: a figure, or a dash when it cannot be worked out. */
export const fmt = {
  whole: or((n) => whole.format(n)),
  one: or((n) => oneDecimal.format(n)),
  two: or((n) => twoDecimals.format(n)),
  pounds: or((n) => pounds.format(n)),
};
