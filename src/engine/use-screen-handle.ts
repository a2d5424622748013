import { useContext } from 'react';
import type { ScreenHandle } from './build-routes.tsx';
import { ScreenHandleContext } from './screen-handle-context.ts';

/** The config of the route the current screen was opened by (title, record type, options). */
export function useScreenHandle(): ScreenHandle | undefined {
  return useContext(ScreenHandleContext);
}
