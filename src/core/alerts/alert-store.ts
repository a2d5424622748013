import { create } from 'zustand';

/** Spec section 9: an alert closes itself after this many seconds unless told otherwise. */
export const ALERT_AUTO_CLOSE_SECONDS = 5;
/** Spec section 9: a fading alert takes this long to disappear. */
export const ALERT_FADE_MS = 250;
export const DEFAULT_ALERT_AREA = 'default';
/** A held alert let go with less time than this left gets this long, to be read to the end. */
export const ALERT_RESUME_MIN_MS = 1000;

export type AlertType = 'Success' | 'Info' | 'Warning' | 'Error' | 'Clear';

export interface Alert {
  id: number;
  type: AlertType;
  /** HTML; the alerts area sanitises it before rendering. */
  message: string;
  /**
   * Seconds until the alert removes itself; 0 keeps it until it is closed. The spec's default
   * is 5 for every type; the countdown holds while the user hovers or focuses the stack, so
   * an alert being read does not slip away.
   */
  autoClose: number;
  /** Removal fades the alert out over ALERT_FADE_MS instead of dropping it at once. */
  fade: boolean;
  /** Survives the next route change (only that one). */
  keepAfterRouteChange: boolean;
  /** The alerts area that shows it. */
  displayTo: string;
  /** True while the alert fades out, just before it is removed. */
  fading: boolean;
}

export interface AlertOptions {
  type?: AlertType;
  message?: string;
  autoClose?: number;
  fade?: boolean;
  keepAfterRouteChange?: boolean;
  displayTo?: string;
}

export type AlertShortcutOptions = Omit<AlertOptions, 'type' | 'message'>;

interface AlertsState {
  alerts: Alert[];
  /** Shows an alert and answers its id; a 'Clear' alert clears its area instead (answers null). */
  alert: (options: AlertOptions) => number | null;
  success: (message: string, options?: AlertShortcutOptions) => number | null;
  info: (message: string, options?: AlertShortcutOptions) => number | null;
  warn: (message: string, options?: AlertShortcutOptions) => number | null;
  error: (message: string, options?: AlertShortcutOptions) => number | null;
  /** Removes every alert of one area at once. */
  clear: (displayTo?: string) => void;
  /** Closes one alert: a fading alert fades for ALERT_FADE_MS first, others go at once. */
  remove: (id: number) => void;
  /**
   * Holds (true) or lets go (false) the auto-close of every alert of one area: the alerts area
   * holds them while the pointer is over it or focus inside it, so that none closes while it
   * is being read. Let go, each gets the time it had left (at least ALERT_RESUME_MIN_MS).
   */
  hold: (displayTo: string, held: boolean) => void;
  /**
   * Called on navigation: drops every alert without keepAfterRouteChange; those with it survive
   * this one change and lose the flag, so the next change drops them. Several alerts areas may
   * report the same navigation: pass its identity (the location key) and repeats are ignored.
   */
  routeChanged: (navigationKey?: string) => void;
}

let nextId = 1;
let lastNavigationKey: string | undefined;
/** Pending auto-close and fade timers, per alert, so that early removal cancels them. */
const timers = new Map<number, Set<ReturnType<typeof setTimeout>>>();
/** Auto-closing alerts: when each is due to close, or, while its area is held, the time left. */
const autoCloses = new Map<number, { dueAt: number } | { leftMs: number }>();
/** The areas whose auto-close is held (hover or focus). */
const heldAreas = new Set<string>();

function schedule(id: number, ms: number, run: () => void): void {
  const pending = timers.get(id) ?? new Set<ReturnType<typeof setTimeout>>();
  const handle = setTimeout(() => {
    pending.delete(handle);
    run();
  }, ms);
  pending.add(handle);
  timers.set(id, pending);
}

function cancelTimers(id: number): void {
  const pending = timers.get(id);
  if (!pending) return;
  for (const handle of pending) clearTimeout(handle);
  timers.delete(id);
}

function validSeconds(value: number | undefined): number {
  if (value !== undefined && Number.isFinite(value) && value >= 0) return value;
  return ALERT_AUTO_CLOSE_SECONDS;
}

