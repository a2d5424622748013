import { userChanged } from '../core/analytics/analytics.ts';
import { readLastBrand } from '../core/account/last-active.ts';
import { forgetStartedReads } from '../core/api/started-reads.ts';
import {
  applyBranding,
  hostBrand,
  themeApplied,
  useBranding,
} from '../core/branding/branding-store.ts';
import { preloadTheme } from '../core/branding/theme-loader.ts';
import { preloadBrandingContent } from '../core/branding/use-branding-content.ts';
import { watchBrowserConnectivity } from '../core/connectivity/connectivity-store.ts';
import { reportError } from '../core/errors/report-error.ts';
import { logger } from '../core/logging/logger.ts';
import { useSession } from '../core/session/session-store.ts';
import { isAuthenticated, worksForACompany, type User } from '../core/session/user.ts';
import { loadSignedInShell } from './signed-in-shell.ts';
import { startPage } from './start-page.ts';

/**
 * Everything that must be in place before the first render: the brand on
 * <html>, analytics following the user, the global error handler, the browser's online and
 * offline events followed (src/core/connectivity), and for a signed-in user the
 * signed-in shell with their last farm, unit and plan (spec section 4), so that a reload of a
 * signed-in page draws it whole at once.
 */
export async function bootstrap(): Promise<void> {
  const signedIn = isAuthenticated(useSession.getState().user);
  // Nobody signed in: the login page will show the host's brand content, so ask for it now.
  if (!signedIn) preloadBrandingContent(hostBrand());
  else startPage(window.location.pathname);
  brandForUser(useSession.getState().user);
  // The remembered plan's theme, which the account's restore will switch to, fetched meanwhile.
  const remembered = signedIn ? readLastBrand() : null;
  if (remembered) preloadTheme(remembered);
  const branding = applyBranding();
  userChanged(useSession.getState().user);
  useSession.subscribe((state, previous) => {
    if (state.user === previous.user) return;
    // Reads begun for one user are never handed to the next on a shared computer.
    forgetStartedReads();
    userChanged(state.user);
    brandForUser(state.user);
  });
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
  watchBrowserConnectivity();
  await Promise.all([branding, signedIn ? restoreSignedIn() : undefined]);
  // The restored plan may have switched the brand: the first render wears its theme already.
  await themeApplied();
}

/** The signed-in shell, then the last farm, unit and plan; a failure is logged and ignored. */
async function restoreSignedIn(): Promise<void> {
  try {
    await (await loadSignedInShell()).restoreLastActiveAccount();
  } catch (error) {
    logger.error('The signed-in part of the portal could not be loaded', error);
  }
}

/**
 * Company staff wear their own provider's brand (a plan they select may switch it again); once
 * nobody is logged in, the portal wears its host's brand again.
 */
function brandForUser(user: User): void {
  const { setBrand } = useBranding.getState();
  if (worksForACompany(user) && user.provider) setBrand(user.provider.reference);
  else if (!isAuthenticated(user)) setBrand(hostBrand());
}
