import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const adminKeyPath = (dataDir: string) => path.join(dataDir, 'admin.key');

/** A fresh key at every start, readable by the server's user only. */
export async function writeAdminKey(dataDir: string): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(adminKeyPath(dataDir), key, { mode: 0o600 });
  return key;
}

export async function readAdminKey(dataDir: string): Promise<string | undefined> {
  try {
    return (await readFile(adminKeyPath(dataDir), 'utf8')).trim();
  } catch {
    return undefined;
  }
}
