import { useEffect, useState } from 'react';
import { ApiError } from '../../core/api/errors.ts';

/** The draft's state on the server, as the wizard's live region says it. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'retrying'; error: unknown }
  /** The server will take no more drafts (409: submitted elsewhere, or closed). */
  | { kind: 'refused'; error: unknown };

/** Wait after the last change before saving: typing is not interrupted by a save per key. */
export const AUTOSAVE_DELAY_MS = 1000;
/** Waits before each new try of a failed save, the last one repeated. */
export const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000] as const;

/**
 * Saves the latest value given to `change` once changes pause for `delayMs`, one save at a time
 * (a change during a save is saved after it), and tries a failed save again after a growing
 * wait. Kept outside React: its timers and the save under way are not render state.
 */
export class Autosaver<T> {
  private pending: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<boolean> | null = null;
  private failures = 0;
  private refused = false;

  constructor(
    private readonly save: (value: T) => Promise<unknown>,
    private readonly onState: (state: SaveState) => void,
    private readonly delayMs: number,
  ) {}

  change(value: T): void {
    this.pending = { value };
    if (this.refused) return;
    this.schedule(this.delayMs);
  }

  get hasUnsaved(): boolean {
    return this.pending !== null;
  }

  /** Saves now what is not saved yet; true once everything is saved. */
  async flush(): Promise<boolean> {
    this.clearTimer();
    if (this.running) await this.running;
    const next = this.pending;
    if (next === null) return true;
    if (this.refused) return false;
    this.pending = null;
    this.onState({ kind: 'saving' });
    this.running = this.attempt(next);
    const saved = await this.running;
    this.running = null;
    return saved && this.hasUnsaved ? this.flushLater() : saved;
  }

  /** What is left unsaved when the wizard goes is saved then, quietly. */
  dispose(): void {
    this.clearTimer();
    const left = this.pending;
    this.pending = null;
    if (left !== null && !this.refused) void this.save(left.value).catch(() => undefined);
  }

  private async attempt(next: { value: T }): Promise<boolean> {
    try {
      await this.save(next.value);
      this.failures = 0;
      if (!this.hasUnsaved) this.onState({ kind: 'saved', at: new Date() });
      return true;
    } catch (error) {
      // A newer change, if any, wins; else this value is tried again.
      this.pending ??= next;
      if (error instanceof ApiError && error.status === 409) {
        this.refused = true;
        this.onState({ kind: 'refused', error });
        return false;
      }
      const wait = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)];
      this.failures += 1;
      this.onState({ kind: 'retrying', error });
      this.schedule(wait ?? AUTOSAVE_DELAY_MS);
      return false;
    }
  }

  /** A change came during the save: it is saved on its own timer, or now if that has passed. */
  private flushLater(): Promise<boolean> {
    return this.timer === null ? this.flush() : Promise.resolve(false);
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** An Autosaver for the component's life, and its state to show. */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delayMs = AUTOSAVE_DELAY_MS) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [saver] = useState(() => new Autosaver<T>(save, setState, delayMs));
  useEffect(() => () => saver.dispose(), [saver]);
  return { state, saver };
}
