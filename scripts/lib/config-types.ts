/**
 * TypeScript types for config/, generated from schemas/*.json with json-schema-to-typescript, so
 * that the schemas are the one definition: `npm run gen:config-types` writes them to
 * shared/config-types.generated.ts, and tests/server/config-types.test.ts fails when that file
 * is stale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { format, resolveConfig } from 'prettier';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCHEMAS_DIR = path.join(ROOT, 'schemas');
export const CONFIG_TYPES_FILE = path.join(ROOT, 'shared/config-types.generated.ts');

/** The condition schema, referred to by the others; it becomes the one type Condition. */
const CONDITION_SCHEMA = 'condition.schema.json';
const CONDITION_REF = `${CONDITION_SCHEMA}#/$defs/condition`;

/**
 * The name of each generated type, by schema file and JSON pointer; '' is the file's root. Every
 * other title is dropped, so that nested schemas are inlined rather than named after their title
 * ("Path", "Title", …), which would collide across files.
 */
const NAMES: Record<string, Record<string, string>> = {
  'app.schema.json': { '': 'AppConfig' },
  'condition.schema.json': { '/$defs/condition': 'Condition' },
  'context-flags.schema.json': { '': 'ContextFlagsFile', '/properties/flags/items': 'ContextFlag' },
  'features.schema.json': {
    '': 'FeaturesFile',
    '/$defs/flag': 'FeatureFlag',
    '/$defs/derived': 'DerivedFlag',
  },
  'menus.schema.json': {
    '': 'MenusConfig',
    '/$defs/item': 'MenuItem',
    '/$defs/link': 'LinkItem',
    '/$defs/action': 'ActionItem',
    '/$defs/dropdown': 'DropdownItem',
    '/$defs/picker': 'PickerItem',
  },
  'record-type.schema.json': {
    '': 'RecordTypeFile',
    '/properties/listColumns/items': 'ListColumn',
    '/properties/uniqueKey/items': 'UniqueKeyField',
  },
  'routes.schema.json': {
    '': 'RoutesFile',
    '/$defs/route': 'RouteConfig',
    '/$defs/route/oneOf/0': 'ScreenRouteConfig',
    '/$defs/route/oneOf/1': 'RedirectRouteConfig',
  },
  'rules.schema.json': { '': 'RulesFile', '/properties/rules/additionalProperties': 'RuleEntry' },
  'survey.schema.json': {
    '': 'SurveyFile',
    '/$defs/page': 'SurveyPageFile',
    '/$defs/prefill': 'SurveyPrefillFile',
  },
  'theme.schema.json': { '': 'ThemeFile' },
  'report.schema.json': { '/$defs/sources': 'ReportSources', '/$defs/measures': 'ReportMeasures' },
  'benchmarking-enterprise.schema.json': { '': 'BenchmarkEnterpriseFile' },
  'benchmarking-insights.schema.json': { '': 'BenchmarkInsightsFile' },
  'benchmarking-rules.schema.json': { '': 'BenchmarkRulesFile' },
  'assessment.schema.json': { '': 'AssessmentTemplateFile', '/$defs/kpi': 'AssessmentKpiFile' },
  'consent.schema.json': {
    '': 'ConsentFile',
    '/properties/categories/items': 'ConsentCategoryEntry',
  },
};

/** "<file>#<pointer>" of every named type, for references from other files. */
const NAMED_REFS = new Map<string, string>(
  Object.entries(NAMES).flatMap(([file, names]) =>
    Object.entries(names)
      .filter(([pointer]) => pointer !== '')
      .map(([pointer, name]) => [`${file}#${pointer}`, name] as const),
  ),
);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const ONE = ['additionalProperties', 'items', 'not', 'propertyNames', 'contains', 'if', 'then'];
const LIST = ['oneOf', 'anyOf', 'allOf', 'prefixItems'];
const MAP = ['properties', '$defs', 'patternProperties'];

/**
 * A copy of a schema ready to compile: titles kept only where NAMES names a type, references to
 * the condition schema replaced by the type Condition.
 */
function prepare(file: string, schema: Node): Node {
  const names = NAMES[file] ?? {};
  const pointer = (tokens: string[]) => tokens.map((t) => `/${t}`).join('');
  const visit = (node: Node, at: string[]): Node => {
    const ref = node.$ref;
    const self = file === CONDITION_SCHEMA && at.length > 0 && ref === '#/$defs/condition';
    if (ref === CONDITION_REF || self) {
      return {
        tsType: 'Condition',
        ...(node.description ? { description: node.description } : {}),
      };
    }
    // Another file's named definition (an assessment's sections are survey pages): its type.
    const named = typeof ref === 'string' ? NAMED_REFS.get(ref) : undefined;
    if (named !== undefined) {
      return { tsType: named, ...(node.description ? { description: node.description } : {}) };
    }
    const copy: Node = { ...node };
    const name = names[pointer(at)];
    if (name === undefined) delete copy.title;
    else copy.title = name;
    for (const key of ONE) {
      const value = copy[key];
      if (isNode(value)) copy[key] = visit(value, [...at, key]);
    }
    for (const key of LIST) {
      const value = copy[key];
      if (Array.isArray(value))
        copy[key] = value.map((v: unknown, i) =>
          isNode(v) ? visit(v, [...at, key, String(i)]) : v,
        );
    }
    for (const key of MAP) {
      const value = copy[key];
      if (isNode(value))
        copy[key] = Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, isNode(v) ? visit(v, [...at, key, k]) : v]),
        );
    }
    return copy;
  };
  const prepared = visit(schema, []);
  // The condition schema's root only refers to its definition: compile the definition itself.
  const defs = prepared.$defs;
  if (file === CONDITION_SCHEMA && isNode(defs) && isNode(defs.condition)) return defs.condition;
  return prepared;
}

const BANNER = `/**
 * Generated from schemas/*.json by \`npm run gen:config-types\` (scripts/lib/config-types.ts).
 * Do not edit: change the schema and run the command again; tests/server/config-types.test.ts
 * fails when this file is stale.
 */`;

/** The text of shared/config-types.generated.ts, formatted as the repository formats. */
export async function generateConfigTypes(schemasDir = SCHEMAS_DIR): Promise<string> {
  const files = readdirSync(schemasDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
  const parts: string[] = [];
  for (const file of files) {
    const schema = JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as Node;
    const ts = await compile(prepare(file, schema), file, {
      bannerComment: '',
      additionalProperties: true,
      ignoreMinAndMaxItems: true,
      unknownAny: true,
      strictIndexSignatures: false,
      format: false,
      $refOptions: { resolve: { external: false } },
    });
    parts.push(`// ${file}\n\n${ts.trim()}`);
  }
  const text = `${BANNER}\n\n${parts.join('\n\n')}\n`;
  const options = await resolveConfig(CONFIG_TYPES_FILE);
  return format(text, { ...options, filepath: CONFIG_TYPES_FILE });
}
