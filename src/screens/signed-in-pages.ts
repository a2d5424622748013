import type { ScreenLoader } from '../engine/screen-registry.ts';
import type { ScreenName } from './screens.ts';

/**
 * The pages of the screens only signed-in visitors open (config/routes.json's protected routes),
 * in a chunk of their own: the login page's first load leaves out these imports and the lists of
 * files each one preloads. ./index.ts registers each by name; the server preloads this chunk with
 * the page of a protected path (server/http/index-page.ts).
 */
export const signedInPages = {
  dashboard: () => import('./dashboard/DashboardScreen.tsx'),
  'units-list': () => import('./units-list/UnitsListScreen.tsx'),
  records: () => import('./records/RecordsScreen.tsx'),
  documents: () => import('./documents/DocumentsScreen.tsx'),
  articles: () => import('./articles/ArticlesScreen.tsx'),
  'change-password': () => import('./my-account/ChangePasswordScreen.tsx'),
  notifications: () => import('./my-account/NotificationsScreen.tsx'),
  'vet-vision': () => import('./vet-vision/VetVisionScreen.tsx'),
  unbuilt: () => import('./unbuilt/UnbuiltScreen.tsx'),
  benchmarking: () => import('./benchmarking/BenchmarkingScreen.tsx'),
  'farm-contact': () => import('./farm-contact/FarmContactScreen.tsx'),
  'stir-calculator': () => import('./stir-calculator/StirCalculatorScreen.tsx'),
  report: () => import('./reports/ReportsScreen.tsx'),
  'eiq-calculator': () => import('./eiq-calculator/EiqCalculatorScreen.tsx'),
  'ghg-what-if': () => import('./ghg-what-if/GhgWhatIfScreen.tsx'),
  'bps-what-if': () => import('./bps-what-if/BpsWhatIfScreen.tsx'),
  surveys: () => import('./surveys/SurveysScreen.tsx'),
  submissions: () => import('./submissions/SubmissionsScreen.tsx'),
  'survey-responses': () => import('./survey-responses/SurveyResponsesScreen.tsx'),
  remittance: () => import('./remittance/RemittanceScreen.tsx'),
  'farm-remittance': () => import('./remittance/FarmRemittanceScreen.tsx'),
  'customer-insights': () => import('./customer-insights/CustomerInsightsScreen.tsx'),
  mifarm: () => import('./mifarm/MiFarmScreen.tsx'),
  consent: () => import('./consent/ConsentScreen.tsx'),
} satisfies Partial<Record<ScreenName, ScreenLoader>>;
