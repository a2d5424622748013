import { registerScreen, type ScreenLoader } from '../engine/screen-registry.ts';
import type { ScreenName } from './screens.ts';

// Each declared screen's page (src/screens/screens.ts): its own chunk, loaded on first visit.
const pages: Record<ScreenName, ScreenLoader> = {
  login: () => import('./login/LoginScreen.tsx'),
  auth: () => import('./auth/AuthScreen.tsx'),
  logout: () => import('./logout/LogoutScreen.tsx'),
  dashboard: () => import('./dashboard/DashboardScreen.tsx'),
  'units-list': () => import('./units-list/UnitsListScreen.tsx'),
  records: () => import('./records/RecordsScreen.tsx'),
  'contact-us': () => import('./contact-us/ContactUsScreen.tsx'),
  help: () => import('./help/HelpScreen.tsx'),
  'privacy-policy': () => import('./legal/PrivacyPolicyScreen.tsx'),
  'cookie-policy': () => import('./legal/CookiePolicyScreen.tsx'),
  branding: () => import('./branding/BrandingScreen.tsx'),
  'not-found': () => import('./not-found/NotFoundScreen.tsx'),
  documents: () => import('./documents/DocumentsScreen.tsx'),
  articles: () => import('./articles/ArticlesScreen.tsx'),
  'change-password': () => import('./my-account/ChangePasswordScreen.tsx'),
  notifications: () => import('./my-account/NotificationsScreen.tsx'),
  'vet-vision': () => import('./vet-vision/VetVisionScreen.tsx'),
  unbuilt: () => import('./unbuilt/UnbuiltScreen.tsx'),
  benchmarking: () => import('./benchmarking/BenchmarkingScreen.tsx'),
  'style-guide': () => import('./style-guide/StyleGuideScreen.tsx'),
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
};

// The registry needs a screen's name and page only: its declared options (./screens.ts) are for
// validate:config, so they stay out of the first load. `pages` names every declared screen.
for (const [name, load] of Object.entries(pages)) registerScreen({ name, load });
