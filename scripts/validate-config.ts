/**
 * `npm run validate:config`: every JSON file under config/, and every themes/<name>/theme.json,
 * names its schema in "$schema"; each is validated against it, then cross-checked
 * (scripts/lib/config-references.ts). Errors name the file, the JSON pointer and a hint.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  CODE_REGISTRY,
  crossCheck,
  themeFiles,
  type CodeRegistry,
  type ConfigProblem,
} from './lib/config-references.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG_DIR = path.join(ROOT, 'config');

export type { ConfigProblem };

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return jsonFiles(full);
    return entry.endsWith('.json') ? [full] : [];
  });
}

/** The themes/ folder next to a config/ folder. */
const themesDirOf = (configDir: string) => path.join(configDir, '..', 'themes');

/** Every file validateConfig checks: the JSON under config/ and the theme.json of each theme. */
export function checkedFiles(configDir = CONFIG_DIR): string[] {
  return [...jsonFiles(configDir).sort(), ...themeFiles(themesDirOf(configDir))];
}

function hintFor(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `add the property "${String(error.params.missingProperty)}"`;
    case 'additionalProperties':
      return `remove "${String(error.params.additionalProperty)}" or check its spelling against the schema`;
    case 'enum':
      return `use one of: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'pattern':
      return `match the pattern ${String(error.params.pattern)}`;
    case 'type':
      return `use a value of type ${String(error.params.type)}`;
    case 'oneOf': {
      const branches = (
        (error.parentSchema as { oneOf?: { title?: string }[] } | undefined)?.oneOf ?? []
      ).map((b) => b.title ?? '?');
      return `use one of these forms: ${branches.join('; ')} (see the schema's descriptions)`;
    }
    default:
      return 'see the schema named in "$schema" for what is allowed here';
  }
}

const SCHEMAS_DIR = path.join(ROOT, 'schemas');

/**
 * Where a value matches none of a oneOf's forms, ajv reports each form's complaint about that same
 * value; one "use one of these forms" says it better. Complaints deeper inside the value stay.
 */
function withoutBranchNoise(errors: ErrorObject[]): ErrorObject[] {
  const oneOfAt = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (e.keyword !== 'oneOf' && oneOfAt.has(e.instancePath)) return false;
    const key = `${e.instancePath}|${e.keyword}|${e.message ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every problem of the config under configDir; `code` is what it may refer to, by default the
 * screens and widgets the code registers (src/screens/screens.ts, src/widgets/names.ts).
 */
export function validateConfig(
  configDir = CONFIG_DIR,
  code: CodeRegistry = CODE_REGISTRY,
): ConfigProblem[] {
  const themesDir = themesDirOf(configDir);
  // verbose: a oneOf error then carries its schema, so the hint can name the allowed forms.
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true });
  addFormats(ajv);
  // Every schema is known by its $id, so that one can refer to another (conditions, say).
  for (const file of jsonFiles(SCHEMAS_DIR)) {
    ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')) as object);
  }
  const problems: ConfigProblem[] = [];
  for (const file of checkedFiles(configDir)) {
    const relative = path.relative(ROOT, file);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push({
        file: relative,
        pointer: '',
        message: `is not valid JSON: ${(error as Error).message}`,
        hint: 'fix the JSON syntax',
      });
      continue;
    }
    const schemaRef = (data as { $schema?: unknown }).$schema;
    if (typeof schemaRef !== 'string') {
      problems.push({
        file: relative,
        pointer: '/$schema',
        message: 'names no schema',
        hint: 'add "$schema": "<relative path to its schema under schemas/>"',
      });
      continue;
    }
    const schemaPath = path.resolve(path.dirname(file), schemaRef);
    let validate;
    try {
      const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as { $id?: string };
      validate = ajv.getSchema(schema.$id ?? schemaPath) ?? ajv.compile(schema);
    } catch (error) {
      problems.push({
        file: relative,
        pointer: '/$schema',
        message: `schema ${schemaRef} could not be loaded: ${(error as Error).message}`,
        hint: 'point "$schema" at a file under schemas/',
      });
      continue;
    }
    if (!validate(data)) {
      for (const error of withoutBranchNoise(validate.errors ?? [])) {
        problems.push({
          file: relative,
          pointer: error.instancePath || '/',
          message: error.message ?? 'is invalid',
          hint: hintFor(error),
        });
      }
    }
  }
  if (problems.length === 0) {
    problems.push(...crossCheck(configDir, ROOT, { code, themesDir }));
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = validateConfig();
  for (const p of problems) console.error(`${p.file}#${p.pointer}: ${p.message} (hint: ${p.hint})`);
  const count = checkedFiles().length;
  if (problems.length > 0) {
    console.error(
      `\nConfig validation failed: ${String(problems.length)} problem(s) in ${String(count)} file(s).`,
    );
    process.exit(1);
  }
  console.log(`Config valid: ${String(count)} file(s) checked against their schemas.`);
}
