import { registerScreen, type ScreenLoader, type StartReads } from '../engine/screen-registry.ts';
import { unitDashboardRead, unitSummaryRead } from './dashboard/dashboard-reads.ts';
import type { ScreenName } from './screens.ts';
import type { signedInPages } from './signed-in-pages.ts';

type SignedInScreen = keyof typeof signedInPages;

// The pages a signed-out visitor may open (config/routes.json's public routes): each its own
// chunk, loaded on first visit.
const publicPages = {
  login: () => import('./login/LoginScreen.tsx'),
  auth: () => import('./auth/AuthScreen.tsx'),
  logout: () => import('./logout/LogoutScreen.tsx'),
  'contact-us': () => import('./contact-us/ContactUsScreen.tsx'),
  help: () => import('./help/HelpScreen.tsx'),
  'privacy-policy': () => import('./legal/PrivacyPolicyScreen.tsx'),
  'cookie-policy': () => import('./legal/CookiePolicyScreen.tsx'),
  branding: () => import('./branding/BrandingScreen.tsx'),
  'not-found': () => import('./not-found/NotFoundScreen.tsx'),
  'style-guide': () => import('./style-guide/StyleGuideScreen.tsx'),
} satisfies Partial<Record<Exclude<ScreenName, SignedInScreen>, ScreenLoader>>;

// The others load through ./signed-in-pages.ts, named here so that the first load need not.
const SIGNED_IN = [
  'dashboard',
  'units-list',
  'records',
  'documents',
  'articles',
  'change-password',
  'notifications',
  'vet-vision',
  'unbuilt',
  'benchmarking',
  'farm-contact',
  'stir-calculator',
  'report',
  'eiq-calculator',
  'ghg-what-if',
  'bps-what-if',
  'surveys',
  'submissions',
  'survey-responses',
  'remittance',
  'farm-remittance',
  'customer-insights',
  'mifarm',
  'consent',
] as const satisfies readonly SignedInScreen[];

const signedInPage =
  (name: SignedInScreen): ScreenLoader =>
  () =>
    import('./signed-in-pages.ts').then((pages) => pages.signedInPages[name]());

// Every declared screen (src/screens/screens.ts) has its page, once: checked by the compiler.
const pages = {
  ...publicPages,
  ...(Object.fromEntries(SIGNED_IN.map((name) => [name, signedInPage(name)])) as Record<
    (typeof SIGNED_IN)[number],
    ScreenLoader
  >),
} satisfies Record<ScreenName, ScreenLoader>;

// What a screen reads as soon as it draws, begun on a reload of its page beside its code.
const startReads: Partial<Record<ScreenName, StartReads>> = {
  dashboard: ({ unitId, planId }) => [
    unitDashboardRead(unitId, planId),
    unitSummaryRead(unitId, planId),
  ],
};

// The registry needs a screen's name, page and first reads only: its declared options
// (./screens.ts) are for validate:config, so they stay out of the first load.
for (const [name, load] of Object.entries(pages))
  registerScreen({ name, load, startReads: startReads[name as ScreenName] });
