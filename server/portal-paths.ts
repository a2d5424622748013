/**
 * The portal pages the API links to (a prefilled answer's record list, a calculator, a survey, a
 * submitted record), read from the portal's own routes in config/routes.json, so that no page's
 * path is written a second time in server code.
 */
import { PORTAL_ROUTES } from '../shared/access/portal-config.ts';

interface RouteEntry {
  path: string;
  screen?: string;
  condition?: unknown;
  options?: { recordType?: string };
}

const ROUTES = PORTAL_ROUTES as readonly RouteEntry[];

/** The list of a record type: its records route, else a route named after it; '' if none. */
export const recordListPath = (type: string): string =>
  ROUTES.find((r) => r.screen === 'records' && r.options?.recordType === type)?.path ??
  ROUTES.find((r) => r.path.endsWith(`/${type}`))?.path ??
  '';

/** The page whose route's condition is this named rule (a calculator's); '' if none. */
export const rulePath = (rule: string): string =>
  ROUTES.find(
    (r) =>
      typeof r.condition === 'object' &&
      r.condition !== null &&
      (r.condition as { rule?: unknown }).rule === rule,
  )?.path ?? '';

/** A screen's route taking one parameter (`:survey`), filled in; '' if the screen has none. */
export function screenPath(screen: string, param: string, value: string | number): string {
  const route = ROUTES.find((r) => r.screen === screen && r.path.includes(`:${param}`));
  return route ? route.path.replace(`:${param}`, encodeURIComponent(String(value))) : '';
}
