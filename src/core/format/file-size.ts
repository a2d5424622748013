import { numberFormat } from './numbers.ts';

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
