/**
 * Consent the farm controls (issue 20 point 3; docs/openapi.yaml, tag Consent): which categories
 * of a unit's data each provider whose plan the unit holds may see, and the log of every read by
 * their staff. The categories are config/consent.json's and one per record type, records:<type>.
 */

/** The category of each record type: its own, so that a farm can share one type and not another. */
export const recordsCategory = (recordType: string) => `records:${recordType}`;

/** One kind of a unit's data, as the farm sees it. */
export interface ConsentCategory {
  id: string;
  title: string;
  description: string;
}

/** How one category stands with one provider. */
export interface ConsentState extends ConsentCategory {
  /** Whether the provider's staff may see it today. */
  shared: boolean;
  /** The last day it is shared, when the farm shared it for a while; null: no end. */
  until: string | null;
  /** Shared until a day that has passed: no longer shared. */
  lapsed: boolean;
  /** The farm's last choice, or null where the plan's default (shared) stands. */
  changed: { by: string | null; at: string } | null;
}

/** A provider whose plan the unit holds, and what its staff may see of the unit. */
export interface ConsentProvider {
  provider: { id: number; name: string; kind: string };
  /** The provider's plans the unit holds. */
  plans: { id: number; name: string }[];
  /** The companies whose staff work for the provider (a processor and its field advisers). */
  companies: string[];
  /** The categories its plans cover, each shared or not. */
  categories: ConsentState[];
}

/** GET /api/units/{unit}/consent: "Who sees my data". */
export interface UnitConsent {
  unit: { id: number; name: string };
  providers: ConsentProvider[];
  /** How long the access log keeps an entry. */
  accessLogRetentionDays: number;
}

/** PUT /api/units/{unit}/consent/{provider}/{category}: the farm's choice. */
export interface ConsentChange {
  shared: boolean;
  /** With shared: the last day shared (YYYY-MM-DD, today or later); null or absent: no end. */
  until?: string | null;
}

export const ACCESS_ACTIONS = ['viewed', 'downloaded', 'changed', 'deleted'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** One read of the unit's data by company staff, as the server answered it. */
export interface AccessLogEntry {
  id: number;
  at: string;
  user: string;
  provider: { id: number | null; name: string };
  category: { id: string; title: string };
  /** The screen, file or figure it was read through, as the portal names it. */
  what: string;
  action: AccessAction;
}
