import { appConfig } from '../config.ts';

export const LAST_ACTIVE_KEY = `${appConfig.storageKeyPrefix}lastActiveFarmAccountUnit`;
/**
 * The brand the remembered plan wears (its provider's), kept beside the spec's triple and with
 * it: a reload wears it from its first render instead of switching to it once the farm is back.
 */
export const LAST_BRAND_KEY = `${appConfig.storageKeyPrefix}lastActiveBrand`;

/** The spec's last-accessed memory. */
export interface LastActive {
  farmId: number;
  unitId: number;
  planId: number;
}

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export function readLastActive(): LastActive | null {
  const raw = storage()?.getItem(LAST_ACTIVE_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<LastActive>;
    if ([v.farmId, v.unitId, v.planId].every((n) => Number.isInteger(n) && (n as number) > 0))
      return v as LastActive;
  } catch {
    // a corrupt entry is dropped below
  }
  storage()?.removeItem(LAST_ACTIVE_KEY);
  return null;
}

/** Written, with the plan's brand, when farm, unit and plan are all active; removed otherwise. */
export function writeLastActive(value: LastActive | null, brand?: string): void {
  if (value) storage()?.setItem(LAST_ACTIVE_KEY, JSON.stringify(value));
  else storage()?.removeItem(LAST_ACTIVE_KEY);
  if (value && brand) storage()?.setItem(LAST_BRAND_KEY, brand);
  else storage()?.removeItem(LAST_BRAND_KEY);
}

/** The remembered plan's brand, while a farm, unit and plan are remembered. */
export function readLastBrand(): string | null {
  return readLastActive() ? (storage()?.getItem(LAST_BRAND_KEY) ?? null) : null;
}
