import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(
      `"${command} ${args.join(' ')}" failed with exit code ${String(result.status)}.`,
    );
  }
}

/**
 * Playwright cannot download its own browser here, so the e2e tests drive Debian's Chromium.
 * When it is missing and we run as root, install it with apt-get and say so.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's "chromium" package ` +
        `(sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  console.log(
    `Chromium was not found at ${CHROMIUM_PATH}: installing Debian's "chromium" package with apt-get…`,
  );
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium']);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
  console.log(`Chromium installed at ${CHROMIUM_PATH}.`);
  return CHROMIUM_PATH;
}
