import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';

/** npm run validate:config on config/consent.json and the rules' consent, in a copy to break. */
describe('npm run validate:config: consent categories', () => {
  let dir: string;
  useConfigCopy((copy) => ({ dir } = copy));

  const edit = (file: string, change: (doc: Record<string, unknown>) => void) => {
    const full = path.join(dir, file);
    const doc = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>;
    change(doc);
    writeFileSync(full, JSON.stringify(doc));
  };
  const problems = () =>
    validateConfig(dir).filter(
      (p) => p.file.endsWith('consent.json') || p.file.endsWith('rules.json'),
    );

  it('passes the real config', () => {
    expect(problems()).toEqual([]);
  });

  it('refuses a rule naming an unknown category or record type, and a category named twice', () => {
    edit('rules.json', (doc) => {
      const rules = doc.rules as Record<string, { consent?: string[] }>;
      if (rules.documents) rules.documents.consent = ['documnets'];
      if (rules.surveys) rules.surveys.consent = ['surveys', 'records:montly'];
    });
    edit('consent.json', (doc) => {
      const categories = doc.categories as { id: string }[];
      categories.push({ ...(categories[0] as { id: string }) });
    });
    expect(problems().map((p) => [p.pointer, p.message])).toEqual([
      ['/categories/4/id', 'names the category "documents" a second time'],
      [
        '/rules/documents/consent/0',
        'names the consent category "documnets", which config/consent.json does not define',
      ],
      [
        '/rules/surveys/consent/1',
        'names the records of "montly", which config/records/ does not have',
      ],
    ]);
    expect(problems()[1]?.hint).toMatch(/^use one of: .*documents.*records:monthly/);
  });

  it('refuses a category called records, which the record types own', () => {
    edit('consent.json', (doc) => {
      (doc.categories as { id: string }[]).push({
        id: 'records',
        title: 'R',
        description: 'R',
      } as never);
    });
    expect(
      problems().some((p) => p.file.endsWith('consent.json') && p.pointer === '/categories/4/id'),
    ).toBe(true);
  });
});
