import { registerScreen } from '../engine/screen-registry.ts';

// Every screen, by the name config/routes.json uses; each is its own chunk, loaded on first visit.
registerScreen('login', () => import('./login/LoginScreen.tsx'));
registerScreen('auth', () => import('./auth/AuthScreen.tsx'));
registerScreen('logout', () => import('./logout/LogoutScreen.tsx'));
registerScreen('dashboard', () => import('./dashboard/DashboardScreen.tsx'));
registerScreen('units-list', () => import('./units-list/UnitsListScreen.tsx'));
registerScreen('records', () => import('./records/RecordsScreen.tsx'));
registerScreen('contact-us', () => import('./contact-us/ContactUsScreen.tsx'));
registerScreen('help', () => import('./help/HelpScreen.tsx'));
registerScreen('privacy-policy', () => import('./legal/PrivacyPolicyScreen.tsx'));
registerScreen('cookie-policy', () => import('./legal/CookiePolicyScreen.tsx'));
registerScreen('branding', () => import('./branding/BrandingScreen.tsx'));
registerScreen('not-found', () => import('./not-found/NotFoundScreen.tsx'));
registerScreen('documents', () => import('./documents/DocumentsScreen.tsx'));
registerScreen('articles', () => import('./articles/ArticlesScreen.tsx'));
registerScreen('change-password', () => import('./my-account/ChangePasswordScreen.tsx'));
registerScreen('notifications', () => import('./my-account/NotificationsScreen.tsx'));
// Routes whose screen this release lacks: the page says so plainly (see UnbuiltScreen).
registerScreen('unbuilt', () => import('./unbuilt/UnbuiltScreen.tsx'));
registerScreen('style-guide', () => import('./style-guide/StyleGuideScreen.tsx'));
registerScreen('farm-contact', () => import('./farm-contact/FarmContactScreen.tsx'));
registerScreen('stir-calculator', () => import('./stir-calculator/StirCalculatorScreen.tsx'));
registerScreen('report', () => import('./reports/ReportsScreen.tsx'));
registerScreen('eiq-calculator', () => import('./eiq-calculator/EiqCalculatorScreen.tsx'));
