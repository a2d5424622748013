// @vitest-environment jsdom
// DOMPurify needs a faithful HTML parser; happy-dom's mis-parses hostile markup, so this test
// runs on jsdom (the browser itself is covered by the e2e tests).
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/core/security/sanitize.ts';

describe('sanitizeHtml', () => {
  it.each([
    [
      '<p>Due by 31 March.</p><img src="x" onerror="alert(1)">',
      '<p>Due by 31 March.</p><img src="x">',
    ],
    ['<a href="javascript:alert(1)">Help</a>', '<a>Help</a>'],
    ['<script>alert(1)</script><b>Saved</b>', '<b>Saved</b>'],
    ['<iframe src="https://evil.example"></iframe>Hi', 'Hi'],
    ['<form action="https://evil.example"><input name="password"></form>', ''],
    ['<p style="background:url(https://evil.example)">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('%s → %s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it('keeps ordinary formatting and safe links', () => {
    const html =
      '<h2>Help</h2><p>Call <a href="tel:01904555">01904 555</a> or read <a href="https://example.com/faq">the FAQ</a>.</p><ul><li><strong>One</strong></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });
});
