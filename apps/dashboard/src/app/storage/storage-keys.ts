import { DRAFT_MESSAGES_KEY, QUOTA_MODAL_PRESERVED_KEY_COUNT } from '@convo/domain';

// The keys index.html's early start reads (app/early/early-start.ts) are constants of their own:
// it is inlined in every page and should not carry every key.
/** Base64-encoded session, never with a password. Removing it logs out every tab. */
export const SESSION_KEY = 'KM_USER_SESSION';
/** Language chosen in the selector or with ?lng=. */
export const LANGUAGE_KEY = 'KM_LANGUAGE';

/** Every localStorage key the dashboard writes (SPEC §3 "Local storage keys"). */
export const STORAGE_KEYS = {
  session: SESSION_KEY,
  /** Application settings of the session, JSON. */
  appSettings: 'KM_APP_SETTINGS',
  /** '#rrggbb' from the primaryTheme URL parameter. */
  customTheme: 'KM_CUSTOM_THEME',
  /** Release the stored data was written by. */
  version: 'KM_RELEASE_VERSION',
  appIds: 'KM_APP_IDS',
  botAgentMap: 'KM_BOT_AGENT_MAP',
  /** Time of the last logout (epoch ms). */
  logoutMarker: 'KM_LOGOUT',
  /** Onboarding data; `{ "getStarted": true }` sends the default view to /startingup. */
  onboarding: 'KM_ONBOARDING',
  /** `{ shopUrl, shopifyAccessToken }` from a Shopify signup link. */
  shopify: 'KM_SHOPIFY_DATA',
  signupSource: 'KM_SIGNUP_SOURCE',
  dealCode: 'KM_DEAL_CODE',
  /** Path (+ query) to return to after login or signup. */
  referrer: 'KM_REFERRER',
  usageCount: 'KM_USAGE_COUNT',
  /** Zustand persisted slices. */
  persistedStore: 'KM_PERSISTED_STORE',
  /** `{ accessToken, bcEmail, storeHash }` from a BigCommerce link. */
  bigCommerce: 'KM_BIGCOMMERCE_DATA',
  drafts: DRAFT_MESSAGES_KEY,
  language: LANGUAGE_KEY,
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Keys kept by "Clear local data" in the Browser storage full modal: what is needed to stay signed
 * in and keep one's choices. Drafts and persisted store slices (the big ones) go.
 */
export const ESSENTIAL_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.session,
  STORAGE_KEYS.appSettings,
  STORAGE_KEYS.customTheme,
  STORAGE_KEYS.version,
  STORAGE_KEYS.appIds,
  STORAGE_KEYS.botAgentMap,
  STORAGE_KEYS.onboarding,
  STORAGE_KEYS.shopify,
  STORAGE_KEYS.signupSource,
  STORAGE_KEYS.dealCode,
  STORAGE_KEYS.referrer,
  STORAGE_KEYS.usageCount,
  STORAGE_KEYS.bigCommerce,
  STORAGE_KEYS.language,
];

if (ESSENTIAL_KEYS.length !== QUOTA_MODAL_PRESERVED_KEY_COUNT) {
  throw new Error('ESSENTIAL_KEYS must list the spec count of preserved keys');
}

/** Keys that survive a logout: device choices, not user data. */
export const KEPT_ON_LOGOUT: readonly StorageKey[] = [
  STORAGE_KEYS.customTheme,
  STORAGE_KEYS.version,
  STORAGE_KEYS.language,
  STORAGE_KEYS.logoutMarker,
];
