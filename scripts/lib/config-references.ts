/**
 * The checks a JSON Schema cannot make: that config files and themes agree with each other and
 * with the code. Each problem names the file, the JSON pointer and a hint.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { both, flagsIn, rulesIn, type Condition } from '../../shared/access/conditions.ts';
import { BRAND_FLAGS, DERIVED_FLAG } from '../../shared/access/context-flags.ts';
import { packageFlags, type FlagEntry } from '../../shared/access/flags.ts';
import { counterexample, describeState, satisfiable } from '../../shared/access/implies.ts';
import { RuleBook, recordRule, type RulesFile } from '../../shared/access/rule-book.ts';
import type { RecordTypeFile, ThemeFile } from '../../shared/config-types.generated.ts';
import type { ScreenDeclaration } from '../../src/engine/screen-declaration.ts';
import { screenDeclarations } from '../../src/screens/screens.ts';
import { WIDGET_NAMES } from '../../src/widgets/names.ts';
import { ScreenOptionsChecker } from './screen-options.ts';
import { checkCodeReads } from './code-reads-check.ts';
import { checkUniqueKey } from './unique-key-check.ts';
import { checkCalculators } from './calculators-check.ts';
import { checkReports, readReports } from './reports-check.ts';
import { checkAssessments } from './assessments-check.ts';
import { checkSurveys } from './surveys-check.ts';
import { checkDashboard } from './dashboard-check.ts';
import { checkConsent } from './consent-check.ts';
import { checkPlainText } from './plain-text-check.ts';
import { checkBenchmarking } from './benchmarking-check.ts';
import { checkDataSchemas } from './data-schemas-check.ts';

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
  options?: Record<string, string>;
}

interface MenuEntry {
  route?: string;
  /** A picker ({label, picker}) chooses a unit or plan in place; it links nowhere. */
  picker?: string;
  condition?: Condition;
  items?: MenuEntry[];
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

/** themes/<name>/theme.json of every theme folder, sorted; none when themes/ is missing. */
export function themeFiles(themesDir: string): string[] {
  if (!existsSync(themesDir)) return [];
  return readdirSync(themesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(themesDir, e.name, 'theme.json')))
    .map((e) => path.join(themesDir, e.name, 'theme.json'))
    .sort();
}

/** What the code provides that config refers to: its screens and its widgets. */
export interface CodeRegistry {
  /** The screens config/routes.json may name, with the options each takes. */
  screens: readonly ScreenDeclaration[];
  /** The project's widget names (RJSF's own come on top). */
  widgets: readonly string[];
}

/** The registrations of src/screens/screens.ts and src/widgets/names.ts, imported, not rendered. */
export const CODE_REGISTRY: CodeRegistry = { screens: screenDeclarations, widgets: WIDGET_NAMES };

export interface CrossCheckSources {
  /** The screens and widgets; by default those the code registers. */
  code?: CodeRegistry;
  /** The themes/ folder; by default the one next to configDir. */
  themesDir?: string;
}

export function crossCheck(
  configDir: string,
  root: string,
  sources: CrossCheckSources = {},
): ConfigProblem[] {
  const code = sources.code ?? CODE_REGISTRY;
  const themesDir = sources.themesDir ?? path.join(configDir, '..', 'themes');
  const problems: ConfigProblem[] = [];
  const rel = (file: string) => path.relative(root, file);
  const featuresFile = path.join(configDir, 'features.json');
  const routesFile = path.join(configDir, 'routes.json');
  if (existsSync(featuresFile) && existsSync(routesFile)) {
    problems.push(...checkConfig(configDir, rel, code));
  }
  problems.push(...checkThemes(themesDir, rel));
  problems.push(...checkCodeReads(configDir, rel));
  problems.push(...checkCalculators(configDir, rel));
  problems.push(...checkReports(configDir, rel));
  problems.push(...checkSurveys(configDir, rel, new Set([...code.widgets, ...RJSF_WIDGETS])));
  problems.push(...checkAssessments(configDir, rel, new Set([...code.widgets, ...RJSF_WIDGETS])));
  problems.push(...checkDashboard(configDir, rel));
  problems.push(...checkBenchmarking(configDir, rel));
  problems.push(...checkConsent(configDir, rel));
  problems.push(...checkPlainText(configDir, rel));
  problems.push(...checkDataSchemas(configDir, rel));
  return problems;
}

