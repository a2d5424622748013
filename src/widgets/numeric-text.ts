/** How a numeric field may be typed (spec section 5). */
export interface NumericRules {
  /** Decimal places allowed; 0 allows no decimal separator. */
  decimals: number;
  /** Whether a leading minus is allowed. */
  allowNegative: boolean;
}

/**
 * What a numeric field keeps of some typed, pasted or dropped text: digits only, one dot when
 * decimals is above 0, a leading minus when negatives are allowed, and no more decimal places
 * than allowed. Everything else is dropped.
 */
export function sanitiseNumeric(text: string, rules: NumericRules): string {
  const negative = rules.allowNegative && text.trimStart().startsWith('-');
  let whole = '';
  let fraction = '';
  let seenDot = false;
  for (const char of text) {
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
