import type { ReactNode } from 'react';

/**
 * What the record, survey and assessment forms render where RJSF would render Markdown: the text
 * as it is. RJSF's templates import markdown-to-jsx for descriptions and help marked
 * `enableMarkdownInDescription` / `enableMarkdownInHelp` (which `npm run validate:config`
 * refuses in config: every label and description is plain text) and for a few of its own
 * messages; the build points `markdown-to-jsx/react` here (scripts/vite/plain-text-markdown.ts),
 * so no Markdown parser ships with the forms. React escapes the text, so nothing in it runs.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <span>{children}</span>;
}
