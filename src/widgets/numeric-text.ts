/** How a numeric field may be typed (spec section 5). */
export interface NumericRules {
  /** Decimal places allowed; 0 allows no decimal separator. */
  decimals: number;
  /** Whether a leading minus is allowed. */
  allowNegative: boolean;
}

/** Digits grouped in threes with commas, as en-GB writes thousands: 1,234 or 12,345,678. */
const UK_GROUPED = /^\d{1,3}(?:,\d{3})+$/;

/**
 * Reads the commas in the digits, dots and commas of some text (the config locale is en-GB:
 * "." is the decimal separator and "," groups thousands), and gives the text with dots only.
 *
 * The rule for a comma:
 * - when there is a dot, every comma groups thousands and is dropped: "1,234.5" is 1234.5;
 * - when there is no dot and the commas group the digits in threes as en-GB does ("1,234",
 *   "12,345,678"), they group thousands and are dropped: an ambiguous "1,234" is one thousand
 *   two hundred and thirty-four, as a British reader reads it;
 * - otherwise, where grouping cannot apply (a comma followed by 1 or 2 digits, by more than 3,
 *   by nothing yet, or after more than 3 digits), the first comma is the decimal separator and
 *   any others are dropped: "4,05" is 4.05, "0,5" is 0.5, "4," is "4." still being typed.
 *
 * A comma typed into a field is therefore a decimal separator as soon as it is typed (nothing
 * follows it yet), and shows as a dot; a pasted or dropped "1,234" is a thousand and more.
 */
function commasAsDots(core: string): string {
  if (!core.includes(',')) return core;
  if (core.includes('.') || UK_GROUPED.test(core)) return core.replaceAll(',', '');
  const first = core.indexOf(',');
  return `${core.slice(0, first)}.${core.slice(first + 1).replaceAll(',', '')}`;
}

/**
 * What a numeric field keeps of some typed, pasted or dropped text: digits only, one decimal
 * separator (a dot, or a comma read as one by the rule of `commasAsDots`) when decimals is
 * above 0, a leading minus when negatives are allowed, no more decimal places than allowed, and
 * no leading zeros before another digit (clearing a 0 and typing 7 never shows "07"). Everything
 * else is dropped.
 */
export function sanitiseNumeric(text: string, rules: NumericRules): string {
  const negative = rules.allowNegative && text.trimStart().startsWith('-');
  const core = commasAsDots(text.replace(/[^0-9.,]/g, ''));
  let whole = '';
  let fraction = '';
  let seenDot = false;
  for (const char of core) {
    if (char >= '0' && char <= '9') {
      if (seenDot) {
        if (fraction.length < rules.decimals) fraction += char;
      } else {
        whole += char;
      }
    } else if (char === '.' && rules.decimals > 0 && !seenDot) {
      seenDot = true;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${whole}${seenDot ? `.${fraction}` : ''}`;
}

/**
 * The number a field's text stands for: undefined when empty (or 0 with defaultZero), and
 * undefined for a lone "-" or "." that is still being typed.
 */
export function parseNumeric(text: string, defaultZero = false): number | undefined {
  if (text === '' || text === '-' || text === '.' || text === '-.') {
    return defaultZero && text === '' ? 0 : undefined;
  }
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The text a stored number is shown as, with no more decimal places than allowed. */
export function formatNumeric(value: unknown, decimals: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const factor = 10 ** decimals;
  return String(Math.round(value * factor) / factor);
}
