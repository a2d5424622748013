import { numberFormat } from '../../core/format/numbers.ts';

/** The server's upload limit: files must be under 5 MiB (the spec's "under 5Mb"). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UPLOAD_HINT = 'An image, office document or PDF under 5Mb.';

const units = ['bytes', 'KB', 'MB'] as const;
const oneDecimal = numberFormat({ maximumFractionDigits: 1 });

/** "812 bytes", "14.2 KB", "3.1 MB" (binary multiples, as file managers show them). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${oneDecimal.format(value)} ${units[unit] ?? 'bytes'}`;
}
