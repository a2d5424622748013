/**
 * The checks a JSON Schema cannot make: that config files and themes agree with each other and
 * with the code. Each problem names the file, the JSON pointer and a hint.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DERIVED_FLAG, flagsIn, type Condition } from '../../src/engine/conditions.ts';

export interface ConfigProblem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

interface RouteEntry {
  path: string;
  screen?: string;
  redirect?: string;
  condition?: Condition;
  recordType?: string;
}

interface MenuEntry {
  path?: string;
  /** A picker ({label, picker}) chooses a unit or plan in place; it links nowhere. */
  picker?: string;
  condition?: Condition;
  items?: MenuEntry[];
}

interface RecordTypeFile {
  name: string;
  feature: string;
  schema: { properties: Record<string, unknown> };
  uiSchema: Record<string, unknown>;
  listColumns: { field: string }[];
  defaultSort: { field: string };
}

interface ThemeJson {
  name: string;
  logo: { file: string };
  fonts: { embedded?: { relWoffPath: string }[] };
}

/** The name of the theme the portal falls back to when no brand matches. */
export const DEFAULT_THEME = 'default';

/** RJSF's own widgets that a uiSchema may name without the project registering them. */
export const RJSF_WIDGETS = [
  'text',
  'textarea',
  'password',
  'email',
  'hidden',
  'checkbox',
  'radio',
  'select',
  'updown',
  'range',
] as const;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** A JSON pointer from its reference tokens, escaping "~" and "/" (RFC 6901). */
const pointerTo = (...tokens: (string | number)[]): string =>
  tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Screen names registered in src/screens/index.ts, read from its registerScreen calls. */
