import { registerScreen } from '../engine/screen-registry.ts';

// Every screen, by the name config/routes.json uses; each is its own chunk, loaded on first visit.
registerScreen('login', () => import('./login/LoginScreen.tsx'));
registerScreen('dashboard', () => import('./dashboard/DashboardScreen.tsx'));
registerScreen('not-found', () => import('./not-found/NotFoundScreen.tsx'));
