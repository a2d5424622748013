import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas');

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** Keywords whose value maps names to schemas (as "properties" does, checked separately). */
const SCHEMA_MAPS = new Set(['$defs', 'definitions', 'patternProperties', 'dependentSchemas']);

/** JSON pointers of every property schema (under "properties") that lacks a title or description. */
function undocumented(schema: unknown, pointer = ''): string[] {
  if (Array.isArray(schema)) {
    return schema.flatMap((item, i) => undocumented(item, `${pointer}/${String(i)}`));
  }
  if (!isObject(schema)) return [];
  const missing: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${key}`;
    if ((key === 'properties' || SCHEMA_MAPS.has(key)) && isObject(value)) {
      for (const [name, property] of Object.entries(value)) {
        const p = isObject(property) ? property : {};
        const documented =
          typeof p.title === 'string' && typeof p.description === 'string' && p.description !== '';
        if (key === 'properties' && !documented) missing.push(`${at}/${name}`);
        missing.push(...undocumented(property, `${at}/${name}`));
      }
    } else if (
      typeof value === 'object' &&
      value !== null &&
      key !== 'const' &&
      key !== 'enum' &&
      key !== 'default' &&
      key !== 'examples'
    ) {
      missing.push(...undocumented(value, at));
    }
  }
  return missing;
}

/** The schemas document the config: editors show these texts as the config is written. */
describe('schemas/', () => {
  const files = readdirSync(SCHEMAS).filter((f) => f.endsWith('.json'));

  it('holds the schemas of features, menus, routes, record types, app constants and themes', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'features.schema.json',
        'menus.schema.json',
        'routes.schema.json',
        'record-type.schema.json',
        'app.schema.json',
        'theme.schema.json',
        'condition.schema.json',
      ]),
    );
  });

  it.each(files)(
    '%s is JSON Schema 2020-12 with a title and description on every field',
    (file) => {
      const schema = JSON.parse(readFileSync(path.join(SCHEMAS, file), 'utf8')) as {
        $schema?: string;
        title?: string;
        description?: string;
      };
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.title).toEqual(expect.any(String));
      expect(schema.description).toEqual(expect.any(String));
      expect(undocumented(schema)).toEqual([]);
    },
  );
});
