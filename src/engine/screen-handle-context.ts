import { createContext } from 'react';
import type { ScreenHandle } from './build-routes.tsx';

/**
 * The handle of the deepest route matching the current address (its title, screen and options),
 * given to the whole tree by RouteTree; undefined where no screen route matches (a redirect).
 */
export const ScreenHandleContext = createContext<ScreenHandle | undefined>(undefined);
