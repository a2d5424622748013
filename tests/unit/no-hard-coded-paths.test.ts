import { describe, expect, it } from 'vitest';
import { PORTAL_ROUTES } from '../../shared/access/portal-config.ts';

/*
 * The portal's code names a page only through config/app.json's named paths (src/core/config.ts
 * appPaths), which `npm run validate:config` checks against config/routes.json. A path written
 * into the code as a string would escape that check, so this test looks for the path of any
 * route of config/routes.json quoted in src/ ('/dashboard', "/login", `/units/list?…`).
 * The files are read through Vite's import.meta.glob: unit tests have no Node types.
 */
const sources = import.meta.glob<string>('../../src/**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Route paths worth looking for: not the root or the catch-all, which match too much. */
const routePaths = PORTAL_ROUTES.map((r) => r.path).filter((p) => p !== '/' && p !== '*');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('src/ names no portal path of its own', () => {
  it('finds the files to look through', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(routePaths).toContain('/dashboard');
  });

  it('quotes no route path of config/routes.json, which config/app.json paths should name', () => {
    const quoted = new RegExp(`(['"\`])(${routePaths.map(escape).join('|')})(?=\\1|[?#])`, 'g');
    const found = Object.entries(sources).flatMap(([file, text]) =>
      text
        .split('\n')
        .flatMap((line, i) =>
          [...line.matchAll(quoted)].map(
            (m) => `${file.replace('../../', '')}:${String(i + 1)}: ${m[2] ?? ''}`,
          ),
        ),
    );
    expect(found, 'name these through appPaths (config/app.json "paths")').toEqual([]);
  });
});
