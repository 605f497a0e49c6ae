// Business constants and limits of SPEC §9.

// Timing
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Auto-close for warning and error toasts; info and success use the toast library default. */
export const TOAST_AUTO_CLOSE_MS = 5_000;
export const CHAT_LIBRARY_POLL_MS = 200;
/** After this long without the chat library a warning is logged; polling continues. */
export const CHAT_LIBRARY_WARN_MS = 15_000;
export const FEATURE_FLAG_REFRESH_SECONDS = 300;
export const MEMORY_CACHE_TTL_MS = 120_000;
export const CACHE_HIT_DELAY_MS = 1_000;
export const UPDATE_CALL_DELAY_MS = 1_000;
export const MS_IN_DAY = 86_400_000;
export const SECONDS_IN_DAY = 86_400;
/** Stand-in for "unlimited" in plan limits. */
export const INFINITE = 1e9;
export const COOKIE_EXPIRY_YEAR = 2038;
export const CAMPAIGN_ERROR_BANNER_TIMEOUT_MS = 15_000;

// Sizes
export const MODAL_WIDTH_PX = 850;
export const MODAL_MAX_WIDTH_PX = 900;
export const MODAL_OVERLAY_Z_INDEX = 5000;
export const DOMAIN_MODAL_WIDTH_PX = 500;
export const STORAGE_MODAL_WIDTH_PX = 650;
/** Clearing local data on quota overflow keeps this many essential keys. */
export const QUOTA_MODAL_PRESERVED_KEY_COUNT = 14;
export const MAX_IMAGE_UPLOAD_BYTES = 3 * 1024 * 1024;
/** Any other file (upload/file): 10 MB. */
export const MAX_FILE_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Signed file links (channel media, /document-preview) stay valid this many days. */
export const SIGNED_FILE_LINK_DAYS = 30;

// Paging
export const NOTES_PAGE_SIZE = 10;
export const TEAM_MEMBERS_PAGE_SIZE = 200;
export const FETCH_ALL_USERS_PAGE_SIZE = 100;
export const FETCH_ALL_USERS_MAX_PAGES = 30;
export const CAMPAIGN_USERS_PAGE_SIZE = 20;
export const DASHBOARD_PAGE_SIZE = 10;
export const DASHBOARD_PAGINATION_WINDOW = 3;
export const DASHBOARD_PAGE_COUNT = 6;

// Trial and billing
export const TRIAL_DAYS = 30;
export const PLAN_LENGTH_OLD_DAYS = 30;
export const PLAN_LENGTH_NEW_DAYS = 14;
export const MAX_UNPAID_DAYS = 60;
export const UNPAID_INVOICE_LIMIT = 2;
export const TRIAL_SEATS = 10;
export const STARTUP_SEATS_MIN = 1;
export const STARTUP_SEATS_MAX = 2;

// Release and reporting
export const RELEASE_VERSION = '17.9.1';
export const ERROR_REPORTING_SAMPLE_RATE = 1;
export const INSIGHTS_SUGGESTED_QUESTION_COUNT = 5;
export const DEFAULT_INTEGRATION_CATEGORY = 'all';
/** Profile image names are a timestamp plus a random number in this range. */
export const PROFILE_IMAGE_RANDOM_MIN = 1;
export const PROFILE_IMAGE_RANDOM_MAX = 1000;

/** Feature release dates (ISO, YYYY-MM-DD); apps created before one may keep the old behaviour. */
export const RELEASE_DATES = {
  helpcenter: '2019-07-01',
  newPricing: '2019-12-20',
  hideBot: '2020-06-26',
  hideMailbox: '2020-08-14',
  hideStarter: '2020-09-22',
  botOverview: '2020-10-23',
  teamAnalytics: '2023-05-10',
  latestPricing: '2025-06-19',
} as const;
export type ReleaseName = keyof typeof RELEASE_DATES;
export const HUMAN_HOURS_RELEASE_TIMESTAMP = 1_721_586_600_000;

/** Whether something created at `createdAt` (epoch ms) predates the named release (UTC midnight). */
export function isBeforeRelease(createdAt: number, release: ReleaseName): boolean {
  return createdAt < Date.parse(`${RELEASE_DATES[release]}T00:00:00Z`);
}

// Sounds
export const SOUNDS = [
  'eventually',
  'subtle',
  'intuition',
  'light',
  'open_ended',
  'one_on_one',
  'modern_ring',
  'no_sound',
] as const;
export type Sound = (typeof SOUNDS)[number];

// CSAT
export const CSAT_SCALES = ['old', 'new'] as const;
export type CsatScale = (typeof CSAT_SCALES)[number];
/** Filter value meaning "all ratings" on both scales; not a rating. */
export const CSAT_ALL = 11;
export const CSAT_OLD_SCALE = { POOR_ZERO: 0, POOR: 1, AVERAGE: 5, GREAT: 10, ALL: CSAT_ALL } as const;
export const CSAT_NEW_SCALE = { BAD: 1, POOR: 2, AVERAGE: 3, GOOD: 4, GREAT: 5, ALL: CSAT_ALL } as const;
export const CSAT_LEVELS = ['poor', 'average', 'great'] as const;
export type CsatLevel = (typeof CSAT_LEVELS)[number];

/**
 * Maps a rating onto the three visual levels. Old scale: 0-1 poor, 5 average, 10 great;
 * new scale: 1-2 poor, 3 average, 4-5 great. Values between points fall to the lower level.
 */
export function csatLevel(rating: number, scale: CsatScale): CsatLevel {
  if (scale === 'old') {
    if (rating >= CSAT_OLD_SCALE.GREAT) return 'great';
    if (rating >= CSAT_OLD_SCALE.AVERAGE) return 'average';
    return 'poor';
  }
  if (rating >= CSAT_NEW_SCALE.GOOD) return 'great';
  if (rating >= CSAT_NEW_SCALE.AVERAGE) return 'average';
  return 'poor';
}

// Languages
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'kn'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** kn is supported but deliberately not offered in the selector. */
export const SELECTABLE_LANGUAGES: readonly Language[] = ['en', 'es', 'fr'];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Resolves a requested language (e.g. 'fr-CA') to a supported one, falling back to en. */
export function resolveLanguage(requested: string | null | undefined): Language {
  const base = requested?.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : DEFAULT_LANGUAGE;
}

/**
 * SPEC §7 regional deployments. A deployment names its region only when its operator configures
 * one (REGION, optionally REGION_NAME); by default nothing regional is shown.
 */
export const REGIONS = [
  'default',
  'india',
  'eu',
  'china',
  'enterprise',
  'beta',
  'test',
  'staging',
  'release',
] as const;
export type Region = (typeof REGIONS)[number];
