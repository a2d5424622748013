/**
 * The forms' Markdown is plain text (src/widgets/PlainTextMarkdown.tsx): an alias for Vite and
 * Vitest alike, so that RJSF's templates import it instead of markdown-to-jsx.
 */
export const plainTextMarkdownAlias = {
  find: /^markdown-to-jsx\/react$/,
  replacement: new URL('../../src/widgets/PlainTextMarkdown.tsx', import.meta.url).pathname,
};
