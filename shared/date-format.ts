/**
 * Dates as config/app.json's dateFormats show them ("dd MMM yyyy", "MMM yyyy"…), for the portal's
 * lists and reports and for the server's messages, so that both say a date the same way.
 */

/** The tokens a date format may use; everything else in it is shown as written. */
export const DATE_TOKEN = /dd|MMMM|MMM|MM|yyyy/g;

// Names come from Intl; "en" gives the three-letter short months the patterns expect ("Sep").
const shortMonth = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });

const two = (n: number) => String(n).padStart(2, '0');

/** A stored date as a Date: epoch seconds, a yyyy-MM-dd day, or a Date. Undefined if none. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value * 1000);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
}

/**
 * A date in a format pattern such as "MMM yyyy", read in UTC so that a stored day is the day
 * shown wherever it is shown. '' when there is no valid date.
 */
export function formatDatePattern(value: unknown, pattern: string): string {
  const date = toDate(value);
  if (!date) return '';
  return pattern.replace(DATE_TOKEN, (token) => {
    switch (token) {
      case 'dd':
        return two(date.getUTCDate());
      case 'MM':
        return two(date.getUTCMonth() + 1);
      case 'MMM':
        return shortMonth.format(date);
      case 'MMMM':
        return longMonth.format(date);
      default:
        return String(date.getUTCFullYear());
    }
  });
}
