import { toCsv, type CsvValue } from '../../../shared/csv.ts';
import { downloadText } from './download.ts';

/** One table of a calculator's CSV: its header row and its rows. */
export interface CsvSection {
  header: readonly string[];
  rows: readonly (readonly CsvValue[])[];
}

export interface CalculatorCsv {
  title: string;
  unitName: string;
  methodVersion: string;
  /** Further choices the result depends on (GWP set, scheme year…), one line each. */
  settings?: readonly (readonly [string, CsvValue])[];
  /** The inputs, then the results: each a table, a blank line between. */
  sections: readonly CsvSection[];
}

/**
 * A calculator's inputs and results as CSV for a spreadsheet (UTF-8 with a BOM for Excel): the
 * title, the unit, the method version and the settings first, so that a file read months later
 * still says how its figures were worked out.
 */
export function calculatorCsv({
  title,
  unitName,
  methodVersion,
  settings = [],
  sections,
}: CalculatorCsv): string {
  const rows: CsvValue[][] = [
    [title],
    ['Unit', unitName],
    ['Method', methodVersion],
    ...settings.map(([label, value]) => [label, value]),
  ];
  for (const section of sections)
    rows.push([], [...section.header], ...section.rows.map((r) => [...r]));
  return toCsv(rows, { withBom: true });
}

/** Figures to 0.001: enough for kg and pence, no float noise in a spreadsheet. */
export const csvRound = (n: number | null | undefined): number | null =>
  n === null || n === undefined ? null : Math.round(n * 1000) / 1000;

/** A file name such as ghg-dairy-home-farm-2026-11-24.csv. */
export function csvFileName(calculator: string, unitName: string, today: Date): string {
  const slug = unitName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const date = today.toISOString().slice(0, 10);
  return `${calculator}-${slug || 'unit'}-${date}.csv`;
}

/** Saves a calculator's CSV as a file named after the calculator, the unit and today. */
export function downloadCalculatorCsv(csv: CalculatorCsv, calculator: string): void {
  downloadText(calculatorCsv(csv), csvFileName(calculator, csv.unitName, new Date()), 'text/csv');
}
