import { useMatches } from 'react-router-dom';
import type { ScreenHandle } from './build-routes.tsx';

/** The config of the route the current screen was opened by (title, record type, options). */
export function useScreenHandle(): ScreenHandle | undefined {
  return useMatches().at(-1)?.handle as ScreenHandle | undefined;
}
