import { appConfig } from '../config.ts';

const startOfDay = (at: number): number => new Date(at).setHours(0, 0, 0, 0);
const DAY_MS = 86_400_000;

/**
 * When something was last had from the server, as a phrase that follows "as of" or "Last
 * synced": "today at 14:02", "yesterday at 14:02", "on 27 November at 14:02" (the year too when
 * it is not this one), in the portal's locale and the device's time zone.
 */
export function formatSyncTime(at: number, now = Date.now(), locale = appConfig.locale): string {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  // Whole days between the two dates, by the calendar (a change of clocks makes a day 23 hours).
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `yesterday at ${time}`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  const date = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(at);
  return `on ${date} at ${time}`;
}
