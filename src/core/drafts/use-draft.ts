import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { logger } from '../logging/logger.ts';
import type { Draft, DraftKey, DraftKind } from './drafts.ts';

/**
 * The drafts store (IndexedDB, the vault) loads beside the form rather than before it: the form
 * opens at once, and its draft, looked for asynchronously anyway, is offered when found.
 */
const store = () => import('./drafts.ts');

export interface DraftControl<T> {
  /** The draft found when the form opened, until it is resumed or discarded. */
  offer: Draft<T> | null;
  /** True until the form's draft has been looked for. */
  checking: boolean;
  /** True when the form has changed since the draft was typed (an app update). */
  offerFromOtherVersion: boolean;
  /** Takes the offered draft up: its data, to fill the form with. */
  resume: () => T | null;
  /** Removes the offered draft, and any draft of this form. */
  discard: () => void;
  /** What the form holds now: written as the draft at once. */
  keep: (data: T) => void;
  /** The form was saved: its draft goes, and nothing pending is written after. */
  saved: () => Promise<void>;
}

/** Which form: `formId` null keeps no draft (a form that has nothing worth keeping yet). */
export interface DraftOf {
  unitId: number;
  kind: DraftKind;
  formId: string | null;
  /** The form's schema version (schemaVersionOf): a draft of another is offered with a note. */
  schemaVersion: string;
}

/**
 * The draft of one form for the logged-in user: offered back when the form opens, kept as the
 * user types, removed when the form is saved or the draft discarded. Typing while a draft is
 * offered starts a new draft in its place; the offer can still be resumed until the notice goes.
 */
export function useDraft<T>({ unitId, kind, formId, schemaVersion }: DraftOf): DraftControl<T> {
  const [offer, setOffer] = useState<Draft<T> | null>(null);
  /** The form whose draft has been looked for. */
  const [checked, setChecked] = useState<DraftKey | null>(null);
  const pending = useRef<{ data: T } | null>(null);
  /** A write is waiting for the one under way. */
  const queued = useRef(false);
  /** The write under way: a save or discard waits for it, so that it cannot land after. */
  const writing = useRef<Promise<unknown>>(Promise.resolve());
  const key = useMemo<DraftKey | null>(
    () => (formId === null ? null : { unitId, kind, formId }),
    [unitId, kind, formId],
  );

  useEffect(() => {
    if (!key) return undefined;
    let live = true;
    store()
      .then(({ readDraft }) => readDraft<T>(key))
      .then(
        (found) => {
          if (live) setOffer(found);
        },
        (error: unknown) => logger.info('A draft could not be read', error),
      )
      .finally(() => {
        if (live) setChecked(key);
      });
    return () => {
      live = false;
    };
  }, [key]);

  // Each change is written at once, not after a pause of its own: the forms hand changes over
  // when typing pauses (src/widgets/deferred-changes.tsx), and sealing is asynchronous, so a write
  // left for pagehide might never finish before a reload or a closed tab. While one write is
  // under way the next waits, and takes the latest data when it starts.
  const keep = useCallback(
    (data: T) => {
      if (!key) return;
      pending.current = { data };
      if (queued.current) return;
      queued.current = true;
      writing.current = writing.current
        .then(async () => {
          queued.current = false;
          const next = pending.current;
          pending.current = null;
          if (next) await (await store()).saveDraft(key, schemaVersion, next.data);
        })
        .catch((error: unknown) => logger.info('A draft could not be kept', error));
    },
    [key, schemaVersion],
  );

  const forget = useCallback(async () => {
    pending.current = null;
    setOffer(null);
    if (!key) return;
    await writing.current;
    await (await store()).discardDraft(key);
  }, [key]);

  const discard = useCallback(() => {
    forget().catch((error: unknown) => logger.info('A draft could not be discarded', error));
  }, [forget]);
  const saved = useCallback(
    () => forget().catch((error: unknown) => logger.info('A draft stayed', error)),
    [forget],
  );

  return {
    offer,
    checking: key !== null && checked !== key,
    offerFromOtherVersion: offer !== null && offer.schemaVersion !== schemaVersion,
    resume: () => {
      const data = offer?.data ?? null;
      setOffer(null);
      return data;
    },
    discard,
    keep,
    saved,
  };
}
