import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where a test's copy of the config lives: the temp root, and config/ inside it. */
export interface ConfigCopy {
  root: string;
  dir: string;
}

/**
 * Before each test, a fresh copy of config/, schemas/ and themes/ side by side under a temp
 * root (so that every "$schema" path still resolves) for the test to break; removed after.
 * `use` receives the copy's paths each time.
 */
export function useConfigCopy(use: (copy: ConfigCopy) => void): void {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'fdp-config-'));
    const dir = path.join(root, 'config');
    cpSync(path.join(ROOT, 'config'), dir, { recursive: true });
    cpSync(path.join(ROOT, 'schemas'), path.join(root, 'schemas'), { recursive: true });
    cpSync(path.join(ROOT, 'themes'), path.join(root, 'themes'), { recursive: true });
    use({ root, dir });
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });
}
