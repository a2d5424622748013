import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '../../shared/api.ts';
import { AuthHeader, IDEMPOTENCY_KEY_PATTERN } from '../../shared/signing.ts';
import { authOf } from '../auth/request-auth.ts';
import { HttpError } from '../http/errors.ts';
import { sameRequest, type KeyedRequest, type KeyRecord, type StoredAnswer } from './key-store.ts';

/**
 * The request's Idempotency-Key with what it identifies; undefined without one. An empty header
 * counts as none, as it does in the signature (shared/signing.ts).
 */
export function keyedRequestOf(request: FastifyRequest): KeyedRequest | undefined {
  const value = request.headers[AuthHeader.IdempotencyKey];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new HttpError(
      400,
      'The Idempotency-Key header must be one value of 16 to 64 letters, digits, - or _ (a random UUID, say), the same on every retry of one write.',
      ErrorType.IdempotencyKeyInvalid,
    );
  }
  return {
    userId: authOf(request).user.id,
    key: value,
    method: request.method,
    path: request.url,
    bodySha256: createHash('sha256')
      .update(request.rawBody ?? '')
      .digest('hex'),
  };
}

const RETRY_IN_PROGRESS_SECONDS = 2;

export function keyInProgress(): HttpError {
  const error = new HttpError(
    409,
    'A request with this Idempotency-Key is still being processed. Send it again in a few seconds to get its answer.',
    ErrorType.IdempotencyKeyInProgress,
    [],
    'Conflict',
  );
  error.retryAfterSeconds = RETRY_IN_PROGRESS_SECONDS;
  return error;
}

/** The answer to give again for a key already used, or the refusal when it cannot be given. */
export function answerToReplay(record: KeyRecord, request: KeyedRequest): StoredAnswer {
  if (!sameRequest(record, request)) {
    throw new HttpError(
      422,
      'This Idempotency-Key was already used for a different request: a key is only ever sent again with the same method, path and body. Send each new write with a new key.',
      ErrorType.IdempotencyKeyReused,
    );
  }
  if (record.answer === null) throw keyInProgress();
  return record.answer;
}
