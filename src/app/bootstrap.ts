import { useAccount, restoreLastActiveAccount } from '../core/account/account-store.ts';
import { trackUnitWith, userChanged } from '../core/analytics/analytics.ts';
import { reflectBrandOnDocument } from '../core/branding/branding-store.ts';
import { reportError } from '../core/errors/report-error.ts';
import { setNavigator } from '../core/navigation/navigator.ts';
import { useSession } from '../core/session/session-store.ts';

/**
 * Everything that must be in place before the first render: navigation for stores, the brand on
 * <html>, analytics following the user, the global error handler, and the last farm, unit and plan
 * of a signed-in user (spec section 4).
 */
export async function bootstrap(router: {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}): Promise<void> {
  setNavigator((to, options) => void router.navigate(to, options));
  reflectBrandOnDocument();
  trackUnitWith(() => useAccount.getState().unit?.id ?? null);
  userChanged(useSession.getState().user);
  useSession.subscribe((state, previous) => {
    if (state.user !== previous.user) userChanged(state.user);
  });
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
  await restoreLastActiveAccount();
}
