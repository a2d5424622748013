import appJson from '../../config/app.json';
import type { AppConfig } from '../../shared/config-types.generated.ts';

export type { AppConfig };

/**
 * The portal paths the code links to or sends users to, by name (config/app.json "paths", each
 * described in schemas/app.schema.json); `npm run validate:config` checks that a route of
 * config/routes.json serves each. Code never writes a portal path of its own.
 */
export type AppPaths = AppConfig['paths'];

/** config/app.json, checked against schemas/app.schema.json by `npm run validate:config`. */
export const appConfig = appJson as AppConfig;

/** The named paths of config/app.json. */
export const appPaths: AppPaths = appConfig.paths;
