import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/core/logging/logger.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the server log sink', () => {
  it('posts entries at its level as a write the server accepts: application key and anti-forgery token', async () => {
    document.cookie = 'XSRF-TOKEN=log-token; path=/';
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const log = createLogger({ level: 'OFF', serverLevel: 'ERROR' });
    log.warn('not sent');
    log.error('Tractor telemetry failed', new Error('timeout'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/log?app=demo');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      'x-application-key': 'fdp-web-2026',
      'x-xsrf-token': 'log-token',
    });
    expect(JSON.parse(init?.body as string)).toMatchObject({
      level: 5,
      message: 'Tractor telemetry failed',
      additional: [{ name: 'Error', message: 'timeout' }],
    });
  });
});
