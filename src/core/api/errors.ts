import type { ApiErrorBody } from '../../../shared/api.ts';

/** An HTTP answer other than 2xx. body is the server's error object when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.msg ?? `The server answered ${status}.`);
    this.name = 'ApiError';
  }

  get type(): string | undefined {
    return this.body?.type;
  }
}

/** The request never got an HTTP answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The portal could not reach the server. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}