function checkConfig(
  configDir: string,
  rel: (file: string) => string,
  code: CodeRegistry,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const featuresFile = path.join(configDir, 'features.json');
  const routesFile = path.join(configDir, 'routes.json');
  const rulesFile = path.join(configDir, 'rules.json');
  const entries = readJson<{ flags: FlagEntry[] }>(featuresFile).flags;
  const defined = new Set(entries.map((f) => f.flag));
  const facts = { packageFlags: packageFlags(entries) };
  const isFlag = (flag: string) => defined.has(flag) || DERIVED_FLAG.test(flag);

  const recordsDir = path.join(configDir, 'records');
  const recordFile = (name: string) => path.join(recordsDir, `${name}.json`);
  const recordFiles = existsSync(recordsDir)
    ? readdirSync(recordsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  // Known by file name, as routes name them: a "name" that differs is reported on its own.
  const records = recordFiles.map((f) => ({
    ...readJson<RecordTypeFile>(path.join(recordsDir, f)),
    name: path.basename(f, '.json'),
  }));
  const rulesJson: RulesFile = existsSync(rulesFile)
    ? readJson<RulesFile>(rulesFile)
    : { rules: {} };
  const reports = readReports(configDir);
  const book = new RuleBook(
    rulesJson,
    records,
    reports.map((r) => r.report),
  );

  /** Each flag a condition names is defined, and each rule it refers to exists. */
  const checkCondition = (file: string, pointer: string, condition: Condition | undefined) => {
    if (condition === undefined) return;
    for (const flag of flagsIn(condition)) {
      if (!isFlag(flag)) {
        problems.push({
          file: rel(file),
          pointer,
          message: `uses the flag "${flag}", which config/features.json does not define`,
          hint: 'define the flag in config/features.json (or config/context-flags.json), or correct its spelling',
        });
      }
    }
    for (const name of rulesIn(condition)) {
      if (!book.get(name)) {
        problems.push({
          file: rel(file),
          pointer,
          message: `refers to the rule "${name}", which neither config/rules.json nor a record type defines`,
          hint: `use one of: ${[...book.rules.keys()].sort().join(', ')}`,
        });
      }
    }
  };

  /** A rule the server enforces may use only flags the server knows, and may not refer to itself. */
  const checkEnforced = (file: string, pointer: string, name: string, condition: Condition) => {
    checkCondition(file, pointer, condition);
    const reached = new Set<string>();
    const visit = (c: Condition): boolean =>
      rulesIn(c).some((r) => {
        if (r === name) return true;
        if (reached.has(r)) return false;
        reached.add(r);
        const next = book.get(r);
        return next !== undefined && visit(next.condition);
      });
    if (visit(condition)) {
      problems.push({
        file: rel(file),
        pointer,
        message: `refers to itself (the rule "${name}"), directly or through other rules`,
        hint: 'write the condition out, or refer to another rule',
      });
      return;
    }
    const browserOnly = flagsIn(condition, book.lookup).filter((f) => BRAND_FLAGS.has(f));
    if (browserOnly.length > 0) {
      problems.push({
        file: rel(file),
        pointer,
        message: `uses ${browserOnly.map((f) => `"${f}"`).join(', ')}, which only the browser knows, in a rule the server enforces`,
        hint: 'keep brand flags (config/context-flags.json, known: brand) for menu links; the server cannot check them',
      });
    }
  };

  for (const [name, rule] of Object.entries(rulesJson.rules)) {
    checkEnforced(rulesFile, pointerTo('rules', name, 'condition'), name, rule.condition);
  }

  const widgets = new Set([...code.widgets, ...RJSF_WIDGETS]);
  recordFiles.forEach((file, i) => {
    const full = path.join(recordsDir, file);
    problems.push(...checkRecordType(full, rel(full), { widgets }));
    const record = records[i];
    if (record) checkEnforced(full, '/access', recordRule(record.name), record.access);
  });

  for (const { file, report } of reports) {
    checkEnforced(file, '/condition', `report:${report.id}`, report.condition);
  }

  const screens = new Map(code.screens.map((s) => [s.name, s]));
  const optionsChecker = new ScreenOptionsChecker();
  const routes = readJson<{ routes: RouteEntry[] }>(routesFile).routes;
  const paths = new Set(routes.map((r) => r.path));
  const screenRoutes = new Map<string, { route: RouteEntry; index: number }>();
  routes.forEach((route, index) => {
    if (route.screen !== undefined && !screenRoutes.has(route.path))
      screenRoutes.set(route.path, { route, index });
  });
  routes.forEach((route, index) => {
    const pointer = `/routes/${String(index)}`;
    if (route.screen !== undefined && !screens.has(route.screen)) {
      problems.push({
        file: rel(routesFile),
        pointer: `${pointer}/screen`,
        message: `names the screen "${route.screen}", which no code registers`,
        hint: `declare it in src/screens/screens.ts, or use one of: ${[...screens.keys()].sort().join(', ')}`,
      });
    }
    const screen = route.screen === undefined ? undefined : screens.get(route.screen);
    const optionProblems = screen ? optionsChecker.check(screen, route.options, pointer) : [];
    for (const p of optionProblems) problems.push({ file: rel(routesFile), ...p });
    // The record type a screen shows, once its options are right: config/records/<name>.json.
    const recordType =
      screen?.recordTypeOption === undefined || optionProblems.length > 0
        ? undefined
        : route.options?.[screen.recordTypeOption];
    if (route.redirect !== undefined && !paths.has(route.redirect)) {
      problems.push({
        file: rel(routesFile),
        pointer: `${pointer}/redirect`,
        message: `redirects to "${route.redirect}", which no route serves`,
        hint: 'point the redirect at the path of a route in this file',
      });
    }
    checkCondition(routesFile, `${pointer}/condition`, route.condition);
    if (route.screen === 'report' && optionProblems.length === 0) {
      problems.push(...checkReportRoute(route, pointer, { routesFile, rel, book, facts }));
    }
    if (recordType !== undefined) {
      if (!existsSync(recordFile(recordType))) {
        problems.push({
          file: rel(routesFile),
          pointer: `${pointer}/options/${screen?.recordTypeOption ?? ''}`,
          message: `shows the record type "${recordType}", which has no config/records/${recordType}.json`,
          hint: 'add the record type file, or correct the name',
        });
      } else {
        // The screen calls the record type's endpoints, which enforce its rule: the route must
        // never open where the server refuses.
        const rule = { rule: recordRule(recordType) };
        const condition = route.condition;
        const shownWhere =
          condition === undefined ? null : counterexample(condition, rule, book.lookup, facts);
        if (condition === undefined || shownWhere !== null) {
          problems.push({
            file: rel(routesFile),
            pointer: condition === undefined ? pointer : `${pointer}/condition`,
            message:
              condition === undefined || shownWhere === null
                ? `shows the record type "${recordType}" with no condition, but the server enforces its rule "${rule.rule}"`
                : `opens the record type "${recordType}" where its rule "${rule.rule}" (config/records/${recordType}.json#/access) refuses it, e.g. with ${describeState(shownWhere, flagsIn({ all: [condition, rule] }, book.lookup))}`,
            hint: `make the condition {"rule": "${rule.rule}"}, narrowed if need be with "all"`,
          });
        }
      }
    }
  });

  const menusFile = path.join(configDir, 'menus.json');
  if (existsSync(menusFile)) {
    const menus = readJson<Record<string, MenuEntry[] | string>>(menusFile);
    /**
     * The login page draws the logged-out bar with its first load, which leaves the rule book out
     * (src/engine/public-menu.ts): its links, and the routes they lead to, test flags only.
     */
    const checkSignedOut = (entry: MenuEntry, pointer: string) => {
      const own = entry.condition === undefined ? [] : rulesIn(entry.condition);
      const route = entry.route === undefined ? undefined : screenRoutes.get(entry.route);
      const viaRoute = route?.route.condition === undefined ? [] : rulesIn(route.route.condition);
      const [rule] = [...own, ...viaRoute];
      if (rule === undefined) return;
      const where =
        own.length > 0
          ? ''
          : `, through its route (config/routes.json#/routes/${String(route?.index)}/condition)`;
      problems.push({
        file: rel(menusFile),
        pointer,
        message: `names the rule "${rule}" in the logged-out menu${where}`,
        hint: 'the logged-out bar is drawn before the rule book loads: test flags there (has_help_content, has_contact_content)',
      });
    };
    const visit = (entry: MenuEntry, pointer: string, signedOut = false) => {
      checkCondition(menusFile, `${pointer}/condition`, entry.condition);
      if (signedOut) checkSignedOut(entry, pointer);
      if (entry.route !== undefined) {
        const target = screenRoutes.get(entry.route);
        if (!target) {
          problems.push({
            file: rel(menusFile),
            pointer: `${pointer}/route`,
            message: paths.has(entry.route)
              ? `links to "${entry.route}", which is a redirect, not a screen`
              : `links to "${entry.route}", which no route in config/routes.json serves`,
            hint: 'link to the path of a screen route of config/routes.json, or add the route first',
          });
        } else {
          problems.push(
            ...checkLink(entry, pointer, target, { menusFile, routesFile, rel, book, facts }),
          );
        }
      }
      entry.items?.forEach((child, i) => visit(child, `${pointer}/items/${String(i)}`, signedOut));
    };
    for (const [section, entries] of Object.entries(menus)) {
      if (Array.isArray(entries))
        entries.forEach((entry, i) =>
          visit(entry, `/${section}/${String(i)}`, section === 'loggedOut'),
        );
    }
  }
  return problems;
}

/**
 * A report's route shows a report of config/reports/ and opens only where the report's rule
 * (report:<id>, its condition) holds, as the server's report API enforces it.
 */
function checkReportRoute(
  route: RouteEntry,
  pointer: string,
  ctx: {
    routesFile: string;
    rel: (file: string) => string;
    book: RuleBook;
    facts: { packageFlags: ReadonlySet<string> };
  },
): ConfigProblem[] {
  const id = route.options?.kind ?? '';
  const rule = { rule: `report:${id}` };
  const file = ctx.rel(ctx.routesFile);
  if (!ctx.book.get(rule.rule)) {
    return [
      {
        file,
        pointer: `${pointer}/options/kind`,
        message: `shows the report "${id}", which has no config/reports/${id}.json`,
        hint: `name a report of config/reports/ (${[...ctx.book.rules.keys()]
          .filter((r) => r.startsWith('report:'))
          .map((r) => r.slice('report:'.length))
          .join(', ')})`,
      },
    ];
  }
  const condition = route.condition;
  const shownWhere =
    condition === undefined ? null : counterexample(condition, rule, ctx.book.lookup, ctx.facts);
  if (condition !== undefined && shownWhere === null) return [];
  return [
    {
      file,
      pointer: condition === undefined ? pointer : `${pointer}/condition`,
      message:
        condition === undefined || shownWhere === null
          ? `shows the report "${id}" with no condition, but the server enforces its rule "${rule.rule}"`
          : `opens the report "${id}" where its rule "${rule.rule}" (config/reports/${id}.json#/condition) refuses it, e.g. with ${describeState(shownWhere, flagsIn({ all: [condition, rule] }, ctx.book.lookup))}`,
      hint: `make the condition {"rule": "${rule.rule}"}`,
    },
  ];
}

/**
 * A menu link may only narrow its route: its own condition must imply the route's, so the menu
 * never offers what the route (and the server behind it) refuses; and it must be able to show.
 */
function checkLink(
  entry: MenuEntry,
  pointer: string,
  target: { route: RouteEntry; index: number },
  ctx: {
    menusFile: string;
    routesFile: string;
    rel: (file: string) => string;
    book: RuleBook;
    facts: { packageFlags: ReadonlySet<string> };
  },
): ConfigProblem[] {
  const { route, index } = target;
  const own = entry.condition;
  const routeCondition = route.condition;
  const where = `config/routes.json#/routes/${String(index)}/condition`;
  if (own !== undefined && routeCondition !== undefined) {
    const wider = counterexample(own, routeCondition, ctx.book.lookup, ctx.facts);
    if (wider) {
      const mentioned = flagsIn({ all: [own, routeCondition] }, ctx.book.lookup);
      return [
        {
          file: ctx.rel(ctx.menusFile),
          pointer: `${pointer}/condition`,
          message: `would show the link to "${entry.route ?? ''}" where its route is refused, e.g. with ${describeState(wider, mentioned)}`,
          hint: `a link may only narrow its route's condition (${where}): remove this condition to inherit the route's, or make it imply the route's (refer to a rule with {"rule": …})`,
        },
      ];
    }
  }
  const shown = both(routeCondition, own);
  if (shown !== undefined && !satisfiable(shown, ctx.book.lookup, ctx.facts)) {
    return [
      {
        file: ctx.rel(ctx.menusFile),
        pointer: own === undefined ? `${pointer}/route` : `${pointer}/condition`,
        message: `links to "${entry.route ?? ''}" under a condition that never holds together with the route's (${where})`,
        hint: 'correct the condition, or remove the link',
      },
    ];
  }
  return [];
}

/** config/records/<name>.json: its name, the fields its UI and list name, and its widgets. */
function checkRecordType(
  file: string,
  relative: string,
  known: { widgets: ReadonlySet<string> },
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
  problems.push(...checkUniqueKey(record, relative));
  if (!isField(record.defaultSort.field)) {
    problems.push({
      file: relative,
      pointer: '/defaultSort/field',
      message: `sorts by "${record.defaultSort.field}", which schema.properties does not have`,
      hint: fieldHint,
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
    const theme = readJson<ThemeFile>(file);
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
