/** What a page says of its data offline (the banner's words are in offline-texts.ts). */
export const OfflinePageTexts = {
  asOf: (when: string) => `Saved on this device: shown as of ${when}.`,
  notOpenedHere:
    'This page has not been opened on this device yet. It will load when you are back online.',
} as const;
