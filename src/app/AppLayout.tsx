import { useEffect } from 'react';
import { useBrandingContent } from '../core/branding/use-branding-content.ts';
import { logger } from '../core/logging/logger.ts';
import { selectIsAuthenticated, useSession } from '../core/session/session-store.ts';
import { shownPublicMenu } from '../engine/public-menu.ts';
import { useScreenHandle } from '../engine/use-screen-handle.ts';
import { Layout } from '../ui/layout/Layout.tsx';
import { NavBar } from './NavBar.tsx';
import { loadSignedInShell, useSignedInShell, type SignedInShell } from './signed-in-shell.ts';

/** The logged-out bar: config/menus.json's logged-out menu for the brand's content. */
function PublicNavBar() {
  const { data: content } = useBrandingContent();
  return <NavBar left={shownPublicMenu(content)} right={[]} />;
}

/** The navigation bar for whoever is signed in: the signed-in shell's, once it has loaded. */
function AppNavBar({ shell }: { shell: SignedInShell | null }) {
  const authenticated = useSession(selectIsAuthenticated);
  if (!authenticated) return <PublicNavBar />;
  // Only for the moment between a login and the shell's arrival (it is fetched ahead).
  if (!shell) return <NavBar left={[]} right={[]} />;
  return <shell.SignedInNavBar />;
}

/**
 * The layout with the parts that depend on who is signed in: a signed-in user's come from the
 * signed-in shell (src/app/SignedInShell.tsx), loaded here as soon as someone is signed in, if
 * nothing has loaded it yet.
 */
export function AppLayout() {
  const authenticated = useSession(selectIsAuthenticated);
  const shell = useSignedInShell();
  const title = useScreenHandle()?.title;
  useEffect(() => {
    if (!authenticated || shell) return;
    loadSignedInShell().catch((error: unknown) => {
      logger.error('The signed-in part of the portal could not be loaded', error);
    });
  }, [authenticated, shell]);
  const signedIn = authenticated ? shell : null;
  return (
    <Layout
      title={title}
      nav={<AppNavBar shell={shell} />}
      account={signedIn && <signedIn.AccountBanner />}
      printedAccount={signedIn && <signedIn.PrintedAccount />}
      onHome={signedIn?.goHome}
      pageNote={signedIn && <signedIn.DeviceCopyNote />}
      syncStatus={signedIn && <signedIn.OutboxStatus />}
    />
  );
}
