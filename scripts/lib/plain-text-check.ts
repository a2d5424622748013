/**
 * Every label, description and help text of config is plain text: the forms ship no Markdown
 * parser (src/widgets/PlainTextMarkdown.tsx takes markdown-to-jsx's place), so a uiSchema asking
 * RJSF for Markdown (`enableMarkdownInDescription`, `enableMarkdownInHelp`, with or without the
 * `ui:` prefix) would show its asterisks and brackets as they are. Problems name the file, a JSON
 * pointer and a hint, as config-references.ts does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

const MARKDOWN_OPTION = /^(?:ui:)?enableMarkdownIn(?:Description|Help)$/;

const escapeToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

function findOptions(value: unknown, pointer: string, found: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => findOptions(item, `${pointer}/${String(index)}`, found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${escapeToken(key)}`;
    if (MARKDOWN_OPTION.test(key)) found.push(at);
    findOptions(child, at, found);
  }
}

export function checkPlainText(configDir: string, rel: (file: string) => string): Problem[] {
  const files = readdirSync(configDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .sort();
  const problems: Problem[] = [];
  for (const file of files) {
    const full = path.join(configDir, file);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(full, 'utf8'));
    } catch {
      continue; // validate-config reports a file that is not JSON
    }
    const found: string[] = [];
    findOptions(data, '', found);
    for (const pointer of found) {
      problems.push({
        file: rel(full),
        pointer,
        message: 'asks for Markdown, which the forms do not render (their texts are plain)',
        hint: 'remove the option and write the text plainly',
      });
    }
  }
  return problems;
}
