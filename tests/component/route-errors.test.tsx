import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { layoutRoutes } from '../../src/app/router.tsx';
import { isChunkLoadError, reloadPage } from '../../src/ui/errors/chunk-load.ts';
import { memoryRoutes } from './memory-routes.tsx';
import { mockApi } from './mock-api.ts';

vi.mock('../../src/ui/errors/chunk-load.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/ui/errors/chunk-load.ts')>()),
  reloadPage: vi.fn(),
}));

function Boom(): never {
  throw new Error('kaboom');
}

// A screen whose chunk is gone from the server since a release.
const Released = lazy(() =>
  Promise.reject(
    new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/RecordsScreen-3f2a.js',
    ),
  ),
);

const routes: RouteObject[] = [
  { path: '/dashboard', element: <h1>Dashboard</h1>, handle: { title: 'Dashboard' } },
  { path: '/boom', element: <Boom />, handle: { title: 'Boom' } },
  { path: '/released', element: <Released /> },
];

function renderAt(path: string) {
  const router = memoryRoutes(layoutRoutes(routes), path);
  render(router.element);
  return router;
}

beforeEach(() => {
  mockApi([]);
  // React and the portal's logger both report the error caught; the test checks the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.mocked(reloadPage).mockClear();
  vi.restoreAllMocks();
});

describe('the route error page', () => {
  it('shows a screen that throws as a plain page inside the layout, with a way back', async () => {
    const router = renderAt('/boom');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    // Inside the normal layout: its footer is still there.
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.location().pathname).toBe('/dashboard');
    // The error is gone with the address it happened at, and the tab says where the user is.
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Dashboard · /);
  });

  it("says a new version is available and offers Reload when a screen's code fails to load", async () => {
    renderAt('/released');
    expect(
      await screen.findByRole('heading', { name: 'A new version is available' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows Page Not Found inside the layout for an address no route matches', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  it('knows the chunk-load failures of each browser', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/a.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://x/assets/a.js',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('kaboom'))).toBe(false);
    expect(isChunkLoadError('Failed')).toBe(false);
  });
});
