import { ErrorType, type ApiErrorBody } from '../../../shared/api.ts';
import { ApiError, NetworkError } from '../api/errors.ts';
import { isGatewayFailure } from '../connectivity/unreachable.ts';

/** Where the write came from, so that a refused one can be opened in its form to be fixed. */
export interface OutboxTarget {
  kind: 'record';
  /** The portal's page whose form made it (its path), where it is opened to be fixed. */
  route: string;
  /** The account it was made in, made active again to fix it. */
  farmId: number;
  unitId: number;
  planId: number;
  /** The record type's name (config/records). */
  recordType: string;
  /** The record edited; absent when the write adds one. */
  recordId?: number;
}

/** A write the user made, as the portal will send it. */
export interface OutboxWrite {
  method: 'POST' | 'PUT' | 'DELETE';
  /** The API path, e.g. "/units/4/records/monthly". */
  path: string;
  body?: unknown;
  /** What the user would call it: "Monthly record for October 2026". */
  label: string;
  target?: OutboxTarget | undefined;
}

/**
 * A write waiting in the outbox. Its key is the Idempotency-Key it is sent with every time, so
 * that a write the server stored but whose answer was lost is answered, when sent again, with
 * the first answer instead of being stored twice.
 */
export interface OutboxItem extends OutboxWrite {
  key: string;
  userId: number;
  /** When the user saved it, ms since the epoch: the outbox sends in this order. */
  queuedAt: number;
  /** 'refused': the server said no (its reasons in `refusal`); it waits for the user. */
  state: 'waiting' | 'refused';
  refusal?: ApiErrorBody;
  tries: number;
  /** The last time sending it failed without an answer from the server, ms since the epoch. */
  lastTriedAt?: number;
}

/**
 * What a failed send means for the item:
 * - 'unreachable': no answer (offline, or a proxy's 502-504): try again once connected;
 * - 'later': the server is busy, failed, or is still working on this key: try again shortly;
 * - 'logged-out': the session ended (401): wait for the same user to log in again;
 * - 'refused': the server looked at the write and said no: the user must change or discard it.
 */
export type SendFailure = 'unreachable' | 'later' | 'logged-out' | 'refused';

/** The key's first request is still being handled (on this server or another). */
export const KEY_IN_PROGRESS_STATUS = 409;

export function sendFailure(error: unknown): SendFailure {
  if (error instanceof NetworkError) return 'unreachable';
  if (!(error instanceof ApiError)) return 'later';
  if (error.status === 401) return 'logged-out';
  if (error.status === KEY_IN_PROGRESS_STATUS && error.type === ErrorType.IdempotencyKeyInProgress)
    return 'later';
  // A gateway's own answer (no error object of ours): the server was never reached.
  if (isGatewayFailure(error.status) && error.body === null) return 'unreachable';
  if (error.status >= 500 || error.status === 429 || error.status === 408) return 'later';
  return 'refused';
}

/** What a form says of its write when the outbox keeps it: "The monthly record is saved …". */
export const keptOnDevice = (what: string): string =>
  `${what} is saved on this device and will be sent as soon as the server can be reached.`;
