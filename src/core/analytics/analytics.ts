import { apiPost } from '../api/client.ts';
import { whenIdle } from '../idle.ts';
import { logger } from '../logging/logger.ts';
import { isAuthenticated, type User } from '../session/user.ts';

/** One activity as POST /analytics/activity takes it. */
interface Activity {
  unit: number | null;
  path: string;
  act: 'navigated-to' | 'interaction';
  info: unknown;
}

/** A page-click event: what was done, where, and to what. */
export interface AnalyticsEvent {
  action: string;
  category: string;
  label: string;
  properties?: Record<string, unknown>;
}

/** The spec's replay buffers: activities before a session exists, at most 10 of each kind. */
const REPLAY_LIMIT = 10;

let sessionId: number | null = null;
let sessionUser: User | null = null;
let starting: Promise<void> | null = null;
let pageViews: Activity[] = [];
let events: Activity[] = [];
let currentUnit: () => number | null = () => null;

/** The unit each activity is recorded against; set by the account store's owner. */
export function trackUnitWith(unit: () => number | null): void {
  currentUnit = unit;
}

const sessionUserId = (): number | undefined => sessionUser?.id;

function buffer(activity: Activity): void {
  const list = activity.act === 'navigated-to' ? pageViews : events;
  list.push(activity);
  if (list.length > REPLAY_LIMIT) list.shift();
}

async function send(activities: Activity[]): Promise<void> {
  if (sessionId === null || !sessionUser || activities.length === 0) return;
  try {
    await apiPost('/analytics/activity', {
      sn: sessionId,
      uid: sessionUser.id,
      bt: sessionUser.business.type,
      activities,
    });
  } catch (error) {
    logger.info('Analytics activities were not recorded', error);
  }
}

function record(activity: Activity): void {
  if (sessionId === null) buffer(activity);
  else void send([activity]);
}

export function trackPageView(path: string): void {
  record({ unit: currentUnit(), path, act: 'navigated-to', info: null });
}

export function trackEvent(event: AnalyticsEvent): void {
  record({
    unit: currentUnit(),
    path: typeof window === 'undefined' ? '' : window.location.pathname,
    act: 'interaction',
    info: event,
  });
}

/**
 * Called whenever the signed-in user changes: a user id appearing opens an analytics session, and
 * the buffered activities follow once it exists; logging out closes it.
 */
export function userChanged(user: User): void {
  if (!isAuthenticated(user)) {
    sessionId = null;
    sessionUser = null;
    return;
  }
  if (sessionUser?.id === user.id && (sessionId !== null || starting)) return;
  sessionUser = user;
  sessionId = null;
  starting = (async () => {
    try {
      // Not a request the page's first paint waits behind: page views are buffered meanwhile.
      await whenIdle();
      if (sessionUserId() !== user.id) return;
      const { id } = await apiPost<{ id: number }>('/analytics/browser', {
        uid: user.id,
        bt: user.business.type,
        ua: navigator.userAgent.slice(0, 1000),
        ww: window.innerWidth,
        wh: window.innerHeight,
        sw: window.screen.width,
        sh: window.screen.height,
      });
      // The user may have logged out, or another logged in, while the session was being opened.
      if (sessionUserId() !== user.id) return;
      sessionId = id;
      const replay = [...pageViews, ...events];
      pageViews = [];
      events = [];
      await send(replay);
    } catch (error) {
      logger.info('No analytics session could be started', error);
    } finally {
      starting = null;
    }
  })();
}
