import { OfflinePageTexts } from './page-texts.ts';

/**
 * Instead of a page that cannot be known offline: it was never opened on this device, so
 * nothing of it is kept here. Never "not in your plan": that is not known either.
 */
export function NotOpenedHere() {
  return (
    <div role="status">
      <h1>Not available offline</h1>
      <p>{OfflinePageTexts.notOpenedHere}</p>
    </div>
  );
}
