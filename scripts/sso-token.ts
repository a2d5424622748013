/**
 * `npm run sso-token -- USERNAME`: mints a single-use sign-in token (valid five minutes) and
 * prints the /auth?token=... address to open. With a server holding DATA_DIR it asks that server
 * (the embedded database admits one process); otherwise it takes DATA_DIR's lock and writes to
 * the database itself. With DATABASE_URL it writes to PostgreSQL directly.
 */
import { mintSsoToken } from '../server/auth/sso.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { exitWith, failureOf, ToolError, withServerOrLock } from './lib/data-dir-tools.ts';

const username = process.argv[2];
if (!username) {
  console.error('Usage: npm run sso-token -- USERNAME   (for example farmer@example.com)');
  process.exit(2);
}

const config = readConfig();
/** Where the link points: PUBLIC_URL, else the port of the server that minted it. */
let port = config.port;

async function viaDatabase(user: string): Promise<string> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    return await mintSsoToken(db, user);
  } finally {
    await db.close();
  }
}

try {
  const token = config.databaseUrl
    ? await viaDatabase(username)
    : await withServerOrLock(
        config,
        'sso-token',
        async (server) => {
          port = server.owner.port ?? port;
          const response = await server.call('POST', '/api/internal/sso-tokens', { username });
          if (!response.ok) throw new ToolError(await failureOf(response));
          return ((await response.json()) as { data: { token: string } }).data.token;
        },
        () => viaDatabase(username),
      );
  console.log(`Single sign-on link for ${username} (single use, valid for 5 minutes):`);
  const origin = process.env.PUBLIC_URL ?? `http://localhost:${String(port)}`;
  console.log(`${origin}/auth?token=${encodeURIComponent(token)}`);
} catch (error) {
  exitWith(error);
}
