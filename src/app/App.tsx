import { useEffect } from 'react';
import { useNavigate, type RouteObject } from 'react-router-dom';
import { setNavigator } from '../core/navigation/navigator.ts';
import { RouteTree } from '../engine/route-tree.tsx';

/**
 * The portal inside its router (<BrowserRouter>, or a test's <MemoryRouter>): the route tree,
 * and the router's navigate handed to code outside components (stores, the error handler).
 */
export function App({ routes }: { routes: RouteObject[] }) {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return <RouteTree routes={routes} />;
}
