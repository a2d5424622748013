import appJson from '../../config/app.json';

export interface AppConfig {
  appName: string;
  productName: string;
  productLabel: string;
  applicationKey: string;
  storageKeyPrefix: string;
  poweredBy: string;
  support: { phone: string; email: string; officeHours: string };
  logging: { level: string; serverLevel: string; serverUrl: string };
  dateFormats: Record<'short' | 'medium' | 'long' | 'monthYear' | 'dayMonth', string>;
  paths: AppPaths;
}

/**
 * The portal paths the code links to or sends users to, by name (config/app.json "paths", each
 * described in schemas/app.schema.json); `npm run validate:config` checks that a route of
 * config/routes.json serves each. Code never writes a portal path of its own.
 */
export interface AppPaths {
  home: string;
  login: string;
  afterLogout: string;
  selectUnit: string;
  branding: string;
  privacyPolicy: string;
  cookiePolicy: string;
}

/** config/app.json, checked against schemas/app.schema.json by `npm run validate:config`. */
export const appConfig: AppConfig = appJson;

/** The named paths of config/app.json. */
export const appPaths: AppPaths = appConfig.paths;
