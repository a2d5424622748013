import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';

/** npm run validate:config on a record type's "uniqueKey", in a copy of config/ to break. */
describe('npm run validate:config: uniqueness keys', () => {
  let dir: string;
  useConfigCopy((copy) => ({ dir } = copy));

  const setMonthlyKey = (uniqueKey: unknown) => {
    const file = path.join(dir, 'records', 'monthly.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    doc.uniqueKey = uniqueKey;
    writeFileSync(file, JSON.stringify(doc));
  };
  const monthlyFile = expect.stringContaining(
    path.join('config', 'records', 'monthly.json'),
  ) as string;
  const uniqueKeyProblems = () =>
    validateConfig(dir).filter((p) => p.pointer.startsWith('/uniqueKey'));

  it('accepts the seeded keys', () => {
    expect(uniqueKeyProblems()).toEqual([]);
  });

  it('refuses a key naming a field the record type does not have, with its pointer and a hint', () => {
    setMonthlyKey([{ field: 'mnth', per: 'month' }, 'milk_sold_litre']);
    expect(uniqueKeyProblems()).toEqual([
      {
        file: monthlyFile,
        pointer: '/uniqueKey/0/field',
        message: 'makes "mnth" part of the uniqueness key, but schema.properties has no such field',
        hint: 'correct it to a field of schema.properties, or add the field there',
      },
      {
        file: monthlyFile,
        pointer: '/uniqueKey/1',
        message:
          'makes "milk_sold_litre" part of the uniqueness key, but schema.properties has no such field',
        hint: 'correct it to a field of schema.properties, or add the field there',
      },
    ]);
  });

  it('refuses a period on a field that is not a date', () => {
    setMonthlyKey([{ field: 'cows_in_milk', per: 'month' }]);
    expect(uniqueKeyProblems()).toEqual([
      {
        file: monthlyFile,
        pointer: '/uniqueKey/0/per',
        message: 'compares "cows_in_milk" per month, but it is not a date field (format "date")',
        hint: 'compare it by its whole value ("cows_in_milk"), or key on a date field',
      },
    ]);
  });

  it('refuses a key of the wrong shape against the schema', () => {
    setMonthlyKey([{ field: 'month', per: 'week' }]);
    const problems = validateConfig(dir).filter((p) => p.file.endsWith('monthly.json'));
    expect(problems.map((p) => p.pointer)).toContain('/uniqueKey/0');
  });
});
