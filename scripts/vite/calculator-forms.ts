/**
 * Vite plugin: `import loaders from 'virtual:calculator-forms'` maps each calculator form of
 * config/calculators/ui/<name>.json to a loader of `virtual:calculator-forms/<name>`, whose default
 * export is the form: the calculator's input schema (schemas/calculators/inputs/) narrowed to the
 * properties the form shows, its uiSchema and starting values, and the ajv validation functions
 * of that schema compiled here at build time, so that the browser never compiles a schema (no
 * eval or new Function) and runs under a strict CSP. Each form is a chunk of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { Plugin } from 'vite';
import { toEsm } from './record-validators.ts';

const INDEX = 'virtual:calculator-forms';
const PREFIX = `${INDEX}/`;
const RESOLVED = `\0${PREFIX}`;

export interface CalculatorFormFile {
  calculator: string;
  title?: string;
  lead?: string;
  properties: string[];
  uiSchema?: Record<string, unknown>;
  defaults?: Record<string, unknown>;
}

/** The input schema narrowed to the form's properties, without $schema and $id (ajv's draft). */
export function formSchema(inputSchema: RJSFSchema, properties: readonly string[]): RJSFSchema {
  const all = (inputSchema.properties ?? {}) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const name of properties) {
    if (!Object.hasOwn(all, name)) throw new Error(`The input schema has no property "${name}"`);
    picked[name] = all[name];
  }
  const { $schema: _s, $id: _i, properties: _p, required, ...rest } = inputSchema;
  const kept = (required ?? []).filter((r) => properties.includes(r));
  return {
    ...rest,
    properties: picked,
    ...(kept.length > 0 ? { required: kept } : {}),
  } as RJSFSchema;
}

export function calculatorForms(formsDir: string, inputsDir: string): Plugin {
  return {
    name: 'fdp-calculator-forms',
    resolveId(id) {
      return id === INDEX || id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const names = readdirSync(formsDir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -'.json'.length));
        const entries = names.map(
          (n) => `  ${JSON.stringify(n)}: () => import(${JSON.stringify(PREFIX + n)}),`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Bad calculator form name "${name}"`);
      const file = path.join(formsDir, `${name}.json`);
      this.addWatchFile(file);
      const form = JSON.parse(readFileSync(file, 'utf8')) as CalculatorFormFile;
      const inputFile = path.join(inputsDir, `${form.calculator}.schema.json`);
      this.addWatchFile(inputFile);
      const schema = formSchema(
        JSON.parse(readFileSync(inputFile, 'utf8')) as RJSFSchema,
        form.properties,
      );
      const validators = toEsm(
        compileSchemaValidatorsCode(schema, { ajvOptionsOverrides: { code: { lines: false } } }),
      ).replace(/\nexport default exports;\n$/, '\n');
      const data = {
        name,
        calculator: form.calculator,
        title: form.title ?? null,
        lead: form.lead ?? null,
        schema,
        uiSchema: form.uiSchema ?? {},
        defaults: form.defaults ?? {},
      };
      return `${validators}\nexport const form = ${JSON.stringify(data)};\nexport default exports;\n`;
    },
  };
}