export const useAlerts = create<AlertsState>()((set, get) => {
  const dropWhere = (drop: (alert: Alert) => boolean) => {
    const dropped = get().alerts.filter(drop);
    if (dropped.length === 0) return;
    for (const alert of dropped) {
      cancelTimers(alert.id);
      autoCloses.delete(alert.id);
    }
    const ids = new Set(dropped.map((a) => a.id));
    set((s) => ({ alerts: s.alerts.filter((a) => !ids.has(a.id)) }));
  };

  /** Starts (or restarts) an alert's auto-close, or keeps the time for later while held. */
  const runAutoClose = (alert: Alert, ms: number) => {
    if (heldAreas.has(alert.displayTo)) {
      autoCloses.set(alert.id, { leftMs: ms });
      return;
    }
    autoCloses.set(alert.id, { dueAt: Date.now() + ms });
    schedule(alert.id, ms, () => {
      autoCloses.delete(alert.id);
      get().remove(alert.id);
    });
  };

  const shortcut =
    (type: AlertType) =>
    (message: string, options?: AlertShortcutOptions): number | null =>
      get().alert({ ...options, type, message });

  return {
    alerts: [],

    alert(options) {
      const type = options.type ?? 'Info';
      const displayTo = options.displayTo ?? DEFAULT_ALERT_AREA;
      if (type === 'Clear') {
        get().clear(displayTo);
        return null;
      }
      const alert: Alert = {
        id: nextId++,
        type,
        message: options.message ?? '',
        autoClose: validSeconds(options.autoClose),
        fade: options.fade ?? false,
        keepAfterRouteChange: options.keepAfterRouteChange ?? false,
        displayTo,
        fading: false,
      };
      set((s) => ({ alerts: [...s.alerts, alert] }));
      if (alert.autoClose > 0) runAutoClose(alert, alert.autoClose * 1000);
      return alert.id;
    },

    success: shortcut('Success'),
    info: shortcut('Info'),
    warn: shortcut('Warning'),
    error: shortcut('Error'),

    clear(displayTo = DEFAULT_ALERT_AREA) {
      dropWhere((a) => a.displayTo === displayTo);
    },

    remove(id) {
      const alert = get().alerts.find((a) => a.id === id);
      if (!alert) return;
      if (!alert.fade) {
        dropWhere((a) => a.id === id);
        return;
      }
      if (alert.fading) return;
      // The auto-close timer has no more work to do; only the fade's own timer remains.
      cancelTimers(id);
      autoCloses.delete(id);
      set((s) => ({ alerts: s.alerts.map((a) => (a.id === id ? { ...a, fading: true } : a)) }));
      schedule(id, ALERT_FADE_MS, () => {
        dropWhere((a) => a.id === id);
      });
    },

    hold(displayTo, held) {
      if (held === heldAreas.has(displayTo)) return;
      if (held) heldAreas.add(displayTo);
      else heldAreas.delete(displayTo);
      const now = Date.now();
      for (const alert of get().alerts) {
        const timing = autoCloses.get(alert.id);
        if (alert.displayTo !== displayTo || alert.fading || !timing) continue;
        if (held && 'dueAt' in timing) {
          cancelTimers(alert.id);
          autoCloses.set(alert.id, { leftMs: Math.max(0, timing.dueAt - now) });
        } else if (!held && 'leftMs' in timing) {
          runAutoClose(alert, Math.max(ALERT_RESUME_MIN_MS, timing.leftMs));
        }
      }
    },

    routeChanged(navigationKey) {
      if (navigationKey !== undefined) {
        if (navigationKey === lastNavigationKey) return;
        lastNavigationKey = navigationKey;
      }
      dropWhere((a) => !a.keepAfterRouteChange);
      if (get().alerts.some((a) => a.keepAfterRouteChange)) {
        set((s) => ({
          alerts: s.alerts.map((a) =>
            a.keepAfterRouteChange ? { ...a, keepAfterRouteChange: false } : a,
          ),
        }));
      }
    },
  };
});
