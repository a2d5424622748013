import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../shared/signing.ts';
import type { Db } from '../db/index.ts';
import type { JoinableDb } from './joined-db.ts';
import {
  claimKey,
  findKey,
  lockKey,
  releaseClaim,
  storeAnswer,
  type KeyedRequest,
  type StoredAnswer,
} from './key-store.ts';
import { answerToReplay, keyedRequestOf, keyInProgress } from './keyed-request.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'joined': the handler's database work goes through the JoinableDb it was registered with
     * and commits in one transaction with its Idempotency-Key's answer; the handler returns its
     * answer (a JSON value, or undefined for no body; the status set with reply.code) and never
     * sends it.
     */
    idempotency?: 'joined';
  }
  interface FastifyRequest {
    /** A keyed write whose answer the onSend hook is still to store. */
    keyToStore?: { keyed: KeyedRequest; claimed: boolean };
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = 'application/json; charset=utf-8';

const isWrite = (method: string | string[]) =>
  (Array.isArray(method) ? method : [method]).some((m) => WRITE_METHODS.has(m.toUpperCase()));

/**
 * Idempotent writes (issue 22): every state-changing 'user' route that is sent an
 * Idempotency-Key answers a key it has seen from the same user with the answer it gave the
 * first time (marked Idempotent-Replayed: true) and never runs the write again; the key on
 * another request is 422, and the key of a write still running is 409. A request without the
 * header costs nothing more.
 *
 * Two ways of keeping the answer:
 * - 'joined' routes (config.idempotency; the outbox's writes) run the handler inside one
 *   transaction that takes the key's advisory lock, checks the key, does the route's writes
 *   (through the JoinableDb) and inserts the answer: both commit or neither does, so a server
 *   dying at any point leaves either no write or the write and its answer.
 * - Other write routes claim the key (a row without an answer) before the handler and store the
 *   answer as it is sent (onSend). A server dying after the write commits but before the answer is
 *   stored leaves the claim, which answers 409 until ABANDONED_CLAIM_SECONDS have passed; after
 *   that a retry runs the write again.
 *
 * Refusals of the request (4xx) are stored too, so a retry is refused the same way; a 5xx is not,
 * so a retry can succeed. The onRoute hook wraps handlers, so it runs after every preHandler: the
 * signature and the route's access rule are checked before a stored answer is given again.
 */
export function installIdempotency(app: FastifyInstance, db: Db, joinable: JoinableDb): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'user' || !isWrite(route.method)) return;
    const handler = route.handler as RouteHandlerMethod;
    const joined = route.config.idempotency === 'joined';
    const keyedHandler: RouteHandlerMethod = async function (
      this: FastifyInstance,
      request,
      reply,
    ) {
      const keyed = keyedRequestOf(request);
      if (joined) {
        if (!keyed) {
          const value: unknown = await handler.call(this, request, reply);
          return value === undefined ? reply.send() : value;
        }
        return runJoined(request, reply, keyed, async () => {
          const value: unknown = await handler.call(this, request, reply);
          return value;
        });
      }
      if (keyed) {
        const stored = await claim(keyed);
        if (stored) return send(reply, stored, true);
        request.keyToStore = { keyed, claimed: true };
      }
      return handler.call(this, request, reply);
    };
    route.handler = keyedHandler;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.keyToStore;
    if (!pending) return payload;
    request.keyToStore = undefined;
    const body = bytesOf(payload);
    if (reply.statusCode < 500 && body !== undefined) {
      await storeAnswer(db, pending.keyed, {
        status: reply.statusCode,
        contentType: headerText(reply, 'content-type'),
        location: headerText(reply, 'location'),
        body,
      });
    } else if (pending.claimed) {
      await releaseClaim(db, pending.keyed);
    }
    return payload;
  });

  /** A claimed key's stored answer to give again, or undefined once this request holds it. */
  async function claim(keyed: KeyedRequest): Promise<StoredAnswer | undefined> {
    if (await claimKey(db, keyed)) return undefined;
    const record = await findKey(db, keyed);
    // Released between the two statements: its write failed and another retry is running it.
    if (!record) throw keyInProgress();
    return answerToReplay(record, keyed);
  }

  async function runJoined(
    request: FastifyRequest,
    reply: FastifyReply,
    keyed: KeyedRequest,
    handler: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    // Set inside the transaction's callback, read once it has failed.
    const progress = { handlerRan: false };
    let outcome: { answer: StoredAnswer; replayed: boolean };
    try {
      outcome = await db.transaction(async (tx) => {
        if (!(await lockKey(tx, keyed))) throw keyInProgress();
        const record = await findKey(tx, keyed);
        if (record) return { answer: answerToReplay(record, keyed), replayed: true };
        progress.handlerRan = true;
        const value = await joinable.runJoined(tx, handler);
        if (value === reply) {
          throw new Error(
            `${request.method} ${request.url}: a joined route must return its answer`,
          );
        }
        const answer = answerOf(reply, value);
        // A refusal of the same request, stored after its own transaction rolled back, got in
        // first: roll this write back too, and the retry is given that answer.
        if (!(await storeAnswer(tx, keyed, answer))) throw keyInProgress();
        return { answer, replayed: false };
      });
    } catch (error) {
      // The write rolled back; a refusal (4xx) is stored as it is sent, a 5xx is not.
      if (progress.handlerRan) request.keyToStore = { keyed, claimed: false };
      throw error;
    }
    return send(reply, outcome.answer, outcome.replayed);
  }
}

/** A joined handler's answer as it will be sent: what Fastify would serialise it to. */
function answerOf(reply: FastifyReply, value: unknown): StoredAnswer {
  const none = value === undefined;
  return {
    status: reply.statusCode,
    contentType: none ? null : JSON_TYPE,
    location: headerText(reply, 'location'),
    body: none ? Buffer.alloc(0) : Buffer.from(JSON.stringify(value)),
  };
}

function send(reply: FastifyReply, answer: StoredAnswer, replayed: boolean): FastifyReply {
  reply.code(answer.status);
  if (answer.contentType !== null) reply.header('content-type', answer.contentType);
  if (answer.location !== null) reply.header('location', answer.location);
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.send(answer.body.length > 0 ? answer.body : undefined);
}

/** The bytes of an answer about to be sent; undefined for a stream, which cannot be kept. */
function bytesOf(payload: unknown): Buffer | undefined {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  return undefined;
}

function headerText(reply: FastifyReply, name: string): string | null {
  const value = reply.getHeader(name);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}
