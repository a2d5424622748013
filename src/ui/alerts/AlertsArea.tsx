import { useEffect, useRef, type FocusEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  DEFAULT_ALERT_AREA,
  useAlerts,
  type Alert,
  type AlertType,
} from '../../core/alerts/alert-store.ts';
import { useSanitizer, type Sanitize } from '../../core/security/use-sanitizer.ts';
import styles from './AlertsArea.module.css';

export interface AlertsAreaProps {
  /** Which alerts to show: those whose displayTo names this area. */
  displayTo?: string;
  /**
   * Shows the alerts as toasts: a stack fixed over the page (top right; along the bottom on a
   * phone), so that a message arriving or going never moves the page's content. Without it
   * the alerts take their place in the flow of the page.
   */
  toasts?: boolean;
}

const typeClass: Record<Exclude<AlertType, 'Clear'>, string | undefined> = {
  Success: styles.success,
  Info: styles.info,
  Warning: styles.warning,
  Error: styles.error,
};

/** Errors and warnings interrupt a screen reader; successes and information wait their turn. */
function roleOf(type: AlertType): 'alert' | 'status' {
  return type === 'Error' || type === 'Warning' ? 'alert' : 'status';
}

/** Clears the alerts on navigation (not on first render), as the spec's Alerts rule asks. */
function useRouteChangeClearsAlerts() {
  const location = useLocation();
  const routeChanged = useAlerts((s) => s.routeChanged);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    // The key identifies this navigation, so several areas reporting it count once.
    routeChanged(location.key);
  }, [location.pathname, location.key, routeChanged]);
}

function AlertItem({
  alert,
  onClose,
  sanitize,
}: {
  alert: Alert;
  onClose: (id: number) => void;
  sanitize: Sanitize;
}) {
  const classes = [
    styles.alert,
    alert.type === 'Clear' ? undefined : typeClass[alert.type],
    alert.fading ? styles.fading : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} role={roleOf(alert.type)} data-alert-type={alert.type}>
      <div
        className={styles.message}
        // Alert messages are HTML; sanitize strips scripts, handlers and dangerous URLs first.
        dangerouslySetInnerHTML={{ __html: sanitize(alert.message) }}
      />
      <button
        type="button"
        className={styles.close}
        aria-label="Close alert"
        onClick={(e) => {
          // Focus goes on to a neighbouring alert's close button rather than to the page's top.
          const item = e.currentTarget.parentElement;
          const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
          neighbour?.querySelector<HTMLButtonElement>('[aria-label="Close alert"]')?.focus();
          onClose(alert.id);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * An area's alerts, oldest first (the newest at the bottom). Errors and warnings are announced
 * at once (role="alert"), successes and information politely (role="status"). While the
 * pointer is over the area or focus is inside it, no alert closes by itself.
 */
export function AlertsArea({ displayTo = DEFAULT_ALERT_AREA, toasts = false }: AlertsAreaProps) {
  useRouteChangeClearsAlerts();
  // Select the stable array and filter here: a filtered selector would answer a new array on
  // every call and make zustand re-render without end.
  const alerts = useAlerts((s) => s.alerts);
  const remove = useAlerts((s) => s.remove);
  const hold = useAlerts((s) => s.hold);
  const shown = alerts.filter((a) => a.displayTo === displayTo && a.type !== 'Clear');
  // Loaded with the first alert: until then (a moment) the alerts wait, never shown unsanitised.
  const sanitize = useSanitizer(shown.length > 0);
  const pointerInside = useRef(false);
  const focusInside = useRef(false);
  const update = () => hold(displayTo, pointerInside.current || focusInside.current);
  // An area that goes away lets its alerts close again.
  useEffect(() => () => hold(displayTo, false), [displayTo, hold]);

  return (
    <div
      className={toasts ? `${styles.area} ${styles.toasts}` : styles.area}
      data-alerts-area={displayTo}
      onPointerEnter={() => {
        pointerInside.current = true;
        update();
      }}
      onPointerLeave={() => {
        pointerInside.current = false;
        update();
      }}
      onFocus={() => {
        focusInside.current = true;
        update();
      }}
      onBlur={(e: FocusEvent<HTMLDivElement>) => {
        focusInside.current = e.currentTarget.contains(e.relatedTarget);
        update();
      }}
    >
      {sanitize &&
        shown.map((alert) => (
          <AlertItem key={alert.id} alert={alert} onClose={remove} sanitize={sanitize} />
        ))}
    </div>
  );
}
