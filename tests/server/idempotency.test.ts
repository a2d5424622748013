import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredData } from '../../server/maintenance/retention.ts';
import type {
  ApiErrorBody,
  ApiPaged,
  ApiRecord,
  ApiSuccess,
  AuthResponse,
} from '../../shared/api.ts';
import { NOTIFICATION_DEFAULTS } from '../../shared/api.ts';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../shared/signing.ts';
import {
  loginAs,
  otherServer,
  signedInject,
  startTestApp,
  unitIdNamed,
  type TestApp,
} from './test-app.ts';

const monthly = (month: string) => ({
  month,
  milk_sold_litres: 150_000,
  cows_in_milk: 200,
  butterfat_percent: 4.1,
});

const growerReturn = {
  season: '2026',
  submitted_date: '2026-10-30',
  crop: 'potatoes',
  variety: 'Maris Piper',
  field_name: 'Long Acre',
  area_planted_ha: 12.4,
};

/** A key as the portal makes one (a random UUID); each test its own. */
const newKey = () => crypto.randomUUID();

describe('idempotent writes (Idempotency-Key)', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let processor: AuthResponse;
  let adviser: AuthResponse;
  let dairyUnit: number;
  let arableUnit: number;

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, processor, adviser] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'processor@example.com'),
      loginAs(t.app, 'adviser@example.com'),
    ]);
    dairyUnit = await unitIdNamed(t.db, 'Lower Dale Dairy');
    arableUnit = await unitIdNamed(t.db, 'Highfield Arable');
  });
  afterAll(() => t.close());

  const monthlyUrl = () => `/api/units/${String(dairyUnit)}/records/monthly`;
  const send = (
    who: AuthResponse,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body: unknown,
    key: string,
    app: FastifyInstance = t.app,
  ) => signedInject(app, who.auth_token, method, url, body, { idempotencyKey: key });

  /** The records of a type on a unit, counted through the API as a client would. */
  async function recordCount(who: AuthResponse, url: string): Promise<number> {
    const list = await signedInject(t.app, who.auth_token, 'GET', `${url}?per_page=1`);
    expect(list.statusCode).toBe(200);
    return list.json<ApiSuccess<ApiPaged<ApiRecord>>>().data.total_records;
  }

  const errorOf = (response: { json: <T>() => T }) => response.json<ApiErrorBody>();

  it('answers a retried write with its first answer and makes one record', async () => {
    const before = await recordCount(farmer, monthlyUrl());
    const key = newKey();
    const first = await send(farmer, 'POST', monthlyUrl(), monthly('2025-01-01'), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();

    const again = await send(farmer, 'POST', monthlyUrl(), monthly('2025-01-01'), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await recordCount(farmer, monthlyUrl())).toBe(before + 1);
  });

  it('keeps an update and a delete to one run each', async () => {
    const created = await send(farmer, 'POST', monthlyUrl(), monthly('2025-02-01'), newKey());
    const id = created.json<ApiSuccess<ApiRecord>>().data.id;
    const recordUrl = `${monthlyUrl()}/${String(id)}`;

    const putKey = newKey();
    const changed = { ...monthly('2025-02-01'), cows_in_milk: 201 };
    const put = await send(farmer, 'PUT', recordUrl, changed, putKey);
    expect(put.statusCode).toBe(200);
    // Changed since by someone else: the retry must not write its data over theirs.
    await signedInject(t.app, farmer.auth_token, 'PUT', recordUrl, {
      ...changed,
      cows_in_milk: 202,
    });
    const putAgain = await send(farmer, 'PUT', recordUrl, changed, putKey);
    expect(putAgain.body).toBe(put.body);
    const now = await signedInject(t.app, farmer.auth_token, 'GET', recordUrl);
    expect(now.json<ApiSuccess<ApiRecord>>().data.data).toMatchObject({ cows_in_milk: 202 });

    const deleteKey = newKey();
    const gone = await send(farmer, 'DELETE', recordUrl, undefined, deleteKey);
    expect(gone.statusCode).toBe(204);
    const goneAgain = await send(farmer, 'DELETE', recordUrl, undefined, deleteKey);
    // Not the 404 a second delete would get: the first answer.
    expect(goneAgain.statusCode).toBe(204);
    expect(goneAgain.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  });

  it('keeps a survey draft save and a saved calculation to one run each', async () => {
    const draftUrl = `/api/units/${String(dairyUnit)}/surveys/moorland-vale-dairy-sustainability-2026/draft`;
    const draft = { answers: { farm: { milking_herd: 190 } } };
    const draftKey = newKey();
    const saved = await send(farmer, 'PUT', draftUrl, draft, draftKey);
    expect(saved.statusCode, saved.body).toBe(200);
    const savedAgain = await send(farmer, 'PUT', draftUrl, draft, draftKey);
    expect(savedAgain.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(savedAgain.body).toBe(saved.body);

    const calculations = `/api/units/${String(dairyUnit)}/calculations`;
    const calculation = {
      calculator: 'ghg-dairy',
      name: 'Baseline sent twice',
      role: 'baseline',
      inputs: {
        gwp: 'AR5',
        animals: [{ category: 'dairy_cow', head: 150 }],
        product: { kind: 'milk_kg', amount: 1_000_000 },
      },
    };
    const calculationKey = newKey();
    const created = await send(farmer, 'POST', calculations, calculation, calculationKey);
    expect(created.statusCode, created.body).toBe(201);
    // Without the key a second save of the name would be refused as a duplicate (406).
    const createdAgain = await send(farmer, 'POST', calculations, calculation, calculationKey);
    expect(createdAgain.statusCode).toBe(201);
    expect(createdAgain.body).toBe(created.body);
    const list = await signedInject(
      t.app,
      farmer.auth_token,
      'GET',
      `${calculations}?calculator=ghg-dairy&per_page=100`,
    );
    const names = list
      .json<ApiSuccess<ApiPaged<{ name: string }>>>()
      .data.records.filter((c) => c.name === calculation.name);
    expect(names).toHaveLength(1);
  });

  it('refuses the key on a different body, method or path with 422', async () => {
    const key = newKey();
    expect((await send(farmer, 'POST', monthlyUrl(), monthly('2025-03-01'), key)).statusCode).toBe(
      201,
    );
    const before = await recordCount(farmer, monthlyUrl());
    const otherBody = await send(farmer, 'POST', monthlyUrl(), monthly('2025-04-01'), key);
    expect(otherBody.statusCode).toBe(422);
    expect(errorOf(otherBody)).toMatchObject({
      type: 'Idempotency_KeyReused',
      type_label: 'Unprocessable Content',
      msg: 'This Idempotency-Key was already used for a different request: a key is only ever sent again with the same method, path and body. Send each new write with a new key.',
    });
    const otherPath = await send(
      farmer,
      'POST',
      `/api/units/${String(dairyUnit)}/records/no-such-type`,
      monthly('2025-03-01'),
      key,
    );
    expect(errorOf(otherPath).type).toBe('Idempotency_KeyReused');
    expect(await recordCount(farmer, monthlyUrl())).toBe(before);
  });

  it('gives a refused write (406) its same refusal again', async () => {
    const key = newKey();
    const invalid = { month: '2025-05-01', cows_in_milk: -3 };
    const first = await send(farmer, 'POST', monthlyUrl(), invalid, key);
    expect(first.statusCode).toBe(406);
    expect(errorOf(first).type).toBe('Request_ValidationFailed');
    const again = await send(farmer, 'POST', monthlyUrl(), invalid, key);
    expect(again.statusCode).toBe(406);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('keeps keys per user: another user sending the same key gets an answer of their own', async () => {
    const url = `/api/units/${String(arableUnit)}/records/grower-return`;
    const before = await recordCount(adviser, url);
    const key = newKey();
    const theirs = await send(processor, 'POST', url, growerReturn, key);
    const mine = await send(adviser, 'POST', url, growerReturn, key);
    expect(theirs.statusCode).toBe(201);
    expect(mine.statusCode).toBe(201);
    // The processor's stored answer is not given to the adviser: the adviser's write ran.
    expect(mine.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const created = (r: typeof mine) => r.json<ApiSuccess<ApiRecord>>().data;
    expect(created(mine).id).not.toBe(created(theirs).id);
    expect(await recordCount(adviser, url)).toBe(before + 2);
  });

  it('refuses a key that is not 16 to 64 letters, digits, - or _', async () => {
    const before = await recordCount(farmer, monthlyUrl());
    const response = await send(farmer, 'POST', monthlyUrl(), monthly('2025-06-01'), 'short key!');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).type).toBe('Idempotency_InvalidKey');
    expect(await recordCount(farmer, monthlyUrl())).toBe(before);
  });

  it('makes one record of duplicates sent at once, each told the answer or to retry', async () => {
    const before = await recordCount(farmer, monthlyUrl());
    const key = newKey();
    // The same write five times over, each signed with a nonce of its own, as retries are.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(farmer, 'POST', monthlyUrl(), monthly('2025-07-01'), key),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(created.length + busy.length).toBe(5);
    expect(created.filter((a) => a.headers[IDEMPOTENT_REPLAYED_HEADER] === undefined)).toHaveLength(
      1,
    );
    expect(new Set(created.map((a) => a.body)).size).toBe(1);
    for (const answer of busy) {
      expect(errorOf(answer).type).toBe('Idempotency_InProgress');
      expect(answer.headers['retry-after']).toBeDefined();
    }
    expect(await recordCount(farmer, monthlyUrl())).toBe(before + 1);
  });

  it('never keeps a write whose answer could not be stored with it', async () => {
    const before = await recordCount(farmer, monthlyUrl());
    await t.db.exec(
      `create function refuse_keys() returns trigger language plpgsql as $$ begin raise exception 'no keys now'; end $$;
       create trigger refuse_keys before insert on idempotency_keys execute function refuse_keys()`,
    );
    const key = newKey();
    try {
      const failed = await send(farmer, 'POST', monthlyUrl(), monthly('2025-08-01'), key);
      expect(failed.statusCode).toBe(500);
      expect(await recordCount(farmer, monthlyUrl())).toBe(before);
    } finally {
      await t.db.exec('drop trigger refuse_keys on idempotency_keys; drop function refuse_keys()');
    }
    // A 5xx is not kept: the retry runs the write.
    const retried = await send(farmer, 'POST', monthlyUrl(), monthly('2025-08-01'), key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await recordCount(farmer, monthlyUrl())).toBe(before + 1);
  });

  describe('on another server on the same database (a restart, or several servers)', () => {
    let other: FastifyInstance;
    let closeOther: () => Promise<void>;
    beforeAll(async () => {
      ({ app: other, close: closeOther } = await otherServer(t, { production: false }));
    });
    afterAll(async () => {
      await closeOther();
    });

    it('answers a retry with the first answer kept in the database', async () => {
      const key = newKey();
      const first = await send(farmer, 'POST', monthlyUrl(), monthly('2025-09-01'), key);
      expect(first.statusCode).toBe(201);
      const before = await recordCount(farmer, monthlyUrl());
      const retried = await send(farmer, 'POST', monthlyUrl(), monthly('2025-09-01'), key, other);
      expect(retried.statusCode).toBe(201);
      expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(retried.body).toBe(first.body);
      expect(await recordCount(farmer, monthlyUrl())).toBe(before);
    });

    it('makes one record of duplicates sent to both servers at once', async () => {
      const before = await recordCount(farmer, monthlyUrl());
      const key = newKey();
      const answers = await Promise.all(
        [t.app, other, t.app, other].map((app) =>
          send(farmer, 'POST', monthlyUrl(), monthly('2024-12-01'), key, app),
        ),
      );
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
      const firstRuns = answers.filter(
        (a) => a.statusCode === 201 && a.headers[IDEMPOTENT_REPLAYED_HEADER] === undefined,
      );
      expect(firstRuns).toHaveLength(1);
      expect(await recordCount(farmer, monthlyUrl())).toBe(before + 1);
    });
  });

  it('forgets a key once it is older than the 24 hours kept', async () => {
    const key = newKey();
    expect((await send(farmer, 'POST', monthlyUrl(), monthly('2025-10-01'), key)).statusCode).toBe(
      201,
    );
    await t.db.query(
      `update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`,
      [key],
    );
    await sweepExpiredData(t.db);
    // Swept: the key is free again, so a different write may use it (else 422).
    const reused = await send(farmer, 'POST', monthlyUrl(), monthly('2025-11-01'), key);
    expect(reused.statusCode).toBe(201);
    expect(reused.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
  });

  it('keeps a younger key through the sweep', async () => {
    const key = newKey();
    await send(farmer, 'POST', monthlyUrl(), monthly('2025-12-01'), key);
    await t.db.query(
      `update idempotency_keys set created_at = now() - interval '23 hours' where key = $1`,
      [key],
    );
    await sweepExpiredData(t.db);
    const again = await send(farmer, 'POST', monthlyUrl(), monthly('2025-12-01'), key);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  });

  describe('routes outside the write transaction (a claim, then the answer)', () => {
    let url: string;
    beforeAll(async () => {
      const provider = (
        await t.db.query<{ id: number }>(
          "select id from providers where reference = 'fenland_fresh'",
        )
      ).rows[0]?.id;
      url = `/api/users/me/notifications/${String(provider)}`;
    });
    const settings = { ...NOTIFICATION_DEFAULTS, email_news: false, sms_urgent: true };

    it('store the answer and give it again', async () => {
      const key = newKey();
      const first = await send(processor, 'PUT', url, settings, key);
      expect(first.statusCode).toBe(200);
      const again = await send(processor, 'PUT', url, settings, key);
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(again.body).toBe(first.body);
      const otherBody = await send(processor, 'PUT', url, NOTIFICATION_DEFAULTS, key);
      expect(errorOf(otherBody).type).toBe('Idempotency_KeyReused');
    });

    it('give the claim up when the write fails with a 5xx, so a retry runs it', async () => {
      await t.db.exec(
        `create function refuse_settings() returns trigger language plpgsql as $$ begin raise exception 'no settings now'; end $$;
         create trigger refuse_settings before insert or update on notification_settings execute function refuse_settings()`,
      );
      const key = newKey();
      try {
        expect((await send(processor, 'PUT', url, settings, key)).statusCode).toBe(500);
      } finally {
        await t.db.exec(
          'drop trigger refuse_settings on notification_settings; drop function refuse_settings()',
        );
      }
      const retried = await send(processor, 'PUT', url, settings, key);
      expect(retried.statusCode).toBe(200);
      expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    });

    it('answer 409 while a claim is held, and take over one abandoned for 5 minutes', async () => {
      const key = newKey();
      const body = JSON.stringify(settings);
      // A claim as a server leaves it when it dies mid-write: a row with no answer.
      await t.db.query(
        `insert into idempotency_keys (user_id, key, method, path, body_sha256, created_at)
         values ($1, $2, 'PUT', $3, encode(sha256(convert_to($4, 'UTF8')), 'hex'), now())`,
        [processor.user.id, key, url, body],
      );
      const held = await send(processor, 'PUT', url, settings, key);
      expect(held.statusCode).toBe(409);
      expect(errorOf(held).type).toBe('Idempotency_InProgress');
      await t.db.query(
        `update idempotency_keys set created_at = now() - interval '301 seconds' where key = $1`,
        [key],
      );
      const taken = await send(processor, 'PUT', url, settings, key);
      expect(taken.statusCode).toBe(200);
      expect(
        (await send(processor, 'PUT', url, settings, key)).headers[IDEMPOTENT_REPLAYED_HEADER],
      ).toBe('true');
    });
  });
});
