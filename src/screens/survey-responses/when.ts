import { dateTimeFormat } from '../../core/format/numbers.ts';

const dateTime = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A moment in the response's life, in UTC as the server keeps it: "24 Nov 2026, 09:15 UTC". */
export const when = (at: string) => `${dateTime.format(new Date(at))} UTC`;
