import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { appRoutes } from '../../src/app/router.tsx';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import { useBrandingContentCache } from '../../src/core/branding/branding-content.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** The real route tree, screens and swr settings in a memory router, starting at the given URL. */
export function renderApp(initialPath: string) {
  const { element, location } = memoryRoutes(appRoutes(), initialPath);
  // Caches of their own per render (swr's, the brands' content), so that no test sees another's
  // answers.
  useBrandingContentCache.setState({}, true);
  const view = render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map() }}>{element}</SWRConfig>,
  );
  return { ...view, location };
}
