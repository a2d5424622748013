import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from '../../src/core/navigation/return-url.ts';

const ORIGIN = 'https://acme-foods.farmdata.example';

describe('safeReturnUrl', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/unit/records/animal?page=2#top', '/unit/records/animal?page=2#top'],
    ['/units/list?search=hill', '/units/list?search=hill'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnUrl(input, ORIGIN)).toBe(expected);
  });

  it.each([
    'https://evil.example/dashboard',
    '//evil.example/dashboard',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '',
    null,
    undefined,
    '/login',
    '/login?returnUrl=/dashboard',
  ])('refuses %s', (input) => {
    expect(safeReturnUrl(input, ORIGIN)).toBeNull();
  });
});
