import { formatDatePattern } from '../../../shared/date-format.ts';
import { appConfig } from '../config.ts';

export { toDate } from '../../../shared/date-format.ts';

export type DateFormatName = 'short' | 'medium' | 'long' | 'monthYear' | 'dayMonth';

/**
 * A date in one of the configured formats (config/app.json dateFormats), read in UTC so that a
 * stored day is the day shown wherever the browser is. '' when there is no valid date.
 */
export function formatDate(
  value: unknown,
  format: DateFormatName,
  formats: Record<DateFormatName, string> = appConfig.dateFormats,
): string {
  return formatDatePattern(value, formats[format]);
}
