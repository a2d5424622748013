import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { withCallerStack } from '../../server/db/caller-stack.ts';
import { PORTAL_HEADERS, startTestApp, type TestApp } from './test-app.ts';

const SECRET = 'Secret-Value-4711';

/**
 * The server log (pino, JSON lines) never holds what a client supplied to a query: a failed
 * query's parameters, and the values PostgreSQL quotes back in its errors, are taken out before
 * the error is logged; refusals are logged as a bounded excerpt of their message.
 */
describe('the server log', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ production: true });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ db: t.db, production: true, logger: { level: 'info', stream } });
    // Queries that fail on a value the client chose, as a handler's query might.
    app.post<{ Body: { sql: string; value: string } }>(
      '/api/test/failing-query',
      async (request) => {
        const { sql, value } = request.body;
        await t.db.query(sql, [value]);
        await t.db.query(sql, [value]);
        return { status: true };
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const failQuery = (sql: string, value: string) =>
    app.inject({
      method: 'POST',
      url: '/api/test/failing-query',
      headers: PORTAL_HEADERS,
      payload: { sql, value },
    });

  it.each([
    ['a value that is not a number', 'select $1::int as n', `${SECRET} or 1=1`, '22P02'],
    ['a number out of range', 'select $1::int as n', '99999999999', '22003'],
    ['JSON that is not JSON', 'select $1::jsonb as j', `{"notes": "${SECRET}`, '22P02'],
    [
      'a duplicate key',
      "insert into sso_tokens (token_hash, user_id, expires_at) values ($1, 1, now() + interval '1 minute')",
      SECRET,
      '23505',
    ],
  ])('keeps %s out of the log of a failed query', async (_, sql, value, code) => {
    lines.length = 0;
    const answer = await failQuery(sql, value);
    expect(answer.statusCode).toBe(500);
    const failure = lines.find((l) => l.includes('request failed'));
    expect(failure).toBeDefined();
    const logged = JSON.parse(failure ?? '{}') as { err?: Record<string, unknown> };
    // The server's own parts stay: the SQLSTATE, the message and (PGlite) the SQL.
    expect(logged.err).toMatchObject(t.db.kind === 'pglite' ? { code, query: sql } : { code });
    expect(logged.err?.message).toEqual(expect.any(String));
    for (const field of ['params', 'detail', 'where']) expect(logged.err).not.toHaveProperty(field);
    for (const line of lines) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain(value.replaceAll('"', '\\"'));
    }
  });

  it('logs the path of each request but never its query string', async () => {
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: `/api/branding/default?search=${SECRET}`,
      headers: PORTAL_HEADERS,
    });
    const incoming = lines.find((line) => line.includes('incoming request'));
    expect(incoming).toContain('/api/branding/default');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('logs a refusal as a bounded excerpt of its message', async () => {
    lines.length = 0;
    const action = 'x'.repeat(5_000);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/authenticate?api_action=${action}`,
      headers: PORTAL_HEADERS,
      payload: {},
    });
    expect(answer.statusCode).toBe(400);
    expect(lines.some((l) => l.includes('Unknown api_action'))).toBe(true);
    const excerpt = lines.find((l) => l.includes('Unknown api_action')) ?? '';
    expect(excerpt).not.toContain('x'.repeat(300));
  });

  it("strips PostgreSQL's client data from node-postgres errors too", () => {
    const error = new pg.DatabaseError(
      `invalid input syntax for type integer: "${SECRET}"`,
      100,
      'error',
    );
    Object.assign(error, {
      code: '22P02',
      detail: `Key (username)=(${SECRET}) already exists.`,
      where: `unnamed portal parameter $1 = '${SECRET}'`,
    });
    const cleaned = withCallerStack(error) as pg.DatabaseError;
    expect(cleaned.message).toBe('invalid input syntax for type integer: "…"');
    expect(cleaned.code).toBe('22P02');
    const logged = { ...Object.fromEntries(Object.entries(cleaned)), stack: cleaned.stack };
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });
});
