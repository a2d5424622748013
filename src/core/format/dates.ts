import { appConfig } from '../config.ts';

export type DateFormatName = 'short' | 'medium' | 'long' | 'monthYear' | 'dayMonth';

const TOKEN = /dd|MMMM|MMM|MM|yyyy/g;

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
 * A date in one of the configured formats (config/app.json dateFormats), read in UTC so that a
 * stored day is the day shown wherever the browser is. '' when there is no valid date.
 */
export function formatDate(
  value: unknown,
  format: DateFormatName,
  formats: Record<DateFormatName, string> = appConfig.dateFormats,
): string {
  const date = toDate(value);
  if (!date) return '';
  return formats[format].replace(TOKEN, (token) => {
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
