/**
 * Group commit: rows that concurrent requests must each have durably written before they answer
 * go to the database together, in one statement and one commit, so that fifty requests in the
 * same moment cost one disk flush rather than fifty. Each caller still waits until its own rows
 * are committed, and learns of a failure of the write that carried them.
 *
 * Rows that arrive while a write is under way wait for it to finish and go in the next one, so
 * the batch grows with the load and a lone request waits for no one. If a shared write fails,
 * each caller's rows are written again on their own, so that only the caller whose rows cannot
 * be written is told of a failure.
 */
export class GroupCommit<Row> {
  private queued: { rows: readonly Row[]; done: () => void; failed: (error: unknown) => void }[] =
    [];
  private writing = false;

  constructor(private readonly write: (rows: readonly Row[]) => Promise<void>) {}

  add(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise((done, failed) => {
      this.queued.push({ rows, done, failed });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queued.length > 0) {
      const batch = this.queued;
      this.queued = [];
      try {
        await this.write(batch.flatMap((b) => b.rows));
        for (const b of batch) b.done();
      } catch (error) {
        if (batch.length === 1) batch[0]?.failed(error);
        // One caller's bad row must not fail the others: each is written on its own again.
        else await Promise.all(batch.map((b) => this.write(b.rows).then(b.done, b.failed)));
      }
    }
    this.writing = false;
  }
}
