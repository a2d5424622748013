import { OutboxDb, type Sealer } from '../../src/core/outbox/outbox-db.ts';
import { startOutbox } from '../../src/core/outbox/outbox-store.ts';

/** Items kept as plain JSON: the component tests are about the screens, not the vault. */
export const plainSealer: Sealer<string> = {
  seal: (value) => Promise.resolve(JSON.stringify(value)),
  open: <T>(sealed: string) => Promise.resolve(JSON.parse(sealed) as T),
};

/** Opens the outbox for the user with items kept in plain JSON; stopOutbox() closes it. */
export const startPlainOutbox = (userId: number): Promise<void> =>
  startOutbox(userId, { db: new OutboxDb(plainSealer), onSent: () => undefined });
