import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { buildRoutes } from '../engine/build-routes.tsx';
import { routeConfig } from '../engine/routes-config.ts';
import '../screens/index.ts';
import { Layout } from '../ui/layout/Layout.tsx';
import { RouteErrorPage } from '../ui/errors/RouteErrorPage.tsx';
import { PageLoading } from '../ui/PageLoading.tsx';
import { ConditionGate } from './ConditionGate.tsx';
import { NavBar } from './NavBar.tsx';
import { RequireAuth } from './RequireAuth.tsx';

/** The whole route tree: the layout around every route that config/routes.json declares. */
export function appRoutes(): RouteObject[] {
  return layoutRoutes(
    buildRoutes(routeConfig, {
      protectedElement: <RequireAuth />,
      conditionGate: (condition) => <ConditionGate condition={condition} />,
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
      element: <Layout nav={<NavBar />} />,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteErrorPage standalone />,
      children: [{ errorElement: <RouteErrorPage />, children }],
    },
  ];
}

export const createRouter = () => createBrowserRouter(appRoutes());
