import DOMPurify from 'dompurify';

/**
 * Every HTML string from the server or config goes through here before it is rendered: scripts,
 * event handlers, javascript: URLs, forms and frames are removed; ordinary formatting stays.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
    ],
    FORBID_ATTR: ['style'],
  });
}
