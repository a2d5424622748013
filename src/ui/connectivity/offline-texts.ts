/**
 * What the portal says about being offline, in one place so that every screen says the same:
 * the banner's words here (on every page's first load), a page's words in page-texts.ts (with
 * the signed-in pages).
 */
export const OfflineTexts = {
  browserOffline: 'You are offline.',
  serverUnreachable: 'The portal cannot reach its server.',
  lastSync: (when: string) => `Last synced ${when}.`,
  neverSynced: 'Nothing has been synced on this device yet.',
  backOnline: 'Back online.',
} as const;
