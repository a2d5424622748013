import { useEffect } from 'react';
import { MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router-dom';
import { App } from '../../src/app/App.tsx';

/**
 * The given routes as the portal renders them (src/app/App.tsx), in a memory router starting at
 * the given URL; `location()` says where it has navigated to since.
 */
export function memoryRoutes(routes: RouteObject[], initialPath: string) {
  const seen: { location: Location | null } = { location: null };
  function LocationProbe() {
    const location = useLocation();
    useEffect(() => {
      seen.location = location;
    }, [location]);
    return null;
  }
  const element = (
    <MemoryRouter initialEntries={[initialPath]}>
      <LocationProbe />
      <App routes={routes} />
    </MemoryRouter>
  );
  const location = (): Location => {
    if (!seen.location) throw new Error('The router has not rendered yet');
    return seen.location;
  };
  return { element, location };
}
