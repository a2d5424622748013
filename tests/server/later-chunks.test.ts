import { describe, expect, it } from 'vitest';
import { signedInModules, type ModuleInfoOf } from '../../scripts/vite/later-chunks.ts';

/**
 * The two chunk groups of a signed-in page (scripts/vite/later-chunks.ts), on a small module
 * graph: each module's static and lazy imports, `main` the entry.
 */
const GRAPH: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }> = {
  main: { imports: ['app'], lazy: ['publicPages'], entry: true },
  app: {},
  publicPages: { lazy: ['login', 'contact', 'signedInPages'] },
  login: { imports: ['form'] },
  contact: { imports: ['reads'] },
  signedInPages: { imports: ['shell'], lazy: ['home', 'records'] },
  shell: { imports: ['menus', 'app', 'reads'] },
  menus: {},
  home: { imports: ['figures', 'table', 'reads', 'form'] },
  records: { imports: ['table', 'rjsf'] },
  figures: {},
  table: {},
  reads: {},
  form: {},
  rjsf: {},
};

const infoOf: ModuleInfoOf = (id) => {
  const node = GRAPH[id];
  if (!node) return null;
  return {
    importedIds: node.imports ?? [],
    dynamicallyImportedIds: node.lazy ?? [],
    isEntry: node.entry === true,
  };
};

describe('the signed-in chunk groups', () => {
  const { signedIn, shared } = signedInModules(infoOf, Object.keys(GRAPH), {
    signedIn: ['shell', 'signedInPages'],
    home: 'home',
    publicPages: 'publicPages',
    login: 'login',
  });

  it('puts the shell and what the home screen shares with other screens in one group', () => {
    expect([...signedIn].sort()).toEqual(['menus', 'shell', 'signedInPages', 'table']);
  });

  it('gives what the public pages load too a group of its own, and leaves the rest alone', () => {
    expect([...shared]).toEqual(['reads']);
    for (const left of ['main', 'app', 'login', 'form', 'home', 'figures', 'records', 'rjsf'])
      expect(signedIn.has(left) || shared.has(left), left).toBe(false);
  });

  it('refuses a public pages module that does not name the login page', () => {
    expect(() =>
      signedInModules(infoOf, Object.keys(GRAPH), {
        signedIn: ['shell', 'signedInPages'],
        home: 'home',
        publicPages: 'publicPages',
        login: 'nowhere',
      }),
    ).toThrow(/does not name nowhere/);
  });
});
