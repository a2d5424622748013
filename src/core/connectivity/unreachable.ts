import { ApiError, NetworkError } from '../api/errors.ts';

/**
 * What a proxy or load balancer answers when the portal's server is down or restarting: the
 * server itself was never reached, so the answer says nothing about the user's data.
 */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

export const isGatewayFailure = (status: number): boolean => GATEWAY_FAILURES.has(status);

/** The request never reached the portal's server: no answer came, or only a gateway's. */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof NetworkError || (error instanceof ApiError && isGatewayFailure(error.status))
  );
}
