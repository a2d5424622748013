/**
 * Where the dashboard links to, from config/routes.json: each report's route (its screen
 * "report", options.kind the report's id) and each record type's list, so a card's link is the
 * page that shows its figure.
 */
import { recordTypeTitle } from '../../engine/record-access.ts';
import { routeConfig } from '../../engine/routes-config.ts';

const pathsOf = (screen: string, option: string) =>
  new Map(
    routeConfig.flatMap((r) => {
      if (!('screen' in r) || r.screen !== screen) return [];
      const value = r.options?.[option];
      return typeof value === 'string' ? [[value, r.path] as const] : [];
    }),
  );

const reportPaths = pathsOf('report', 'kind');
const recordPaths = pathsOf('records', 'recordType');

export const reportPath = (id: string): string | undefined => reportPaths.get(id);
export const recordPath = (type: string): string | undefined => recordPaths.get(type);
export const recordTitle = recordTypeTitle;
