/**
 * The config the code names, checked (issue 14: code names no config it cannot check): every
 * named path of config/app.json ("paths"): a route of config/routes.json serves it, and the paths
 * a visitor who is not signed in is sent to are public. (What reports read of the records is
 * declared in config/reports/ and checked by reports-check.ts.)
 *
 * Each problem names the file, a JSON pointer and a hint.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** A JSON pointer from its reference tokens, escaping "~" and "/" (RFC 6901). */
const pointerTo = (...tokens: (string | number)[]): string =>
  tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Every problem of the check, for config-references.ts's crossCheck. */
export function checkCodeReads(configDir: string, rel: (file: string) => string): Problem[] {
  return checkNamedPaths(configDir, rel);
}

interface RouteEntry {
  path: string;
  screen?: string;
  redirect?: string;
  access?: string;
}

/**
 * The named paths to which a visitor who is not signed in is sent: a protected route there would
 * send them to the login page, and a protected login page round in a loop.
 */
export const PUBLIC_PATHS: readonly string[] = ['login', 'afterLogout'];

/** Each path of config/app.json's "paths" is served by a route; the public ones publicly. */
export function checkNamedPaths(configDir: string, rel: (file: string) => string): Problem[] {
  const appFile = path.join(configDir, 'app.json');
  const routesFile = path.join(configDir, 'routes.json');
  if (!existsSync(appFile) || !existsSync(routesFile)) return [];
  const paths = readJson<{ paths?: Record<string, string> }>(appFile).paths ?? {};
  const routes = readJson<{ routes?: RouteEntry[] }>(routesFile).routes ?? [];
  // The catch-all ("*") answers every path with Page Not Found: it serves none of them.
  const routeAt = (p: string) => {
    const index = routes.findIndex((r) => r.path === p && r.path !== '*');
    const route = routes[index];
    return route ? { route, index } : undefined;
  };
  const problems: Problem[] = [];
  for (const [name, wanted] of Object.entries(paths)) {
    const pointer = pointerTo('paths', name);
    let found = routeAt(wanted);
    if (!found) {
      problems.push({
        file: rel(appFile),
        pointer,
        message: `names "${wanted}" as the ${name} path, which no route of config/routes.json serves`,
        hint: `use the path of a route of config/routes.json (${routes
          .filter((r) => r.screen !== undefined && r.path !== '*')
          .map((r) => r.path)
          .join(', ')}), or add a route for "${wanted}"`,
      });
      continue;
    }
    // Follow redirects to the screen that answers (a broken redirect is reported on the route).
    const seen = new Set<string>();
    while (found.route.redirect !== undefined && !seen.has(found.route.path)) {
      seen.add(found.route.path);
      const next = routeAt(found.route.redirect);
      if (!next) break;
      found = next;
    }
    if (PUBLIC_PATHS.includes(name) && found.route.access === 'protected') {
      problems.push({
        file: rel(appFile),
        pointer,
        message: `names "${wanted}" as the ${name} path, but its route (config/routes.json#/routes/${String(found.index)}) is protected, and a visitor who is not signed in is sent there`,
        hint: `make that route "access": "public", or name the path of a public route`,
      });
    }
  }
  return problems;
}
