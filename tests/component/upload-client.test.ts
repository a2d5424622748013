import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorType } from '../../shared/api.ts';
import { AuthHeader } from '../../shared/signing.ts';
import { apiUpload, type UploadProgress } from '../../src/core/api/client.ts';
import { linkSession } from '../../src/core/api/credentials.ts';
import { ApiError, NetworkError } from '../../src/core/api/errors.ts';
import { FakeXhr } from './fake-xhr.ts';
import { mockApi, ok } from './mock-api.ts';

/**
 * An upload with progress goes through XMLHttpRequest, but through the same request path as
 * every other call: signed, retried after a clock refusal, its answer unwrapped and its failures
 * mapped the same way, and a 401 ends the session.
 */

const FILE = new Blob([new Uint8Array(2048)]);
const TOKEN = { key: 'k-1', secret: 's-1', expires_at: 4_102_444_800 };
const unauthorised = vi.fn();

async function nthSent(n: number): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(n));
  const xhr = FakeXhr.sent[n];
  if (!xhr) throw new Error(`no request ${String(n)}`);
  return xhr;
}

const error = (code: number, type: string, extra: object = {}) => ({
  status: false,
  type,
  type_label: type,
  code,
  msg: `refused: ${type}`,
  errors: [],
  ...extra,
});

beforeEach(() => {
  FakeXhr.sent = [];
  unauthorised.mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockApi([[/^\/api\/health/, () => ok({ ok: true })]]);
});
afterEach(() => {
  linkSession({ token: () => null, unauthorised: () => undefined });
});

describe('apiUpload with progress', () => {
  it('reports bytes sent and answers the data of the success', async () => {
    const seen: UploadProgress[] = [];
    const saved = apiUpload<{ id: number }>(
      '/units/7/documents',
      FILE,
      { name: 'a.pdf' },
      {
        onProgress: (p) => seen.push(p),
      },
    );
    const xhr = await nthSent(0);
    expect(xhr.body).toBeInstanceOf(Uint8Array);
    xhr.progress(1024, 2048);
    xhr.answer(200, { status: true, data: { id: 9 } });
    await expect(saved).resolves.toEqual({ id: 9 });
    expect(seen).toEqual([
      { loaded: 0, total: 2048 },
      { loaded: 1024, total: 2048 },
    ]);
  });

  it("throws the server's error object as an ApiError", async () => {
    const saved = apiUpload('/units/7/documents', FILE, {}, { onProgress: () => undefined });
    (await nthSent(0)).answer(415, error(415, 'Request_UnsupportedMediaType'));
    const thrown = await saved.catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(415);
    expect((thrown as ApiError).message).toBe('refused: Request_UnsupportedMediaType');
  });

  it('throws a NetworkError when no answer comes, and an AbortError when cancelled', async () => {
    const lost = apiUpload('/units/7/documents', FILE, {}, { onProgress: () => undefined });
    (await nthSent(0)).fail();
    await expect(lost).rejects.toBeInstanceOf(NetworkError);

    const controller = new AbortController();
    const cancelled = apiUpload(
      '/units/7/documents',
      FILE,
      {},
      {
        onProgress: () => undefined,
        signal: controller.signal,
      },
    );
    const xhr = await nthSent(1);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('signs the upload, signs it afresh after a clock refusal, and ends the session on a 401', async () => {
    linkSession({ token: () => TOKEN, unauthorised });
    const saved = apiUpload('/units/7/documents', FILE, {}, { onProgress: () => undefined });
    const first = await nthSent(0);
    expect(first.headers[AuthHeader.Signature]).toBeTruthy();
    first.answer(
      401,
      error(401, ErrorType.ClockSkew, { server_time: Math.floor(Date.now() / 1000) + 600 }),
    );
    const second = await nthSent(1);
    expect(second.headers[AuthHeader.Nonce]).not.toBe(first.headers[AuthHeader.Nonce]);
    second.answer(401, error(401, ErrorType.Unauthorised));
    await expect(saved).rejects.toBeInstanceOf(ApiError);
    expect(unauthorised).toHaveBeenCalledTimes(1);
  });
});
