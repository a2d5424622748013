import { isIPv6 } from 'node:net';

export interface RateLimit {
  /** Requests a client may make per minute, sustained. */
  perMinute: number;
  /** Requests a client may make at once after a quiet spell. */
  burst: number;
  /** Clients remembered; past this the least recently seen is forgotten. */
  maxClients: number;
}

/**
 * The client an address stands for: an IPv4 address, or an IPv6 address's /64 network, since
 * one subscriber (one home, one server) is routinely given a whole /64 to pick addresses from.
 */
export function clientKey(address: string): string {
  if (!isIPv6(address)) return address;
  const plain = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = plain.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 address at the end fills two groups.
  const tailSize = tailGroups.length + (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const groups = [
    ...headGroups,
    ...Array<string>(Math.max(0, 8 - headGroups.length - tailSize)).fill('0'),
    ...tailGroups,
  ];
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * A token bucket per client: `burst` requests at once, refilled at `perMinute`. It lives in the
 * process (like nginx's limit_req), not in the database: asking the database on every request
 * would cost the very load the limit protects it from. With several servers behind a load
 * balancer a client may get the rate once per server, which still bounds it.
 */
export class ClientRateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one request's token: undefined when allowed, else the seconds until one is due. */
  take(address: string): number | undefined {
    const key = clientKey(address);
    const now = this.now();
    const perMs = this.limit.perMinute / 60_000;
    const bucket = this.#buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    const tokens = Math.min(this.limit.burst, bucket.tokens + (now - bucket.at) * perMs);
    // Re-inserted, so that the Map's order runs from least to most recently seen.
    this.#buckets.delete(key);
    if (tokens < 1) {
      this.#buckets.set(key, { tokens, at: now });
      return Math.ceil((1 - tokens) / perMs / 1000);
    }
    this.#buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.#buckets.size > this.limit.maxClients) {
      const oldest = this.#buckets.keys().next();
      if (!oldest.done) this.#buckets.delete(oldest.value);
    }
    return undefined;
  }
}
