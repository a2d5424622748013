import type { Db } from './types.ts';

/**
 * What a cache of database answers needs to hear to stay right across every server sharing the
 * database: the change notices on its channel (NOTIFY from triggers), and when they may have
 * been missed. While the listening connection is down, `listening` is false and the cache must
 * hold nothing; `reset` is called when the connection drops, when it is back (a notice may have
 * gone unheard meanwhile) and at stop.
 */
export class ChangeNotices {
  private listeningNow = false;
  private subscription: { close(): Promise<void> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly handlers: { changed(payload: string): void; reset(): void },
  ) {}

  get listening(): boolean {
    return this.listeningNow;
  }

  async start(): Promise<void> {
    this.subscription = await this.db.listen(this.channel, {
      notice: (payload) => this.handlers.changed(payload),
      lost: () => {
        this.listeningNow = false;
        this.handlers.reset();
      },
      restored: () => {
        this.handlers.reset();
        this.listeningNow = true;
      },
    });
    this.listeningNow = true;
  }

  async stop(): Promise<void> {
    this.listeningNow = false;
    this.handlers.reset();
    await this.subscription?.close();
  }
}
