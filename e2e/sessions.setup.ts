import { test as setup } from '@playwright/test';
import { login } from './helpers.ts';
import { DEMO_ACCOUNTS, saveSession } from './sessions.ts';

// One login per demo account per run; every other test reuses these sessions (sessions.ts).
for (const account of DEMO_ACCOUNTS) {
  setup(`log in as ${account}`, async ({ page }) => {
    await login(page, account);
    await saveSession(page, account);
  });
}
