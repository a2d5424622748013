/** Times as the survey screens show them, in the configured locale (src/core/format). */
import { dateTimeFormat } from '../../core/format/numbers.ts';
const dateTime = dateTimeFormat({
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const time = dateTimeFormat({ hour: '2-digit', minute: '2-digit' });

/** A timestamp in the user's own time: "24 Nov 2026, 14:02". */
export const formatWhen = (iso: string): string => dateTime.format(new Date(iso));

/** A time of day in the user's own time: "14:02". */
export const formatTime = (at: Date): string => time.format(at);
