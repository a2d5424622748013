/**
 * The server's clock as a client knows it: the local clock plus an offset learned from the
 * server's answers. Requests are signed with this time, so a client whose own clock is wrong
 * (a farm-office PC ten minutes fast, a phone set by hand) still signs acceptable timestamps.
 */

/** A Date header is whole seconds: a smaller disagreement than this is its rounding, not news. */
const DATE_HEADER_TOLERANCE_MS = 2_000;

/**
 * The offset that a server time in whole seconds (`serverSecondMs`, the start of its second)
 * implies: the middle of that second, against the middle of the request's round trip.
 */
function offsetFrom(serverSecondMs: number, sentAtMs: number, receivedAtMs: number): number {
  return Math.round(serverSecondMs + 500 - (sentAtMs + receivedAtMs) / 2);
}

export class ServerClock {
  #offsetMs: number;

  /**
   * @param localNow the local clock in milliseconds since the epoch
   * @param offsetMs a previously learned offset (server minus local), e.g. kept across reloads
   * @param onChange told of every new offset, e.g. to keep it
   */
  constructor(
    private readonly localNow: () => number = Date.now,
    offsetMs = 0,
    private readonly onChange?: (offsetMs: number) => void,
  ) {
    this.#offsetMs = Number.isFinite(offsetMs) ? offsetMs : 0;
  }

  /** The server's time now, in milliseconds since the epoch. */
  now(): number {
    return this.localNow() + this.#offsetMs;
  }

  /** The local clock, for timing a request's round trip. */
  local(): number {
    return this.localNow();
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /**
   * Learns from an answer's Date header, taken as the middle of its second and of the request's
   * round trip. A disagreement within the header's rounding is ignored, so the offset does not
   * wander from answer to answer.
   */
  observeDateHeader(
    dateHeader: string | null | undefined,
    sentAtMs: number,
    receivedAtMs: number,
  ): void {
    if (!dateHeader) return;
    const serverMs = Date.parse(dateHeader);
    if (Number.isNaN(serverMs)) return;
    const offset = offsetFrom(serverMs, sentAtMs, receivedAtMs);
    if (Math.abs(offset - this.#offsetMs) > DATE_HEADER_TOLERANCE_MS) this.#set(offset);
  }

  /** Adopts the server's time (epoch seconds) that a Security_ClockSkew answer carries. */
  correct(serverTimeSeconds: number, sentAtMs: number, receivedAtMs: number): void {
    if (!Number.isFinite(serverTimeSeconds)) return;
    this.#set(offsetFrom(serverTimeSeconds * 1000, sentAtMs, receivedAtMs));
  }

  #set(offsetMs: number): void {
    this.#offsetMs = offsetMs;
    this.onChange?.(offsetMs);
  }
}
