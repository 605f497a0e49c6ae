import { describe, expect, it } from 'vitest';
import {
  CHAT_LIBRARY_POLL_MS,
  CHAT_LIBRARY_WARN_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  CSAT_NEW_SCALE,
  CSAT_OLD_SCALE,
  csatLevel,
  DASHBOARD_PAGE_COUNT,
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_PAGINATION_WINDOW,
  DEFAULT_LANGUAGE,
  FETCH_ALL_USERS_MAX_PAGES,
  FETCH_ALL_USERS_PAGE_SIZE,
  INFINITE,
  isBeforeRelease,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_UNPAID_DAYS,
  MODAL_OVERLAY_Z_INDEX,
  MODAL_WIDTH_PX,
  MS_IN_DAY,
  QUOTA_MODAL_PRESERVED_KEY_COUNT,
  RELEASE_DATES,
  RELEASE_VERSION,
  resolveLanguage,
  SELECTABLE_LANGUAGES,
  SOUNDS,
  SUPPORTED_LANGUAGES,
  TOAST_AUTO_CLOSE_MS,
  TRIAL_DAYS,
  UNPAID_INVOICE_LIMIT,
} from './constants';

describe('SPEC §9 numbers', () => {
  it('timing, sizes, paging, trial', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(CHAT_LIBRARY_POLL_MS).toBe(200);
    expect(CHAT_LIBRARY_WARN_MS).toBe(15000);
    expect(MS_IN_DAY).toBe(86400000);
    expect(INFINITE).toBe(1e9);
    expect(MODAL_WIDTH_PX).toBe(850);
    expect(MODAL_OVERLAY_Z_INDEX).toBe(5000);
    expect(QUOTA_MODAL_PRESERVED_KEY_COUNT).toBe(14);
    expect(FETCH_ALL_USERS_PAGE_SIZE * FETCH_ALL_USERS_MAX_PAGES).toBe(3000);
    expect([DASHBOARD_PAGE_SIZE, DASHBOARD_PAGINATION_WINDOW, DASHBOARD_PAGE_COUNT]).toEqual([10, 3, 6]);
    expect(TRIAL_DAYS).toBe(30);
    expect(MAX_UNPAID_DAYS).toBe(60);
    expect(UNPAID_INVOICE_LIMIT).toBe(2);
    expect(MAX_IMAGE_UPLOAD_BYTES).toBe(3145728);
    expect(RELEASE_VERSION).toBe('17.9.1');
  });

  it('sounds', () => {
    expect(SOUNDS).toHaveLength(8);
    expect(SOUNDS).toContain('no_sound');
    expect(SOUNDS[0]).toBe('eventually');
  });

  it('release dates', () => {
    expect(RELEASE_DATES.teamAnalytics).toBe('2023-05-10');
    expect(isBeforeRelease(Date.parse('2020-06-25T23:59:59Z'), 'hideBot')).toBe(true);
    expect(isBeforeRelease(Date.parse('2020-06-26T00:00:00Z'), 'hideBot')).toBe(false);
  });
});

describe('csatLevel', () => {
  it('old scale', () => {
    expect(csatLevel(CSAT_OLD_SCALE.POOR_ZERO, 'old')).toBe('poor');
    expect(csatLevel(CSAT_OLD_SCALE.POOR, 'old')).toBe('poor');
    expect(csatLevel(CSAT_OLD_SCALE.AVERAGE, 'old')).toBe('average');
    expect(csatLevel(CSAT_OLD_SCALE.GREAT, 'old')).toBe('great');
  });

  it('new 5-point scale', () => {
    expect(csatLevel(CSAT_NEW_SCALE.BAD, 'new')).toBe('poor');
    expect(csatLevel(CSAT_NEW_SCALE.POOR, 'new')).toBe('poor');
    expect(csatLevel(CSAT_NEW_SCALE.AVERAGE, 'new')).toBe('average');
    expect(csatLevel(CSAT_NEW_SCALE.GOOD, 'new')).toBe('great');
    expect(csatLevel(CSAT_NEW_SCALE.GREAT, 'new')).toBe('great');
  });

  it('the same number means different levels on each scale', () => {
    expect(csatLevel(5, 'old')).toBe('average');
    expect(csatLevel(5, 'new')).toBe('great');
  });
});

describe('languages', () => {
  it('kn is supported but not selectable', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'es', 'fr', 'kn']);
    expect(SELECTABLE_LANGUAGES).toEqual(['en', 'es', 'fr']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('resolveLanguage falls back to en', () => {
    expect(resolveLanguage('fr-CA')).toBe('fr');
    expect(resolveLanguage('ES')).toBe('es');
    expect(resolveLanguage('kn')).toBe('kn');
    expect(resolveLanguage('de')).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
  });
});
