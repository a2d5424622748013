import { dateTimeFormat } from '../format/numbers.ts';

const TIME = dateTimeFormat({ hour: '2-digit', minute: '2-digit' });
const DAY = dateTimeFormat({ day: 'numeric', month: 'long' });
const DAY_OF_YEAR = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** When a draft was kept, as its notice says it: "14:02" today, "14:02 on 3 November" before. */
export function draftTime(savedAt: Date, now = new Date()): string {
  const time = TIME.format(savedAt);
  if (sameDay(savedAt, now)) return time;
  const day = savedAt.getFullYear() === now.getFullYear() ? DAY : DAY_OF_YEAR;
  return `${time} on ${day.format(savedAt)}`;
}
