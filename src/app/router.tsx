import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { buildRoutes } from '../engine/build-routes.tsx';
import { routeConfig } from '../engine/routes-config.ts';
import '../screens/index.ts';
import { Layout } from '../ui/layout/Layout.tsx';
import { PageLoading } from '../ui/PageLoading.tsx';
import { ConditionGate } from './ConditionGate.tsx';
import { NavBar } from './NavBar.tsx';
import { RequireAuth } from './RequireAuth.tsx';

/** The whole route tree: the layout around every route that config/routes.json declares. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <Layout nav={<NavBar />} />,
      hydrateFallbackElement: <PageLoading />,
      children: buildRoutes(routeConfig, {
        protectedElement: <RequireAuth />,
        conditionGate: (condition) => <ConditionGate condition={condition} />,
      }),
    },
  ];
}

export const createRouter = () => createBrowserRouter(appRoutes());
