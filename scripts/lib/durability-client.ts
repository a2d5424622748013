/**
 * The client side of `npm run test:durability`: a farm user who writes monthly records with
 * several requests in flight and remembers every write the server acknowledged, and a check that
 * reads them all back. Requests are signed through shared/signed-fetch.ts, as the portal signs.
 */
import appConfig from '../../config/app.json' with { type: 'json' };
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import type { ApiFarm, ApiPaged, ApiRecord, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import { ServerClock } from '../../shared/server-clock.ts';
import { signedFetch } from '../../shared/signed-fetch.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader, type SigningToken } from '../../shared/signing.ts';

const XSRF = 'durability-test-anti-forgery';
const HEADERS = {
  [AuthHeader.ApplicationKey]: appConfig.applicationKey,
  [AuthHeader.AntiForgery]: XSRF,
  cookie: `${ANTI_FORGERY_COOKIE}=${XSRF}`,
};

/** How one write ended, as the client saw it. */
export type Outcome =
  | 'acknowledged' // 201 with the record: the server promised it is stored
  | 'refused' // an error answer (503 while the server drains)
  | 'not connected' // the connection was refused: the server was gone before the request
  | 'cut off'; // the connection broke with the request sent: stored or not, nobody said

/** The seq-th month from Jan 1000, as a day: every write has a month of its own. */
export function monthOf(seq: number): string {
  return `${String(1000 + Math.floor(seq / 12))}-${String((seq % 12) + 1).padStart(2, '0')}-01`;
}

export class RecordWriter {
  /** Acknowledged writes: record id → the marker written in its notes. */
  readonly acknowledged = new Map<number, string>();
  readonly outcomes: Record<Outcome, number> = {
    acknowledged: 0,
    refused: 0,
    'not connected': 0,
    'cut off': 0,
  };
  /** Error answers other than 503, which a healthy server should never give these writes. */
  readonly unexpected: string[] = [];
  private readonly clock = new ServerClock();
  private sequence = 0;
  private token: SigningToken | undefined;
  private unitId = 0;

  baseUrl = '';

  private send(method: string, path: string, body?: unknown): Promise<Response> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return signedFetch(
      {
        method,
        url: `${this.baseUrl}${path}`,
        headers: {
          ...HEADERS,
          ...(text === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: text,
      },
      { clock: this.clock, token: this.token ?? null },
    );
  }

  private async data<T>(response: Response, what: string): Promise<T> {
    if (!response.ok)
      throw new Error(`${what}: ${String(response.status)} ${await response.text()}`);
    return ((await response.json()) as ApiSuccess<T>).data;
  }

  /** Logs in once as the demo farmer; the session lives in the database, across restarts. */
  async logIn(): Promise<void> {
    const auth = await this.data<AuthResponse>(
      await this.send('POST', '/api/authenticate?api_action=login', {
        username: 'farmer@example.com',
        password: DEMO_PASSWORD,
      }),
      'login',
    );
    this.token = auth.auth_token;
    const farm = await this.data<ApiFarm>(
      await this.send(
        'GET',
        `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${String(auth.user.business.id)}`,
      ),
      'farm',
    );
    const unit = farm.units[0];
    if (!unit) throw new Error("The demo farmer's farm has no unit.");
    this.unitId = unit.id;
  }

  private get recordsPath(): string {
    return `/api/units/${String(this.unitId)}/records/monthly`;
  }

  /** One write; its marker (round and sequence) is unique, so it can be found again. */
  async writeOne(round: string): Promise<Outcome> {
    const seq = ++this.sequence;
    const marker = `durability ${round} write ${String(seq)}`;
    let outcome: Outcome;
    try {
      const response = await this.send('POST', this.recordsPath, {
        // One monthly record a month (config/records/monthly.json uniqueKey): each write its own.
        month: monthOf(seq),
        milk_sold_litres: seq,
        cows_in_milk: 100 + (seq % 200),
        notes: marker,
      });
      if (response.status === 201) {
        const record = await this.data<ApiRecord>(response, 'write');
        this.acknowledged.set(record.id, marker);
        outcome = 'acknowledged';
      } else {
        if (response.status !== 503)
          this.unexpected.push(`${String(response.status)} ${await response.text()}`);
        outcome = 'refused';
      }
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      outcome = code === 'ECONNREFUSED' ? 'not connected' : 'cut off';
    }
    this.outcomes[outcome] += 1;
    return outcome;
  }

  /**
   * `concurrency` writers, each sending its next write when the last is answered, until
   * `stopped()` is true or the server stops accepting connections.
   */
  async writeUntil(round: string, concurrency: number, stopped: () => boolean): Promise<void> {
    const writer = async () => {
      while (!stopped()) {
        const outcome = await this.writeOne(round);
        // The server is gone or going (a 503 while it drains): this writer stops, as a client
        // that backs off would.
        if (outcome !== 'acknowledged') return;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, writer));
  }

  /** Every durability record on the unit: id → marker. */
  async readAll(): Promise<Map<number, string>> {
    const found = new Map<number, string>();
    for (let page = 1; ; page++) {
      const list = await this.data<ApiPaged<ApiRecord>>(
        await this.send('GET', `${this.recordsPath}?per_page=100&page=${String(page)}`),
        'list',
      );
      for (const record of list.records) {
        const notes = record.data.notes;
        if (typeof notes === 'string' && notes.startsWith('durability '))
          found.set(record.id, notes);
      }
      if (page * list.records_per_page >= list.total_records) return found;
    }
  }
}
