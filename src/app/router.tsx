import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { buildRoutes } from '../engine/build-routes.tsx';
import { routeConfig } from '../engine/routes-config.ts';
import '../screens/index.ts';
import { PageNotFound } from '../ui/errors/PageNotFound.tsx';
import { RouteErrorBoundary } from '../ui/errors/RouteErrorBoundary.tsx';
import { PageLoading } from '../ui/PageLoading.tsx';
import { AppLayout } from './AppLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// With the rule book and the flags: loaded beside the screen, as the signed-in shell is.
const ConditionGate = lazy(() =>
  import('./ConditionGate.tsx').then((m) => ({ default: m.ConditionGate })),
);

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
 * Where the screens show inside the layout: a skeleton while a screen's code first loads (a
 * navigation keeps the page it leaves until then: react-router navigates in a transition), the
 * error page if the screen fails or its code does not arrive.
 */
function ScreenOutlet() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The layout around the given routes, with the error page: a screen that fails (or whose code
 * fails to load) shows it inside the layout; a layout that fails shows it on its own. An address
 * no route matches (config/routes.json's own "*" route ranks before this one) is Page Not Found.
 */
export function layoutRoutes(children: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary standalone>
          <AppLayout />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: <ScreenOutlet />,
          children: [...children, { path: '*', element: <PageNotFound /> }],
        },
      ],
    },
  ];
}
