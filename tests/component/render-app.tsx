import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { appRoutes } from '../../src/app/router.tsx';

/** The real route tree and screens in a memory router, starting at the given URL. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [initialPath] });
  // A cache of its own per render, so that no test sees another's answers.
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { ...view, router };
}
