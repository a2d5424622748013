import { poundsText } from '../../../shared/remittance/money.ts';
import { moneyFormat, numberFormat } from '../../core/format/numbers.ts';

/**
 * Whole pence as the configured currency shows money (£1,234.05, -£12.30), formatted from the
 * exact decimal text (poundsText): Intl reads a numeric string without turning it into a binary
 * fraction first, so no amount is ever rounded on its way to the screen.
 */
export const formatPence = (pence: number): string =>
  moneyFormat().format(poundsText(pence) as Intl.StringNumericLiteral);

/** Tonnes to the kilogram, as exact text from the API ("24.360" → "24.360"). */
export const formatTonnes = (tonnes: string): string =>
  numberFormat({ minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(
    tonnes as Intl.StringNumericLiteral,
  );

/** A VAT rate in basis points as a per cent: 2000 → "20%". */
export const formatVatRate = (basisPoints: number): string =>
  `${numberFormat({ maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;
