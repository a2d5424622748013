import { dateTimeFormat } from './numbers.ts';

const TIME = { hour: '2-digit', minute: '2-digit' } as const;
const DAY_AND_TIME = { day: 'numeric', month: 'short', year: 'numeric', ...TIME } as const;

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/**
 * When something happened on this device, in the user's own time zone: the time alone today
 * ("14:02"), with the date on any other day ("27 Nov 2026, 14:02").
 */
export function formatMoment(ms: number, now: number = Date.now()): string {
  const at = new Date(ms);
  return dateTimeFormat(sameDay(at, new Date(now)) ? TIME : DAY_AND_TIME).format(at);
}
