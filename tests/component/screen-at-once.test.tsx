import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { MemoryRouter, Outlet, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../src/engine/build-routes.tsx';
import { RouteTree } from '../../src/engine/route-tree.tsx';
import { registerScreen, screenLoader } from '../../src/engine/screen-registry.ts';

/** A screen whose code has arrived draws with the page, with no loading state between. */

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count}
    </button>
  );
}

/** The route tree under a page that can draw it again, as any change above a screen does. */
function Page({ routes }: { routes: RouteObject[] }) {
  const [renders, setRenders] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Draw again ({renders})
      </button>
      <Suspense fallback={<p>Loading the page…</p>}>
        <RouteTree routes={routes} />
      </Suspense>
    </>
  );
}

function renderScreen(name: string) {
  const routes = buildRoutes([{ path: '/here', screen: name, access: 'public', title: 'Here' }], {
    protectedElement: <Outlet />,
    conditionGate: () => <Outlet />,
  });
  render(
    <MemoryRouter initialEntries={['/here']}>
      <Page routes={routes} />
    </MemoryRouter>,
  );
}

describe('a screen of the registry', () => {
  it('draws at once when its code has already arrived', async () => {
    registerScreen({ name: 'test-early', load: () => Promise.resolve({ default: Counter }) });
    await screenLoader('test-early')?.();
    renderScreen('test-early');
    expect(screen.getByRole('button', { name: 'Pressed 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page…')).toBeNull();
  });

  it('shows the loading state until its code arrives, then keeps what the user did through later renders', async () => {
    let arrive: () => void = () => undefined;
    registerScreen({
      name: 'test-late',
      load: () =>
        new Promise((resolve) => {
          arrive = () => resolve({ default: Counter });
        }),
    });
    renderScreen('test-late');
    expect(screen.getByText('Loading the page…')).toBeInTheDocument();
    arrive();
    await userEvent.click(await screen.findByRole('button', { name: 'Pressed 0' }));
    // Its code has arrived since it first drew: the mounted screen stays the one it was.
    await userEvent.click(screen.getByRole('button', { name: 'Draw again (1)' }));
    expect(screen.getByRole('button', { name: 'Draw again (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });
});
