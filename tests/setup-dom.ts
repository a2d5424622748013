import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Screens load their code on demand (the signed-in shell, a record type, a screen's page): on a
// busy 2-core machine the first render can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Component tests never touch the network: every call must be answered by a test's own mock
 * (tests/component/mock-api.ts). A call that reaches this fetch instead is refused at once, and
 * the test that made it fails, naming the URL, rather than a server on some port being tried
 * and the connection error scrolling past in the output.
 */
const unmocked: string[] = [];

function refuseUnmockedFetch(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  unmocked.push(url);
  return Promise.reject(
    new TypeError(`No mock answers ${url}: component tests never use the network.`),
  );
}

// Installed as the page's own fetch, so vi.unstubAllGlobals() after a test's mock brings it back.
window.fetch = refuseUnmockedFetch;
globalThis.fetch = refuseUnmockedFetch;

beforeEach(() => {
  unmocked.length = 0;
});

// Runs after each test file's own afterEach hooks: the app is unmounted before the test's
// mocks are taken away, so nothing it still has in flight can slip through to the network.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const calls = unmocked.splice(0);
  if (calls.length > 0) {
    throw new Error(`The test called the network with no mock answering:\n- ${calls.join('\n- ')}`);
  }
});
