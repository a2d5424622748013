import { describe, expect, it } from 'vitest';
import contextFlags from '../../config/context-flags.json';
import readme from '../../README.md?raw';

/**
 * The context flags have one source, config/context-flags.json, which the condition schema's
 * documentation, both evaluators and the README share. The README's copy is a table under the
 * heading "### Context flags" with the columns Flag (in backticks), Meaning (the description) and
 * Known to (session or brand, as the file says); this test fails when it lists other flags than
 * the file, or other words for them.
 */
const HEADING = '### Context flags';

/** The cells of one Markdown table row, an escaped pipe (\|) kept inside its cell. */
const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll('\\|', '|'));

/** The first table after the heading, as its header and rows; null when there is none. */
function tableUnder(markdown: string, heading: string) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  // The section ends at the next heading of any level.
  const end = rest.findIndex((line) => /^#{1,6} /.test(line));
  const section = end < 0 ? rest : rest.slice(0, end);
  const first = section.findIndex((line) => line.trim().startsWith('|'));
  if (first < 0) return null;
  const after = section.slice(first);
  const last = after.findIndex((line) => !line.trim().startsWith('|'));
  const table = after.slice(0, last < 0 ? after.length : last).map(cells);
  const [header = [], , ...rows] = table;
  return { header, rows };
}

describe('the README lists the context flags of config/context-flags.json', () => {
  const table = tableUnder(readme, HEADING);

  it(`has a table under "${HEADING}"`, () => {
    expect(table, `README.md needs a "${HEADING}" heading followed by a table`).not.toBeNull();
    expect(table?.header).toEqual(['Flag', 'Meaning', 'Known to']);
  });

  it('lists exactly the flags of the file, each with its description and who knows it', () => {
    const listed = (table?.rows ?? []).map(([flag = '', meaning = '', known = '']) => ({
      flag: flag.replace(/^`(.*)`$/, '$1'),
      meaning,
      known,
    }));
    const expected = contextFlags.flags.map((entry) => ({
      flag: entry.flag,
      meaning: entry.description,
      known: entry.known,
    }));
    const byFlag = (a: { flag: string }, b: { flag: string }) => a.flag.localeCompare(b.flag);
    expect([...listed].sort(byFlag)).toEqual([...expected].sort(byFlag));
  });
});
