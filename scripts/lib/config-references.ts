/**
 * The checks a JSON Schema cannot make: that config files agree with each other and with the
 * code. Each problem names the file, the JSON pointer and a hint.
 */
import { existsSync, readFileSync } from 'node:fs';
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

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Screen names registered in src/screens/index.ts, read from its registerScreen calls. */
export function registeredScreens(screensIndex: string): Set<string> {
  const source = readFileSync(screensIndex, 'utf8');
  return new Set(
    [...source.matchAll(/registerScreen\(\s*'([a-z][a-z0-9-]*)'/g)].map((m) => m[1] ?? ''),
  );
}

export function crossCheck(configDir: string, root: string, screensIndex: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const rel = (file: string) => path.relative(root, file);
  const featuresFile = path.join(configDir, 'features.json');
  const routesFile = path.join(configDir, 'routes.json');
  if (!existsSync(featuresFile) || !existsSync(routesFile)) return problems;

  const defined = new Set(
    readJson<{ flags: { flag: string }[] }>(featuresFile).flags.map((f) => f.flag),
  );
  const checkCondition = (file: string, pointer: string, condition: Condition | undefined) => {
    if (condition === undefined) return;
    for (const flag of flagsIn(condition)) {
      if (!defined.has(flag) && !DERIVED_FLAG.test(flag)) {
        problems.push({
          file: rel(file),
          pointer,
          message: `uses the flag "${flag}", which config/features.json does not define`,
          hint: 'define the flag in config/features.json, or correct its spelling',
        });
      }
    }
  };

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
    if (
      route.recordType !== undefined &&
      !existsSync(path.join(configDir, 'records', `${route.recordType}.json`))
    ) {
      problems.push({
        file: rel(routesFile),
        pointer: `${pointer}/recordType`,
        message: `shows the record type "${route.recordType}", which has no config/records/${route.recordType}.json`,
        hint: 'add the record type file, or correct the name',
      });
    }
    checkCondition(routesFile, `${pointer}/condition`, route.condition);
  });

  const menusFile = path.join(configDir, 'menus.json');
  if (existsSync(menusFile)) {
    const menus = readJson<Record<string, MenuEntry[] | string>>(menusFile);
    const visit = (entry: MenuEntry, pointer: string) => {
      checkCondition(menusFile, `${pointer}/condition`, entry.condition);
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

interface MenuEntry {
  path?: string;
  condition?: Condition;
  items?: MenuEntry[];
}
