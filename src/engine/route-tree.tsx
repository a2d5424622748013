import { useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { ScreenHandle } from './build-routes.tsx';
import { ScreenHandleContext } from './screen-handle-context.ts';

/**
 * The route tree for the current address, in react-router's declarative mode (inside a
 * <BrowserRouter> or <MemoryRouter>). Its data router would cost every first load about 16 KB of
 * gzip JavaScript for loaders, actions and fetchers the portal does not use; the one thing of it
 * the portal read, the matched route's handle (useMatches), is given here to the whole tree,
 * the layout above the screen included (useScreenHandle).
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const handle = useMemo(
    () => matchRoutes(routes, location.pathname)?.at(-1)?.route.handle as ScreenHandle | undefined,
    [routes, location.pathname],
  );
  return <ScreenHandleContext value={handle}>{element}</ScreenHandleContext>;
}
