import { useEffect, useRef, type ReactElement } from 'react';
import { useAccount } from '../../core/account/account-store.ts';
import { useDraft } from '../../core/drafts/use-draft.ts';
import { DraftNotice } from '../drafts/DraftNotice.tsx';

interface CalculatorDraftOptions<T> {
  /** The calculator, as its saved calculations name it: "stir", "eiq", "ghg", "bps". */
  calculator: string;
  /** The version of its input schema in this build (its schema file imported with ?hash). */
  version: string;
  /** What is unsaved, as "You have …" goes on: "an unsaved STIR calculation". */
  unsaved: string;
  /** The inputs as a saved calculation holds them, now. */
  inputs: T;
  /** Puts inputs kept as a draft back, as opening a saved calculation does. */
  onResume: (inputs: T) => void;
  /**
   * True while the inputs are still what the screen filled in by itself (its starting values,
   * then the unit's records as they arrive): no draft is kept until the user changes them.
   */
  pristine?: boolean;
}

/**
 * A calculator's inputs kept as a draft of the active unit (or of no unit, 0) once the user
 * changes them from what the screen opened with, offered back on the next visit; saving the
 * calculation (`saved`) removes the draft.
 */
export function useCalculatorDraft<T>({
  calculator,
  version,
  unsaved,
  inputs,
  onResume,
  pristine = false,
}: CalculatorDraftOptions<T>): { notice: ReactElement; saved: () => void } {
  const unitId = useAccount((s) => s.unit?.id ?? 0);
  const draft = useDraft<T>({
    unitId,
    kind: 'calculator',
    formId: calculator,
    schemaVersion: version,
  });
  const text = JSON.stringify(inputs);
  const opened = useRef(text);
  const { keep } = draft;
  useEffect(() => {
    if (pristine) opened.current = text;
    else if (text !== opened.current) keep(JSON.parse(text) as T);
  }, [text, keep, pristine]);
  return {
    notice: <DraftNotice draft={draft} unsaved={unsaved} onResume={onResume} />,
    saved: () => void draft.saved(),
  };
}
