/**
 * Prints one closing line for the whole test run, "N passed, N failed", from the reports that
 * Vitest and Playwright write under test-results/. A missing report counts as a failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RESULTS = path.resolve(import.meta.dirname, '../test-results');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitest(): Counts | null {
  const file = path.join(RESULTS, 'vitest.json');
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwright(report: string): Counts | null {
  const file = path.join(RESULTS, report);
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  };
}

const parts: [string, Counts | null][] = [
  ['vitest', vitest()],
  ['playwright', playwright('e2e.json')],
  ['playwright (record type by config)', playwright('e2e-config.json')],
];
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const [name, counts] of parts) {
  if (!counts) {
    console.log(`${name}: no report found`);
    total.failed += 1;
    continue;
  }
  console.log(
    `${name}: ${String(counts.passed)} passed, ${String(counts.failed)} failed, ${String(counts.skipped)} skipped`,
  );
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
console.log(
  `${String(total.passed)} passed, ${String(total.failed)} failed, ${String(total.skipped)} skipped`,
);
process.exit(total.failed > 0 ? 1 : 0);
