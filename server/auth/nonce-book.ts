import type { Db } from '../db/index.ts';
import { GroupCommit } from '../db/group-commit.ts';

/**
 * The nonces of signed requests (issue 13): a request is accepted only if its token has never
 * sent its nonce before. The primary key (token, nonce) makes the check atomic across every
 * server sharing the database.
 *
 * Concurrent requests record their nonces together, in one statement (GroupCommit): under load
 * that is one round trip for many requests instead of one each, and a lone request waits for no
 * one. Two requests carrying the same token and nonce in one batch are told apart here, since
 * the statement would report the pair inserted once but could not say for which of them.
 */
export class NonceBook {
  private readonly inFlight = new Set<string>();
  private readonly batches: GroupCommit<Claim>;

  constructor(private readonly db: Db) {
    this.batches = new GroupCommit<Claim>((claims) => this.record(claims));
  }

  /** True when this is the first use of `nonce` by the token `key`: the request may proceed. */
  async claim(key: string, nonce: string, expiresAt: number): Promise<boolean> {
    const id = `${key}\n${nonce}`;
    if (this.inFlight.has(id)) return false;
    this.inFlight.add(id);
    const claim: Claim = { key, nonce, expiresAt, fresh: false };
    try {
      await this.batches.add([claim]);
      return claim.fresh;
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** Forgets the nonces whose timestamps can no longer be accepted. */
  async sweep(nowSeconds: number): Promise<void> {
    await this.db.query('delete from auth_request_nonces where expires_at < $1', [nowSeconds]);
  }

  private async record(claims: readonly Claim[]): Promise<void> {
    const { rows } = await this.db.query<{ token_key: string; nonce: string }>(
      `insert into auth_request_nonces (token_key, nonce, expires_at)
       select * from unnest($1::text[], $2::text[], $3::bigint[])
       on conflict do nothing returning token_key, nonce`,
      [claims.map((c) => c.key), claims.map((c) => c.nonce), claims.map((c) => c.expiresAt)],
    );
    const inserted = new Set(rows.map((r) => `${r.token_key}\n${r.nonce}`));
    for (const claim of claims) claim.fresh = inserted.has(`${claim.key}\n${claim.nonce}`);
  }
}

/** One request's nonce; `fresh` is set once the batch that carried it is written. */
interface Claim {
  key: string;
  nonce: string;
  expiresAt: number;
  fresh: boolean;
}
