import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetBrandingContent,
  readBrandingContent,
  useBrandingContentCache,
} from '../../src/core/branding/branding-content.ts';
import { useBranding } from '../../src/core/branding/branding-store.ts';
import { useBrandingContent } from '../../src/core/branding/use-branding-content.ts';
import { callsTo, json, mockApi, ok } from './mock-api.ts';

const CONTENT = {
  contact_us_page_content: '<p>Ring us</p>',
  help_page_content: null,
  login_message: null,
};

beforeEach(() => {
  useBrandingContentCache.setState({}, true);
  useBranding.setState({ brand: 'fenland_fresh' });
});
afterEach(() => {
  useBranding.setState({ brand: 'default' });
});

describe("the brands' custom content", () => {
  it('is read once for every screen that shows it', async () => {
    const api = mockApi([[/^\/api\/branding\/fenland_fresh/, () => ok(CONTENT)]]);
    const first = renderHook(() => useBrandingContent());
    const second = renderHook(() => useBrandingContent());
    expect(first.result.current.isLoading).toBe(true);
    await waitFor(() => {
      expect(first.result.current.data).toEqual(CONTENT);
    });
    expect(second.result.current).toEqual({ data: CONTENT, error: undefined, isLoading: false });
    renderHook(() => useBrandingContent());
    expect(callsTo(api, /\/api\/branding\//)).toHaveLength(1);
  });

  it('is read again after a failure, the next time a screen asks', async () => {
    let failing = true;
    const api = mockApi([
      [
        /^\/api\/branding\/fenland_fresh/,
        () => (failing ? json(500, { status: false, msg: 'Down', type: 'X' }) : ok(CONTENT)),
      ],
    ]);
    const first = renderHook(() => useBrandingContent());
    await waitFor(() => {
      expect(first.result.current.isLoading).toBe(false);
    });
    expect(first.result.current.data).toBeUndefined();
    expect(first.result.current.error).toBeDefined();
    first.unmount();
    failing = false;
    const again = renderHook(() => useBrandingContent());
    await waitFor(() => {
      expect(again.result.current.data).toEqual(CONTENT);
    });
    expect(callsTo(api, /\/api\/branding\//)).toHaveLength(2);
  });

  it('drops a read that was forgotten while it was under way', async () => {
    mockApi([[/^\/api\/branding\/fenland_fresh/, () => ok(CONTENT)]]);
    readBrandingContent('fenland_fresh');
    const reading = useBrandingContentCache.getState().fenland_fresh?.reading;
    forgetBrandingContent('fenland_fresh');
    await reading;
    expect(useBrandingContentCache.getState()).toEqual({});
  });

  it('is forgotten for the brand left when the brand switches', async () => {
    mockApi([[/^\/api\/branding\/fenland_fresh/, () => ok(CONTENT)]]);
    const { result } = renderHook(() => useBrandingContent());
    await waitFor(() => {
      expect(result.current.data).toEqual(CONTENT);
    });
    useBranding.getState().setBrand('moorland_vale');
    expect(useBrandingContentCache.getState().fenland_fresh).toBeUndefined();
  });
});
