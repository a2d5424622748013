import type { AuthToken } from '../../../shared/api.ts';

/**
 * What the API client needs from the session, handed over by the session store at start-up so
 * that the client does not import the store (which itself calls the client to log in).
 */
export interface SessionLink {
  /** The signed-in user's token, or null when nobody is logged in. */
  token: () => AuthToken | null;
  /** A signed request answered 401: the session is over. */
  unauthorised: () => void;
}

let link: SessionLink = { token: () => null, unauthorised: () => undefined };

export function linkSession(next: SessionLink): void {
  link = next;
}

export const sessionLink = (): SessionLink => link;
