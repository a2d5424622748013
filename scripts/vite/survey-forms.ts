/**
 * Vite plugin: `import loaders from 'virtual:survey-forms'` maps each survey version of
 * config/surveys/<id>@<version>.json to a loader of `virtual:survey-forms/<id>@<version>`, whose
 * default export is, by page id, the page's schema and uiSchema and the ajv validation functions
 * of that page's schema, compiled here at build time, so that the browser never compiles a schema
 * (no eval or new Function) and the wizard runs under a strict CSP. Each page's functions are a
 * module of their own (`…/<id>@<version>/<page>`: ajv's code has one `exports` per module), which
 * the version's module imports, so that a survey version is one chunk, loaded by the wizard only.
 * Vet Vision templates (config/assessments/<id>@<version>.json, sections as survey pages) are
 * built the same way under `virtual:assessment-forms`: the plugin is given the folder and name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { Plugin } from 'vite';
import { toEsm } from './record-validators.ts';

/** A survey file's name without .json: "<id>@<version>", as schemas/survey.schema.json names it. */
const VERSION_KEY = /^[a-z0-9][a-z0-9-]*@[1-9][0-9]*$/;
const PAGE_ID = /^[a-z][a-z0-9_]*$/;

interface SurveyFilePages {
  pages: { id: string; schema: RJSFSchema; uiSchema?: Record<string, unknown> }[];
}

/** The survey versions of a folder, "<id>@<version>"; none when it does not exist yet. */
function versionKeys(dir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((key) => VERSION_KEY.test(key));
}

export function surveyForms(surveysDir: string, index = 'virtual:survey-forms'): Plugin {
  const INDEX = index;
  const PREFIX = `${INDEX}/`;
  const RESOLVED = `\0${PREFIX}`;
  const read = (key: string, watch: (file: string) => void): SurveyFilePages => {
    if (!VERSION_KEY.test(key)) throw new Error(`Bad survey version "${key}"`);
    const file = path.join(surveysDir, `${key}.json`);
    watch(file);
    return JSON.parse(readFileSync(file, 'utf8')) as SurveyFilePages;
  };

  return {
    name: `fdp-${index.slice('virtual:'.length)}`,
    resolveId(id) {
      return id === INDEX || id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const entries = versionKeys(surveysDir).map(
          (key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(PREFIX + key)}),`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(RESOLVED)) return undefined;
      const [key = '', pageId, ...rest] = id.slice(RESOLVED.length).split('/');
      if (rest.length > 0) throw new Error(`Bad survey form "${id.slice(1)}"`);
      const survey = read(key, (file) => this.addWatchFile(file));

      if (pageId !== undefined) {
        // One page's validation functions.
        const page = survey.pages.find((p) => p.id === pageId);
        if (!page || !PAGE_ID.test(pageId))
          throw new Error(`Survey ${key} has no page "${pageId}"`);
        return toEsm(
          compileSchemaValidatorsCode(page.schema, {
            ajvOptionsOverrides: { code: { lines: false } },
          }),
        );
      }

      // The version: every page's schema, uiSchema and validation functions, in order.
      const imports = survey.pages.map(
        (page, i) =>
          `import page${String(i)} from ${JSON.stringify(`${PREFIX}${key}/${page.id}`)};`,
      );
      const pages = survey.pages.map(
        (page, i) =>
          `  { id: ${JSON.stringify(page.id)}, schema: ${JSON.stringify(page.schema)}, uiSchema: ${JSON.stringify(page.uiSchema ?? {})}, validators: page${String(i)} },`,
      );
      return `${imports.join('\n')}\nexport default [\n${pages.join('\n')}\n];\n`;
    },
  };
}
