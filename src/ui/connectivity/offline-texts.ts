/** What the portal says about being offline: one place, so that every screen says the same. */
export const OfflineTexts = {
  browserOffline: 'You are offline.',
  serverUnreachable: 'The portal cannot reach its server.',
  lastSync: (when: string) => `Last synced ${when}.`,
  neverSynced: 'Nothing has been synced on this device yet.',
  backOnline: 'Back online.',
  asOf: (when: string) => `Saved on this device: shown as of ${when}.`,
  notOpenedHere:
    'This page has not been opened on this device yet. It will load when you are back online.',
} as const;
