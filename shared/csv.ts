/**
 * A minimal CSV writer (RFC 4180): fields holding a comma, a double quote, CR or LF are quoted,
 * quotes doubled; records end with CRLF. `withBom` starts the text with U+FEFF so that Excel
 * reads it as UTF-8 (CO₂, £, –). Numbers are written as JavaScript writes them (a dot for the
 * decimal point, no grouping), so a spreadsheet reads them as numbers.
 */
export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvValue[])[], { withBom = false } = {}): string {
  const body = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  return `${withBom ? '\uFEFF' : ''}${body}${rows.length > 0 ? '\r\n' : ''}`;
}

/** What a spreadsheet may read as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula ("=HYPERLINK(…)", "+1", "@SUM") gets a
 * leading apostrophe, as OWASP advises, so that it shows as the text it is. Numbers are left as
 * they are: written by the server from a number, "-5" is data, not a formula.
 */
export function guardFormula(value: CsvValue): CsvValue {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV record, CRLF included, each text cell guarded against formula injection. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map((value) => csvField(guardFormula(value))).join(',')}\r\n`;
}
