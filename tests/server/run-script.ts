import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** How a script run ended: its exit code and everything it printed. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run NAME -- ARGS` as an operator runs it (scripts/NAME.ts, without npm's own noise), with
 * no DATABASE_URL unless `env` gives one.
 */
export function runScript(
  name: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, `scripts/${name}.ts`), ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
