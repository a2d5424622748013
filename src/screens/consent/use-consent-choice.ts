import { useState } from 'react';
import type {
  ConsentChange,
  ConsentProvider,
  ConsentState,
} from '../../../shared/consent/types.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPut } from '../../core/api/client.ts';
import { choiceWords } from './consent-words.ts';

/** PUT /api/units/{unit}/consent/{provider}/{category}: the farm's choice for one category. */
const choicePath = (unitId: number, providerId: number, category: string) =>
  `/units/${String(unitId)}/consent/${String(providerId)}/${encodeURIComponent(category)}`;

/**
 * Sends the farm's choices for one provider's categories, and which category is being saved.
 * What a choice did is said in a polite status toast, as every save is; `send` hands the saved
 * provider to `onSaved` and throws what the server refused (a 406 for the caller to show on its
 * field).
 */
export function useConsentChoice(
  unitId: number,
  consent: ConsentProvider,
  onSaved: (saved: ConsentProvider) => void,
) {
  const [saving, setSaving] = useState<string | null>(null);
  const send = async (category: ConsentState, change: ConsentChange): Promise<void> => {
    setSaving(category.id);
    try {
      const saved = await apiPut<ConsentProvider>(
        choicePath(unitId, consent.provider.id, category.id),
        change,
      );
      const after = saved.categories.find((c) => c.id === category.id) ?? category;
      onSaved(saved);
      useAlerts.getState().success(choiceWords(consent.provider.name, category, after));
    } finally {
      setSaving(null);
    }
  };
  return { saving, send };
}