export function registeredScreens(screensIndex: string): Set<string> {
  const source = readFileSync(screensIndex, 'utf8');
  return new Set(
    [...source.matchAll(/registerScreen\(\s*'([a-z][a-z0-9-]*)'/g)].map((m) => m[1] ?? ''),
  );
}

/** Widget names registered in src/widgets/index.ts, read from its registerWidget calls. */
export function registeredWidgets(widgetsIndex: string): Set<string> {
  const source = readFileSync(widgetsIndex, 'utf8');
  return new Set(
    [...source.matchAll(/registerWidget\(\s*'([A-Za-z][A-Za-z0-9_-]*)'/g)].map((m) => m[1] ?? ''),
  );
}

/** themes/<name>/theme.json of every theme folder, sorted; none when themes/ is missing. */
export function themeFiles(themesDir: string): string[] {
  if (!existsSync(themesDir)) return [];
  return readdirSync(themesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(themesDir, e.name, 'theme.json')))
    .map((e) => path.join(themesDir, e.name, 'theme.json'))
    .sort();
}

export interface CrossCheckSources {
  /** src/widgets/index.ts; by default under root. */
  widgetsIndex?: string;
  /** The themes/ folder; by default the one next to configDir. */
  themesDir?: string;
}

export function crossCheck(
  configDir: string,
  root: string,
  screensIndex: string,
  sources: CrossCheckSources = {},
): ConfigProblem[] {
  const widgetsIndex = sources.widgetsIndex ?? path.join(root, 'src/widgets/index.ts');
  const themesDir = sources.themesDir ?? path.join(configDir, '..', 'themes');
  const problems: ConfigProblem[] = [];
  const rel = (file: string) => path.relative(root, file);
  const featuresFile = path.join(configDir, 'features.json');
  const routesFile = path.join(configDir, 'routes.json');
  if (existsSync(featuresFile) && existsSync(routesFile)) {
    problems.push(...checkConfig(configDir, rel, screensIndex, widgetsIndex));
  }
  problems.push(...checkThemes(themesDir, rel));
  return problems;
}

function checkConfig(
  configDir: string,
  rel: (file: string) => string,
  screensIndex: string,
  widgetsIndex: string,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const featuresFile = path.join(configDir, 'features.json');
  const routesFile = path.join(configDir, 'routes.json');
  const defined = new Set(
    readJson<{ flags: { flag: string }[] }>(featuresFile).flags.map((f) => f.flag),
  );
  const isFlag = (flag: string) => defined.has(flag) || DERIVED_FLAG.test(flag);
  const checkCondition = (file: string, pointer: string, condition: Condition | undefined) => {
    if (condition === undefined) return;
    for (const flag of flagsIn(condition)) {
      if (!isFlag(flag)) {
        problems.push({
          file: rel(file),
          pointer,
          message: `uses the flag "${flag}", which config/features.json does not define`,
          hint: 'define the flag in config/features.json, or correct its spelling',
        });
      }
    }
  };

  const recordsDir = path.join(configDir, 'records');
  const recordFile = (name: string) => path.join(recordsDir, `${name}.json`);
  if (existsSync(recordsDir)) {
    const widgets = new Set([...registeredWidgets(widgetsIndex), ...RJSF_WIDGETS]);
    const files = readdirSync(recordsDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    for (const file of files) {
      problems.push(
        ...checkRecordType(path.join(recordsDir, file), rel(path.join(recordsDir, file)), {
          isFlag,
          widgets,
        }),
      );
    }
  }

  const screens = registeredScreens(screensIndex);
  const routes = readJson<{ routes: RouteEntry[] }>(routesFile).routes;
  const paths = new Set(routes.map((r) => r.path));
  routes.forEach((route, index) => {
    const pointer = `/routes/${String(index)}`;
    if (route.screen !== undefined && !screens.has(route.screen)) {
      problems.push({
        file: rel(routesFile),
        pointer: `${pointer}/screen`,
        message: `names the screen "${route.screen}", which no code registers`,
        hint: `register it in src/screens/index.ts, or use one of: ${[...screens].sort().join(', ')}`,
      });
    }
    if (route.redirect !== undefined && !paths.has(route.redirect)) {
      problems.push({
        file: rel(routesFile),
        pointer: `${pointer}/redirect`,
        message: `redirects to "${route.redirect}", which no route serves`,
        hint: 'point the redirect at the path of a route in this file',
      });
    }
    if (route.recordType !== undefined) {
      if (!existsSync(recordFile(route.recordType))) {
        problems.push({
          file: rel(routesFile),
          pointer: `${pointer}/recordType`,
          message: `shows the record type "${route.recordType}", which has no config/records/${route.recordType}.json`,
          hint: 'add the record type file, or correct the name',
        });
      } else {
        const { feature } = readJson<Partial<RecordTypeFile>>(recordFile(route.recordType));
        const required = route.condition === undefined ? [] : flagsIn(route.condition);
        if (typeof feature === 'string' && !required.includes(feature)) {
          problems.push({
            file: rel(routesFile),
            pointer: route.condition === undefined ? pointer : `${pointer}/condition`,
            message: `shows the record type "${route.recordType}", whose feature "${feature}" its condition does not require`,
            hint: `add "${feature}" to the route's condition, so that the menu and the server agree`,
          });
        }
      }
    }
    checkCondition(routesFile, `${pointer}/condition`, route.condition);
  });

  const menusFile = path.join(configDir, 'menus.json');
  if (existsSync(menusFile)) {
    const menus = readJson<Record<string, MenuEntry[] | string>>(menusFile);
    const visit = (entry: MenuEntry, pointer: string) => {
      checkCondition(menusFile, `${pointer}/condition`, entry.condition);
      // A picker links nowhere: only its condition is checked.
      if (entry.picker !== undefined) return;
      if (entry.path !== undefined && !paths.has(entry.path)) {
        problems.push({
          file: rel(menusFile),
          pointer: `${pointer}/path`,
          message: `links to "${entry.path}", which no route in config/routes.json serves`,
          hint: 'add the route first, or correct the path',
        });
      }
      entry.items?.forEach((child, i) => visit(child, `${pointer}/items/${String(i)}`));
    };
    for (const [section, entries] of Object.entries(menus)) {
      if (Array.isArray(entries))
        entries.forEach((entry, i) => visit(entry, `/${section}/${String(i)}`));
    }
  }
  return problems;
}

/** config/records/<name>.json: its name, the fields its UI and list name, its widgets and feature. */
function checkRecordType(
  file: string,
  relative: string,
  known: { isFlag: (flag: string) => boolean; widgets: ReadonlySet<string> },
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const record = readJson<RecordTypeFile>(file);
  const expected = path.basename(file, '.json');
  if (record.name !== expected) {
    problems.push({
      file: relative,
      pointer: '/name',
      message: `is named "${record.name}", but its file is ${expected}.json`,
      hint: `make "name" equal the file name without .json ("${expected}"), or rename the file`,
    });
  }
  const fields = record.schema.properties;
  const isField = (name: string) => Object.hasOwn(fields, name);
  const fieldHint = 'correct it to a field of schema.properties, or add the field there';
  const uiSchema = record.uiSchema;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:')) continue;
    if (!isField(key)) {
      problems.push({
        file: relative,
        pointer: pointerTo('uiSchema', key),
        message: `sets the form of the field "${key}", which schema.properties does not have`,
        hint: fieldHint,
      });
    }
    const widget =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)['ui:widget']
        : undefined;
    if (typeof widget === 'string' && !known.widgets.has(widget)) {
      problems.push({
        file: relative,
        pointer: pointerTo('uiSchema', key, 'ui:widget'),
        message: `uses the widget "${widget}", which no code registers and RJSF does not provide`,
        hint: `register it in src/widgets/index.ts, or use one of: ${[...known.widgets].sort().join(', ')}`,
      });
    }
  }
  const order = uiSchema['ui:order'];
  if (Array.isArray(order)) {
    order.forEach((name: unknown, i) => {
      if (typeof name === 'string' && name !== '*' && !isField(name)) {
        problems.push({
          file: relative,
          pointer: pointerTo('uiSchema', 'ui:order', i),
          message: `orders the field "${name}", which schema.properties does not have`,
          hint: fieldHint,
        });
      }
    });
    // RJSF refuses to render a form whose ui:order leaves a field out and has no "*".
    if (!order.includes('*')) {
      const missing = Object.keys(fields).filter((name) => !order.includes(name));
      if (missing.length > 0) {
        problems.push({
          file: relative,
          pointer: pointerTo('uiSchema', 'ui:order'),
          message: `leaves out ${missing.map((m) => `"${m}"`).join(', ')}, so the form cannot render`,
          hint: 'list every field of schema.properties, or end the order with "*" for the rest',
        });
      }
    }
  }
  record.listColumns.forEach((column, i) => {
    if (!isField(column.field)) {
      problems.push({
        file: relative,
        pointer: pointerTo('listColumns', i, 'field'),
        message: `lists the column "${column.field}", which schema.properties does not have`,
        hint: fieldHint,
      });
    }
  });
  if (!isField(record.defaultSort.field)) {
    problems.push({
      file: relative,
      pointer: '/defaultSort/field',
      message: `sorts by "${record.defaultSort.field}", which schema.properties does not have`,
      hint: fieldHint,
    });
  }
  if (!known.isFlag(record.feature)) {
    problems.push({
      file: relative,
      pointer: '/feature',
      message: `needs the feature "${record.feature}", which config/features.json does not define`,
      hint: 'define the flag in config/features.json, or correct its spelling',
    });
  }
  return problems;
}

