import { vi } from 'vitest';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const ok = (data: unknown) => json(200, { status: true, data });

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Calls the portal makes on the side (branding content, analytics, logout), answered simply. */
const BACKGROUND: [RegExp, Handler][] = [
  [
    /^\/api\/branding\//,
    () => ok({ contact_us_page_content: null, help_page_content: null, login_message: null }),
  ],
  [/^\/api\/analytics\/browser/, () => ok({ id: 1 })],
  [/^\/api\/analytics\/activity/, () => ok({ recorded: 1 })],
  [/^\/api\/authenticate\/logout/, () => ok({ loggedOut: true })],
];

/**
 * A fetch that answers the API by URL: the given handlers first, then the background calls;
 * anything else is a 404 error object, so a missing handler shows up as a test failure.
 */
export function mockApi(handlers: [RegExp, Handler][]) {
  const mock = vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const handler = [...handlers, ...BACKGROUND].find(([pattern]) => pattern.test(url))?.[1];
    if (handler) return handler(url, init);
    return json(404, {
      status: false,
      type: 'Request_NotFound',
      type_label: 'Not Found',
      code: 404,
      msg: `No mock answers ${url}`,
      errors: [],
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The URLs of the calls made to one endpoint, by URL pattern. */
export const callsTo = (mock: ReturnType<typeof mockApi>, pattern: RegExp): string[] =>
  mock.mock.calls.map(([input]) => urlOf(input)).filter((url) => pattern.test(url));
