import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkSession } from '../../src/core/api/credentials.ts';
import { OutboxDb, type Sealer } from '../../src/core/outbox/outbox-db.ts';
import type { OutboxWrite } from '../../src/core/outbox/outbox-item.ts';
import {
  discardItem,
  drainOutbox,
  openingOutbox,
  retryItem,
  startOutbox,
  stopOutbox,
  submitWrite,
  useOutbox,
} from '../../src/core/outbox/outbox-store.ts';

const IN_PROGRESS = 'Idempotency_InProgress';

/** A sealer that keeps a user's items readable only with that user's secret. */
function sealerOf(secret: string): Sealer<{ secret: string; context: string; json: string }> {
  return {
    seal: (value, context) => Promise.resolve({ secret, context, json: JSON.stringify(value) }),
    open<T>(sealed: { secret: string; context: string; json: string }, context: string) {
      return new Promise<T>((resolve, reject) => {
        if (sealed.secret !== secret || sealed.context !== context)
          reject(new Error('Another key'));
        else resolve(JSON.parse(sealed.json) as T);
      });
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const ok = (data: unknown) => json(200, { status: true, data });
const refusal = (status: number, type: string, errors: unknown = []) =>
  json(status, { status: false, type, type_label: type, code: status, msg: 'No.', errors });

const write = (month: string): OutboxWrite => ({
  method: 'POST',
  path: '/units/4/records/monthly',
  body: { month },
  label: `Monthly record for ${month}`,
  target: {
    kind: 'record',
    route: '/unit/records/monthly',
    farmId: 2,
    planId: 6,
    unitId: 4,
    recordType: 'monthly',
  },
});

/** The Idempotency-Key and body of every request the outbox sent, in order. */
function sentOf(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  return fetchMock.mock.calls.map(([, init]) => ({
    key: (init?.headers as Record<string, string>)['idempotency-key'],
    body: typeof init?.body === 'string' ? init.body : '',
  }));
}

let onSent: ReturnType<typeof vi.fn<(item: unknown, background: boolean) => void>>;
async function open(userId: number, secret = `secret-${String(userId)}`) {
  onSent = vi.fn<(item: unknown, background: boolean) => void>();
  await startOutbox(userId, {
    db: new OutboxDb(sealerOf(secret)),
    onSent,
  });
}

beforeEach(async () => {
  document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
  linkSession({
    token: () => ({ key: 'key-1', secret: 'secret-1', expires_at: 4_102_444_800 }),
    unauthorised: () => undefined,
  });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(ok({})));
  await open(7);
  for (const item of useOutbox.getState().items) await discardItem(item.key);
});
afterEach(async () => {
  await drainOutbox(); // what a test's last start began, before its fetch is taken away
  stopOutbox();
  vi.unstubAllGlobals();
});

describe('the outbox', () => {
  it('sends a write at once when the server answers, and keeps nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(ok({ id: 31 }));
    vi.stubGlobal('fetch', fetchMock);
    const outcome = await submitWrite(write('2026-10-01'));
    expect(outcome).toEqual({ kind: 'sent', data: { id: 31 } });
    expect(useOutbox.getState().items).toEqual([]);
    expect(sentOf(fetchMock)[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(onSent).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ label: 'Monthly record for 2026-10-01' }),
      false,
    );
  });

  it('keeps writes made offline on the device, and sends them in order with the same keys', async () => {
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', offline);
    for (const month of ['2026-08-01', '2026-09-01', '2026-10-01']) {
      expect((await submitWrite(write(month))).kind).toBe('queued');
    }
    expect(useOutbox.getState().paused).toBe('offline');
    const keys = useOutbox.getState().items.map((i) => i.key);
    expect(new Set(keys).size).toBe(3);

    // A reload: the store starts again from what the device kept.
    stopOutbox();
    const online = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(ok({})));
    vi.stubGlobal('fetch', online);
    await open(7);
    await drainOutbox();
    expect(sentOf(online)).toEqual([
      { key: keys[0], body: '{"month":"2026-08-01"}' },
      { key: keys[1], body: '{"month":"2026-09-01"}' },
      { key: keys[2], body: '{"month":"2026-10-01"}' },
    ]);
    expect(useOutbox.getState().items).toEqual([]);
    expect(useOutbox.getState().paused).toBeNull();
    // Nobody's form waited for these: the user is told each one went.
    expect(onSent.mock.calls.map(([, background]) => background)).toEqual([true, true, true]);
  });

  it('sends a write whose answer was lost again with its key, so the server can answer it once', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('reset')));
    const queued = await submitWrite(write('2026-10-01'));
    expect(queued.kind).toBe('queued');
    const again = vi.fn<typeof fetch>().mockResolvedValue(ok({ id: 5 }));
    vi.stubGlobal('fetch', again);
    await drainOutbox();
    expect(sentOf(again)[0]?.key).toBe(queued.kind === 'queued' ? queued.item.key : '');
  });

  it('keeps a refused write with the server’s reasons, and sends the ones after it', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await submitWrite(write('bad'));
    await submitWrite(write('2026-10-01'));
    const fieldErrors = { month: ['Enter a month.'] };
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(refusal(406, 'Request_ValidationFailed', fieldErrors))
      .mockResolvedValueOnce(ok({ id: 9 }));
    vi.stubGlobal('fetch', fetchMock);
    await drainOutbox();
    const [left, ...rest] = useOutbox.getState().items;
    expect(rest).toEqual([]);
    expect(left).toMatchObject({ state: 'refused', body: { month: 'bad' } });
    expect(left?.refusal?.errors).toEqual(fieldErrors);

    // Sent again as it is, with a new key (the old one would only replay the refusal), it is
    // refused again and stays, under the new key.
    const again = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(refusal(406, 'Request_ValidationFailed')));
    vi.stubGlobal('fetch', again);
    await retryItem(left?.key ?? '');
    const [refusedAgain, ...none] = useOutbox.getState().items;
    expect(none).toEqual([]);
    expect(refusedAgain?.state).toBe('refused');
    expect(refusedAgain?.key).not.toBe(left?.key);
    expect(sentOf(again)[0]?.key).toBe(refusedAgain?.key);
    await discardItem(refusedAgain?.key ?? '');
    expect(useOutbox.getState().items).toEqual([]);
    expect(await new OutboxDb(sealerOf('secret-7')).list(7)).toEqual([]);
  });

  it('hands a refusal back to the form that is still open, keeping nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockImplementation(() => Promise.resolve(refusal(409, 'Request_Conflict'))),
    );
    const outcome = await submitWrite(write('2026-10-01'));
    expect(outcome.kind).toBe('refused');
    expect(useOutbox.getState().items).toEqual([]);
  });

  it('waits when the server is still handling the key, or the session ended', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(refusal(409, IN_PROGRESS))),
    );
    expect((await submitWrite(write('2026-10-01'))).kind).toBe('queued');
    expect(useOutbox.getState().items[0]?.state).toBe('waiting');

    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockImplementation(() => Promise.resolve(refusal(401, 'Security_Unauthorised'))),
    );
    await drainOutbox();
    expect(useOutbox.getState().paused).toBe('logged-out');
    expect(useOutbox.getState().items).toHaveLength(1);
  });

  it('keeps a write made while the outbox is still opening, rather than sending it without', async () => {
    stopOutbox();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    const gate: { open?: () => void } = {};
    const opened = new Promise<void>((resolve) => {
      gate.open = resolve;
    }).then(() => open(7));
    openingOutbox(opened);
    const pending = submitWrite(write('2026-10-01'));
    gate.open?.();
    expect((await pending).kind).toBe('queued');
    expect(useOutbox.getState().items.map((i) => i.body)).toEqual([{ month: '2026-10-01' }]);
  });

  it('shows one user’s writes to that user only', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await submitWrite(write('2026-10-01'));
    stopOutbox();
    await open(8);
    expect(useOutbox.getState().items).toEqual([]);
    stopOutbox();
    // Even listed under the same user, a session with another key cannot open them.
    await open(7, 'a-different-secret');
    expect(useOutbox.getState().items).toEqual([]);
    stopOutbox();
    await open(7);
    expect(useOutbox.getState().items).toHaveLength(1);
  });
});
