import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from '../../src/app/router.tsx';

/** The real route tree and screens in a memory router, starting at the given URL. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [initialPath] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}
