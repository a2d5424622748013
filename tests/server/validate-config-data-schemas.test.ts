import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';

/**
 * npm run validate:config on the data schemas the server compiles only at their first use
 * (server/http/lazy-validator.ts): one ajv cannot compile is reported before any user meets it.
 */
describe('npm run validate:config: data schemas compile', () => {
  let dir: string;
  useConfigCopy((copy) => ({ dir } = copy));

  const compileProblems = () =>
    validateConfig(dir).filter((p) => p.message.startsWith('does not compile'));

  const edit = (relative: string, change: (doc: Record<string, unknown>) => void) => {
    const file = path.join(dir, relative);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    change(doc);
    writeFileSync(file, JSON.stringify(doc));
  };

  it('accepts the shipped config', () => {
    expect(compileProblems()).toEqual([]);
  });

  it("refuses a record type's field whose pattern is not a regular expression", () => {
    edit(path.join('records', 'monthly.json'), (doc) => {
      const schema = doc.schema as { properties: Record<string, Record<string, unknown>> };
      const text = Object.values(schema.properties).find((field) => field.type === 'string');
      if (!text) throw new Error('monthly.json has no text field to break');
      text.pattern = '([a-z';
    });
    expect(compileProblems()).toEqual([
      {
        file: expect.stringContaining(path.join('config', 'records', 'monthly.json')) as string,
        pointer: '/schema',
        message: expect.stringContaining('does not compile: ') as string,
        hint: 'correct the JSON Schema (ajv could not turn it into a validator)',
      },
    ]);
  });
});
