/**
 * Vite plugin: `import loaders from 'virtual:record-validators'` maps each record type to a loader
 * of `virtual:record-validators/<type>`, whose default export is the ajv validation
 * functions of config/records/<type>.json, compiled here at build time, so that the browser
 * never compiles a schema (no eval or new Function) and runs under a strict CSP.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { Plugin } from 'vite';

const INDEX = 'virtual:record-validators';
const PREFIX = `${INDEX}/`;
const RESOLVED = `\0${PREFIX}`;

/** ajv's standalone code is CommonJS; this turns its exports and requires into ESM. */
export function toEsm(code: string): string {
  const modules = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier: string) => {
    if (!modules.has(specifier)) modules.set(specifier, `__dependency${String(modules.size)}`);
    return modules.get(specifier) ?? '';
  });
  const imports = [...modules].map(
    ([specifier, name]) => `import * as ${name} from ${JSON.stringify(specifier)};`,
  );
  return `${imports.join('\n')}\nconst exports = {};\n${body.replace(/^"use strict";/, '')}\nexport default exports;\n`;
}

export function recordValidators(recordsDir: string): Plugin {
  return {
    name: 'fdp-record-validators',
    resolveId(id) {
      return id === INDEX || id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        // One loader per record type, so that each type's validators are a chunk of their own.
        const types = readdirSync(recordsDir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -'.json'.length));
        const entries = types.map(
          (t) => `  ${JSON.stringify(t)}: () => import(${JSON.stringify(PREFIX + t)}),`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(RESOLVED)) return undefined;
      const type = id.slice(RESOLVED.length);
      if (!/^[a-z][a-z0-9-]*$/.test(type)) throw new Error(`Bad record type name "${type}"`);
      const file = path.join(recordsDir, `${type}.json`);
      this.addWatchFile(file);
      const { schema } = JSON.parse(readFileSync(file, 'utf8')) as { schema: RJSFSchema };
      return toEsm(
        compileSchemaValidatorsCode(schema, { ajvOptionsOverrides: { code: { lines: false } } }),
      );
    },
  };
}
