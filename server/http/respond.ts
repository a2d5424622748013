import type { ApiSuccess } from '../../shared/api.ts';

/** Every successful API answer is wrapped the same way. */
export function ok<T>(data: T): ApiSuccess<T> {
  return { status: true, data };
}
