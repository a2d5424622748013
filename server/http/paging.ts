import type { ApiPaged } from '../../shared/api.ts';
import { badRequest } from './errors.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

function wholeNumber(
  value: string | undefined,
  name: string,
  fallback: number,
  max: number,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw badRequest(`${name} must be a whole number from 1 to ${max}.`, { [name]: 'is invalid' });
  }
  return Number(value);
}

/** Reads page and per_page from a query, with the spec's defaults (page 1, 10 per page). */
export function pageRequest(query: { page?: string; per_page?: string }): PageRequest {
  const page = wholeNumber(query.page, 'page', DEFAULT_PAGE, 1_000_000);
  const perPage = wholeNumber(query.per_page, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}

/** Escapes LIKE's wildcards so that a search for "50%" finds "50%", not everything. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The spec's paged result around one page of records. */
export function pagedResult<T>(page: PageRequest, total: number, records: T[]): ApiPaged<T> {
  return { total_records: total, current_page: page.page, records_per_page: page.perPage, records };
}
