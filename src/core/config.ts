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
}

/** config/app.json, checked against schemas/app.schema.json by `npm run validate:config`. */
export const appConfig: AppConfig = appJson;
