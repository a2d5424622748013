/**
 * `npm run sso-token -- USERNAME`: mints a single-use sign-in token (valid five minutes) and
 * prints the /auth?token=... address to open. With the server running it asks the server (the
 * embedded database admits one process); otherwise it writes to the database itself.
 */
import appConfig from '../config/app.json' with { type: 'json' };
import { ADMIN_KEY_HEADER } from '../server/auth/internal-routes.ts';
import { readAdminKey } from '../server/auth/admin-key.ts';
import { mintSsoToken } from '../server/auth/sso.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader } from '../shared/signing.ts';

const username = process.argv[2];
if (!username) {
  console.error('Usage: npm run sso-token -- USERNAME   (for example farmer@example.com)');
  process.exit(2);
}

const config = readConfig();
const origin = process.env.PUBLIC_URL ?? `http://localhost:${String(config.port)}`;

async function viaServer(): Promise<string | undefined> {
  const adminKey = await readAdminKey(config.dataDir);
  if (adminKey === undefined) return undefined;
  const csrf = 'sso-token-script';
  let response: Response;
  try {
    response = await fetch(`http://localhost:${String(config.port)}/api/internal/sso-tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [ADMIN_KEY_HEADER]: adminKey,
        [AuthHeader.ApplicationKey]: appConfig.applicationKey,
        [AuthHeader.AntiForgery]: csrf,
        cookie: `${ANTI_FORGERY_COOKIE}=${csrf}`,
      },
      body: JSON.stringify({ username }),
    });
  } catch {
    return undefined; // not running: write to the database directly
  }
  const body = (await response.json()) as { data?: { token: string }; msg?: string };
  if (!response.ok || !body.data)
    throw new Error(body.msg ?? `The server answered ${String(response.status)}.`);
  return body.data.token;
}

async function viaDatabase(): Promise<string> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    return await mintSsoToken(db, username as string);
  } finally {
    await db.close();
  }
}

try {
  const token = (config.databaseUrl ? undefined : await viaServer()) ?? (await viaDatabase());
  console.log(`Single sign-on link for ${username} (single use, valid for 5 minutes):`);
  console.log(`${origin}/auth?token=${encodeURIComponent(token)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
