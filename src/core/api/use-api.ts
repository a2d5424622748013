import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiPaged } from '../../../shared/api.ts';
import { reportReadError } from '../errors/report-error.ts';
import { pagedParams, type PageRequest, type QueryParams } from './client.ts';
import { apiRead } from './started-reads.ts';

/** An swr key: the API path and its query, or null to fetch nothing yet. */
export type ApiKey = readonly [path: string, params?: QueryParams] | null;

/**
 * The portal's swr settings, which every read of useApi starts from: a failed read is logged, and
 * a 401 that ends the session logs out, but it opens no dialog: the screen shows the failure inline
 * with a Retry. Given to each hook rather than by an <SWRConfig> around the app, so that swr loads
 * with the first screen that reads through it, not with the login page.
 */
export const appSwrConfig = {
  onError: reportReadError,
  shouldRetryOnError: false,
} satisfies SWRConfiguration;

/** The one fetcher every read goes through: a read begun before its screen loaded is taken over. */
export const apiFetcher = <T>([path, params]: readonly [string, QueryParams?]): Promise<T> =>
  apiRead<T>(path, params);

/** A read of the API, cached and shared by key; a null path waits until it is known. */
export function useApi<T>(
  path: string | null,
  params?: QueryParams,
  config?: SWRConfiguration<T>,
): SWRResponse<T, unknown> {
  return useSWR<T, unknown, ApiKey>(path === null ? null : [path, params], apiFetcher, {
    ...appSwrConfig,
    ...config,
  });
}

/**
 * A paged read: page and per_page join the query, so every page is cached on its own. `Page` is
 * the answer's type when a list says more than the spec's paged result (ApiUnitsPage).
 */
export function useApiPaged<T, Page extends ApiPaged<T> = ApiPaged<T>>(
  path: string | null,
  page: PageRequest,
  params: QueryParams = {},
  config?: SWRConfiguration<Page>,
): SWRResponse<Page, unknown> {
  return useApi<Page>(path, pagedParams(page, params), {
    keepPreviousData: true,
    ...config,
  });
}
