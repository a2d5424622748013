import { readLastActive } from '../core/account/last-active.ts';
import { farmDetailsRead } from '../core/account/farm-read.ts';
import { startRead } from '../core/api/started-reads.ts';
import { routesByPath } from '../engine/routes-config.ts';
import { screenLoader, screenStartReads } from '../engine/screen-registry.ts';

/**
 * A reload of a signed-in page: the farm the user last had active, the page's screen code and
 * the reads the screen will make for that farm's unit and plan all begin at once. Otherwise each
 * waits for the one before (the signed-in shell, the farm, the screen's code, its reads), and on
 * a phone's link every wait is a round trip. Should the account not come back as remembered,
 * the screen asks for what it needs itself and the reads begun here go unused.
 */
export function startPage(pathname: string): void {
  const last = readLastActive();
  if (last) startRead(...farmDetailsRead(last.farmId));
  const screen = routesByPath.get(pathname)?.route.screen;
  if (screen === undefined) return;
  // The route's own lazy load reports a failure to load the code; here it is only begun early.
  screenLoader(screen)?.().catch(() => undefined);
  const reads = screenStartReads(screen);
  if (reads && last) for (const [path, params] of reads(last)) startRead(path, params);
}
