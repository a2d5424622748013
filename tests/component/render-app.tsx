import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { appRoutes } from '../../src/app/router.tsx';
import { appSwrConfig } from '../../src/core/api/use-api.ts';

/** The real route tree, screens and swr settings in a memory router, starting at the given URL. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [initialPath] });
  // A cache of its own per render, so that no test sees another's answers.
  const view = render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map() }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { ...view, router };
}