/** themes/<name>/theme.json: its name, its logo and font files; and that the default theme exists. */
function checkThemes(themesDir: string, rel: (file: string) => string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!existsSync(path.join(themesDir, DEFAULT_THEME, 'theme.json'))) {
    problems.push({
      file: rel(themesDir),
      pointer: '',
      message: `has no theme "${DEFAULT_THEME}" (${DEFAULT_THEME}/theme.json)`,
      hint: `add themes/${DEFAULT_THEME}/theme.json: the portal falls back to it when no brand matches`,
    });
  }
  for (const file of themeFiles(themesDir)) {
    const folder = path.dirname(file);
    const folderName = path.basename(folder);
    const theme = readJson<ThemeJson>(file);
    if (theme.name !== folderName) {
      problems.push({
        file: rel(file),
        pointer: '/name',
        message: `is named "${theme.name}", but its folder is themes/${folderName}`,
        hint: `make "name" equal the folder name ("${folderName}"), or rename the folder`,
      });
    }
    if (!existsSync(path.join(folder, theme.logo.file))) {
      problems.push({
        file: rel(file),
        pointer: '/logo/file',
        message: `names the logo "${theme.logo.file}", which is not in themes/${folderName}`,
        hint: `add the SVG to themes/${folderName}/, or correct the file name`,
      });
    }
    (theme.fonts.embedded ?? []).forEach((font, i) => {
      if (!existsSync(path.join(folder, font.relWoffPath))) {
        problems.push({
          file: rel(file),
          pointer: pointerTo('fonts', 'embedded', i, 'relWoffPath'),
          message: `embeds the font "${font.relWoffPath}", which is not in themes/${folderName}`,
          hint: `add the .woff2 file under themes/${folderName}/, or correct its path (relative to the theme folder)`,
        });
      }
    });
  }
  return problems;
}
