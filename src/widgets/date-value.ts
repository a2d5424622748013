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

/** What some text typed into a date field stands for. */
export type TypedDate =
  { kind: 'empty' } | { kind: 'day'; day: string } | { kind: 'invalid'; message: string };

type Part = 'dd' | 'MM' | 'yyyy';

/** The order of day, month and year in a date pattern such as "dd/MM/yyyy". */
function partsOf(pattern: string): Part[] {
  const parts: Part[] = ['dd', 'MM', 'yyyy'];
  return parts
    .filter((part) => pattern.includes(part))
    .sort((a, b) => pattern.indexOf(a) - pattern.indexOf(b));
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A typed date read in the order of the short date pattern (config/app.json dateFormats.short,
 * "dd/MM/yyyy" in en-GB), whatever the browser's language: "14/03/2026", "4/3/2026",
 * "14-03-2026", "14.03.2026" and, for phone keypads with no slash, "14032026". A day or month of
 * one or two digits, a four-digit year, separated by "/", "-", "." or spaces. A date in that
 * shape that does not exist ("31/02/2026") is "31/02/2026 is not a date"; any other text asks for
 * the pattern.
 */
export function parseTypedDate(text: string, pattern = 'dd/MM/yyyy'): TypedDate {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  const parts = partsOf(pattern);
  const hint = pattern.toLowerCase();
  const asked: TypedDate = {
    kind: 'invalid',
    message: `Enter the date as ${hint}, for example ${formatTypedDate('2026-03-14', pattern)}`,
  };
  if (parts.length !== 3) return asked;
  let numbers: string[] | undefined;
  const digit = (part: Part) => (part === 'yyyy' ? '(\\d{4})' : '(\\d{1,2})');
  const separated = new RegExp(`^${parts.map(digit).join('\\s*[-/.\\s]\\s*')}$`).exec(typed);
  if (separated) numbers = separated.slice(1);
  else if (/^\d{8}$/.test(typed)) {
    let at = 0;
    numbers = parts.map((part) => {
      const width = part === 'yyyy' ? 4 : 2;
      at += width;
      return typed.slice(at - width, at);
    });
  }
  if (!numbers) return asked;
  const value = (part: Part) => Number(numbers[parts.indexOf(part)]);
  const day = `${String(value('yyyy'))}-${two(value('MM'))}-${two(value('dd'))}`;
  return isRealDay(day)
    ? { kind: 'day', day }
    : { kind: 'invalid', message: `${typed} is not a date` };
}

/** A "yyyy-MM-dd" day as the date field shows it, in the short date pattern ("14/03/2026"). */
export function formatTypedDate(day: string, pattern = 'dd/MM/yyyy'): string {
  const m = ISO_DAY.exec(day);
  if (!m) return '';
  const values: Record<Part, string> = { yyyy: m[1] ?? '', MM: m[2] ?? '', dd: m[3] ?? '' };
  return pattern.replace(/dd|MM|yyyy/g, (part) => values[part as Part]);
}
