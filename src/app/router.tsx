import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { buildRoutes } from '../engine/build-routes.tsx';
import { routeConfig } from '../engine/routes-config.ts';
import '../screens/index.ts';
import { RouteErrorPage } from '../ui/errors/RouteErrorPage.tsx';
import { PageLoading } from '../ui/PageLoading.tsx';
import { AppLayout } from './AppLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';

/** The whole route tree: the layout around every route that config/routes.json declares. */
export function appRoutes(): RouteObject[] {
  return layoutRoutes(
    buildRoutes(routeConfig, {
      protectedElement: <RequireAuth />,
      // With the rule book and the flags: loaded beside the screen, as the signed-in shell is.
      conditionGate: (condition) => ({
        lazy: async () => {
          const { ConditionGate } = await import('./ConditionGate.tsx');
          return { element: <ConditionGate condition={condition} /> };
        },
      }),
    }),
  );
}

/**
 * The layout around the given routes, with the error page: a screen that fails (or whose code
 * fails to load) shows it inside the layout; a layout that fails shows it on its own.
 */
export function layoutRoutes(children: RouteObject[]): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteErrorPage standalone />,
      children: [{ errorElement: <RouteErrorPage />, children }],
    },
  ];
}

export const createRouter = () => createBrowserRouter(appRoutes());
