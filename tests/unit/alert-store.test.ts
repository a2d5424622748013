import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALERT_AUTO_CLOSE_SECONDS,
  ALERT_FADE_MS,
  useAlerts,
} from '../../src/core/alerts/alert-store.ts';

const alerts = () => useAlerts.getState().alerts;
const store = () => useAlerts.getState();

beforeEach(() => {
  vi.useFakeTimers();
  useAlerts.setState({ alerts: [] });
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('alert store', () => {
  it('follows the spec constants: 5 s auto-close, 250 ms fade', () => {
    expect(ALERT_AUTO_CLOSE_SECONDS).toBe(5);
    expect(ALERT_FADE_MS).toBe(250);
  });

  it('adds an alert with the spec defaults', () => {
    const id = store().alert({ type: 'Success', message: '<b>Saved</b>' });
    expect(alerts()).toEqual([
      {
        id,
        type: 'Success',
        message: '<b>Saved</b>',
        autoClose: 5,
        fade: false,
        keepAfterRouteChange: false,
        displayTo: 'default',
        fading: false,
      },
    ]);
  });

  it('has a shortcut per type', () => {
    store().success('s');
    store().info('i');
    store().warn('w');
    store().error('e', { displayTo: 'form', autoClose: 0 });
    expect(alerts().map((a) => [a.type, a.message, a.displayTo])).toEqual([
      ['Success', 's', 'default'],
      ['Info', 'i', 'default'],
      ['Warning', 'w', 'default'],
      ['Error', 'e', 'form'],
    ]);
    expect(alerts()[3]?.autoClose).toBe(0);
  });

  it('removes an alert after the default 5 seconds', () => {
    store().success('Saved');
    vi.advanceTimersByTime(4999);
    expect(alerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alerts()).toHaveLength(0);
  });

  it('honours a custom autoClose', () => {
    store().info('Soon gone', { autoClose: 2 });
    vi.advanceTimersByTime(1999);
    expect(alerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alerts()).toHaveLength(0);
  });

  it('keeps an alert with autoClose 0 until it is closed', () => {
    const id = store().error('Stays', { autoClose: 0 });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(alerts()).toHaveLength(1);
    store().remove(id ?? -1);
    expect(alerts()).toHaveLength(0);
  });

  it('removes an alert without fade at once', () => {
    const first = store().success('First');
    store().success('Second');
    store().remove(first ?? -1);
    expect(alerts().map((a) => a.message)).toEqual(['Second']);
  });

  it('ignores removing an unknown alert', () => {
    store().success('Here');
    store().remove(9999);
    expect(alerts()).toHaveLength(1);
  });

  it('marks a fading alert, then removes it after 250 ms', () => {
    const id = store().warn('Fades', { fade: true, autoClose: 0 });
    store().remove(id ?? -1);
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]?.fading).toBe(true);
    vi.advanceTimersByTime(ALERT_FADE_MS - 1);
    expect(alerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alerts()).toHaveLength(0);
  });

  it('fades an auto-closing alert out when its time is up', () => {
    store().success('Fades later', { fade: true });
    vi.advanceTimersByTime(5000);
    expect(alerts()[0]?.fading).toBe(true);
    vi.advanceTimersByTime(ALERT_FADE_MS);
    expect(alerts()).toHaveLength(0);
  });

  it('does not restart the fade when a fading alert is closed again', () => {
    const id = store().info('Twice', { fade: true, autoClose: 0 }) ?? -1;
    store().remove(id);
    vi.advanceTimersByTime(200);
    store().remove(id);
    vi.advanceTimersByTime(50);
    expect(alerts()).toHaveLength(0);
  });

  it('cancels the auto-close timer of an alert closed early', () => {
    const id = store().success('Closed early') ?? -1;
    store().remove(id);
    store().success('Later');
    vi.advanceTimersByTime(4000);
    // The first alert's timer must not remove anything else when it would have fired.
    store().success('Newest', { autoClose: 0 });
    vi.advanceTimersByTime(1000);
    expect(alerts().map((a) => a.message)).toEqual(['Newest']);
  });

  it('clears the alerts of one area only', () => {
    store().success('Default one');
    store().error('Form one', { displayTo: 'form' });
    store().info('Default two');
    store().clear();
    expect(alerts().map((a) => a.message)).toEqual(['Form one']);
    store().clear('form');
    expect(alerts()).toHaveLength(0);
  });

  it('clears the area a Clear alert names, and adds nothing', () => {
    store().success('Default');
    store().error('Form', { displayTo: 'form' });
    expect(store().alert({ type: 'Clear', displayTo: 'form' })).toBeNull();
    expect(alerts().map((a) => a.message)).toEqual(['Default']);
    store().alert({ type: 'Clear' });
    expect(alerts()).toHaveLength(0);
  });

  it('drops alerts on a route change, keeping keepAfterRouteChange ones exactly once', () => {
    store().success('Goes', { autoClose: 0 });
    store().success('Kept once', { autoClose: 0, keepAfterRouteChange: true });
    store().routeChanged();
    expect(alerts().map((a) => [a.message, a.keepAfterRouteChange])).toEqual([
      ['Kept once', false],
    ]);
    store().routeChanged();
    expect(alerts()).toHaveLength(0);
  });

  it('counts one navigation once when several areas report it', () => {
    store().info('Kept once', { autoClose: 0, keepAfterRouteChange: true });
    store().routeChanged('nav-1');
    store().routeChanged('nav-1');
    expect(alerts()).toHaveLength(1);
    store().routeChanged('nav-2');
    expect(alerts()).toHaveLength(0);
  });
});
