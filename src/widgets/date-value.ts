import { logger } from '../core/logging/logger.ts';

/** How a date field stores its value: epoch seconds at 12:00 of the day, or "yyyy-MM-dd". */
export type DateStorage = 'epoch' | 'date-string';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is "yyyy-MM-dd" a real calendar day? */
function isRealDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * The stored value for a day picked in the field ("yyyy-MM-dd"): epoch seconds at 12:00 UTC of
 * that day (noon keeps the same calendar day in every UK and European time zone), or the day
 * itself. Clearing the field, or a day that does not exist, gives undefined.
 */
export function toStoredDate(day: string, storage: DateStorage): number | string | undefined {
  if (day === '') return undefined;
  if (!isRealDay(day)) {
    logger.warn('Valid date not supplied', day);
    return undefined;
  }
  if (storage === 'date-string') return day;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date, 12) / 1000;
}

/**
 * The "yyyy-MM-dd" a stored value shows as. A value that does not match the storage format is
 * logged as 'Date and storage format don't match' and ignored.
 */
export function fromStoredDate(value: unknown, storage: DateStorage): string {
  if (value === undefined || value === null || value === '') return '';
  if (storage === 'epoch' && typeof value === 'number' && Number.isFinite(value)) {
    return new Date(value * 1000).toISOString().slice(0, 10);
  }
  if (storage === 'date-string' && typeof value === 'string' && isRealDay(value)) return value;
  logger.warn("Date and storage format don't match", { value, storage });
  return '';
}
