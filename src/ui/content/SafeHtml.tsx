import { useMemo } from 'react';
import { sanitizeHtml } from '../../core/security/sanitize.ts';

/** HTML from the server or config, sanitised before it reaches the page. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
