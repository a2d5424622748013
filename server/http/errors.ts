import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorType, type ApiErrorBody, type BacktraceFrame } from '../../shared/api.ts';
import { PROJECT_ROOT } from '../project-root.ts';

const LABELS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorised',
  403: 'Permission Denied',
  404: 'Not Found',
  406: 'Validation Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const DEFAULT_TYPES: Record<number, string> = {
  400: ErrorType.BadRequest,
  401: ErrorType.Unauthorised,
  403: ErrorType.PermissionDenied,
  404: ErrorType.NotFound,
  406: ErrorType.Validation,
  413: 'Request_TooLarge',
  414: 'Request_UriTooLong',
  415: 'Request_UnsupportedMediaType',
  429: ErrorType.TooManyRequests,
  500: ErrorType.Internal,
  503: ErrorType.Busy,
};

/** An error the API means to answer with: its status, type and message reach the client. */
export class HttpError extends Error {
  /** Sent as Retry-After (429, 503): when the client may usefully try again. */
  retryAfterSeconds: number | undefined = undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly type: string = DEFAULT_TYPES[statusCode] ?? ErrorType.Internal,
    readonly errors: ApiErrorBody['errors'] = [],
    readonly typeLabel: string = LABELS[statusCode] ?? 'Error',
    /** Fields of the error object beyond the spec's, for the few errors that carry one. */
    readonly details: Pick<ApiErrorBody, 'server_time'> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Messages per field, safe for any field name a client sends ("__proto__" included). */
export function fieldErrorMap(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

export const badRequest = (msg: string, errors: ApiErrorBody['errors'] = []) =>
  new HttpError(400, msg, ErrorType.BadRequest, errors);
export const notFound = (msg: string) => new HttpError(404, msg, ErrorType.NotFound);

/** A 429 or 503 that tells the client, in Retry-After, how many seconds to wait. */
export function retryLater(
  statusCode: 429 | 503,
  msg: string,
  retryAfterSeconds: number,
): HttpError {
  const error = new HttpError(statusCode, msg);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

const ROOT = PROJECT_ROOT;

/** Turns a V8 stack into the spec's backtrace frames, project files only. */
export function backtraceOf(error: Error): BacktraceFrame[] {
  const frames: BacktraceFrame[] = [];
  for (const line of (error.stack ?? '').split('\n').slice(1)) {
    const m = /at (?:(.+?) \()?(?:file:\/\/)?(\/[^():]+):(\d+):\d+\)?$/.exec(line.trim());
    if (!m || m[2]?.includes('node_modules')) continue;
    const file = m[2] ?? '';
    frames.push({
      action: m[1] ?? '(anonymous)',
      file: file.startsWith(ROOT) ? path.relative(ROOT, file) : file,
      line: Number(m[3]),
    });
  }
  return frames;
}

export function errorBody(statusCode: number, error: HttpError, production: boolean): ApiErrorBody {
  const body: ApiErrorBody = {
    status: false,
    type: error.type,
    type_label: error.typeLabel,
    code: statusCode,
    msg: error.message,
    errors: error.errors,
    ...error.details,
  };
  if (!production && error.stack !== undefined) {
    const backtrace = backtraceOf(error);
    body.backtrace = backtrace;
    const top = backtrace[0];
    if (top) body.thrown_from = `${top.file}:${top.line}`;
  }
  return body;
}

const MIB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes < MIB ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / MIB) * 10) / 10} MB`;

function fromFastify(error: FastifyError, request: FastifyRequest): HttpError {
  if (error.validation) {
    const errors = error.validation.map(
      (v) =>
        `${v.instancePath ? v.instancePath.slice(1).replaceAll('/', '.') : ((v.params as { missingProperty?: string }).missingProperty ?? 'body')}: ${v.message ?? 'is invalid'}`,
    );
    const wrapped = new HttpError(
      400,
      'The request was not in the expected form.',
      ErrorType.BadRequest,
      errors,
    );
    wrapped.stack = error.stack;
    return wrapped;
  }
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new HttpError(
      413,
      `The request is larger than the ${sizeText(request.routeOptions.bodyLimit)} this call accepts.`,
    );
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim() || 'unknown';
    return new HttpError(415, `This call does not accept a body of type ${type.slice(0, 100)}.`);
  }
  // Fastify's own 4xx errors (bad JSON, body too large, wrong content type) are safe to show.
  const wrapped =
    status >= 400 && status < 500
      ? new HttpError(status, error.message)
      : new HttpError(500, 'An unexpected error occurred on the server.');
  wrapped.stack = error.stack;
  return wrapped;
}

export function installErrorHandling(app: FastifyInstance, production: boolean): void {
  app.setErrorHandler(
    (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      const httpError = error instanceof HttpError ? error : fromFastify(error, request);
      if (httpError.statusCode >= 500 && httpError.statusCode !== 503) {
        // Database errors reach here with their parameters already stripped (db/caller-stack.ts).
        request.log.error({ err: error }, 'request failed');
      } else {
        // A refusal's message may quote what the client sent; the log keeps a bounded excerpt.
        request.log.info(
          { status: httpError.statusCode, type: httpError.type },
          logExcerpt(httpError.message),
        );
      }
      return sendError(reply, httpError, production);
    },
  );
}

/** Answers with the error object, and Retry-After when the error says when to try again. */
function sendError(reply: FastifyReply, error: HttpError, production: boolean): FastifyReply {
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.code(error.statusCode).send(errorBody(error.statusCode, error, production));
}

const LOG_EXCERPT_CHARS = 200;
const logExcerpt = (text: string) =>
  text.length > LOG_EXCERPT_CHARS ? `${text.slice(0, LOG_EXCERPT_CHARS)}…` : text;

/**
 * For Fastify's `frameworkErrors` option: the router's own refusals (a path whose percent-encoding
 * is not UTF-8, an over-long path parameter) answered with the API's error object like any other,
 * instead of Fastify's bare `{"error": ..., "code": "FST_ERR_BAD_URL"}`.
 */
export function frameworkErrorHandler(production: boolean) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const httpError =
      error.code === 'FST_ERR_BAD_URL'
        ? badRequest('The path is not valid: it has a percent-encoding that is not UTF-8.', {
            path: 'is not valid UTF-8',
          })
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new HttpError(414, 'A part of the path is too long.')
          : new HttpError(500, 'An unexpected error occurred on the server.');
    httpError.stack = undefined;
    request.log.info({ status: httpError.statusCode, code: error.code }, httpError.message);
    void sendError(reply, httpError, production);
  };
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply, production: boolean) {
  const error = notFound(`No API endpoint answers ${request.method} ${request.url.split('?')[0]}.`);
  error.stack = undefined;
  return sendError(reply, error, production);
}
