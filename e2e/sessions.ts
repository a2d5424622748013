import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * Each demo account logs in once per run (sessions.setup.ts, through the login form) and every
 * test that is not about logging in reuses that session: scrypt makes a login cost half a
 * second of a busy machine's CPU, and five of them in one test used to time it out.
 *
 * A saved session is what the portal keeps after a login: the session token in sessionStorage
 * (this tab only, in production), the last farm, unit and plan in localStorage, and cookies.
 * Playwright's storageState carries no sessionStorage, so the session is written into each new
 * tab by an init script, once per tab, so that a test that logs out stays logged out.
 */

export const DEMO_ACCOUNTS = [
  'farmer@example.com',
  'multi@example.com',
  'buyer@example.com',
  'processor@example.com',
  'adviser@example.com',
  'dairy@example.com',
] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

const SESSIONS_DIR = path.resolve(import.meta.dirname, '../test-results/e2e-sessions');
const SEEDED_FLAG = 'fdp.e2e.sessionSeeded';

interface SavedSession {
  origin: string;
  cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
  sessionStorage: Record<string, string>;
  localStorage: Record<string, string>;
}

const fileOf = (account: DemoAccount) => path.join(SESSIONS_DIR, `${account}.json`);

/** Saves the session of a page that has just logged in (sessions.setup.ts). */
export async function saveSession(page: Page, account: DemoAccount): Promise<void> {
  const storages = await page.evaluate(() => {
    const read = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').map((key) => [
          key,
          storage.getItem(key) ?? '',
        ]),
      );
    return { sessionStorage: read(sessionStorage), localStorage: read(localStorage) };
  });
  const origin = new URL(page.url()).origin;
  const saved: SavedSession = {
    origin,
    cookies: await page.context().cookies(origin),
    ...storages,
  };
  mkdirSync(SESSIONS_DIR, { recursive: true });
  writeFileSync(fileOf(account), JSON.stringify(saved, null, 2));
}

/**
 * Opens the portal in this page as the account, already logged in with its session of this
 * run, on the dashboard. For tests about logging in or out, or that end the session on the
 * server, use login() instead: they need a session of their own.
 */
export async function signedInAs(page: Page, account: DemoAccount): Promise<void> {
  const saved = JSON.parse(readFileSync(fileOf(account), 'utf8')) as SavedSession;
  await page.context().addCookies(saved.cookies);
  await page.addInitScript(
    ({ origin, flag, session, local }) => {
      if (location.origin !== origin || sessionStorage.getItem(flag) !== null) return;
      sessionStorage.setItem(flag, '1');
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
      for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
    },
    {
      origin: saved.origin,
      flag: SEEDED_FLAG,
      session: saved.sessionStorage,
      local: saved.localStorage,
    },
  );
  await page.goto('/dashboard');
  await expect(page.getByText(/^Logged in as /)).toBeVisible();
}
