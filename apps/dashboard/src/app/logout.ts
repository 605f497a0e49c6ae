// Logout (SPEC §4): runs once, cancels in-flight calls, tells the server (best effort), clears
// storage and the query cache, and goes to the login page. Other tabs follow through the
// `storage` event on the session key.

import { ACCOUNT_PATHS } from '@convo/api/constants';
import { MESSAGES } from '@convo/domain';
import { abortAllRequests, setUnauthorizedHandler } from './api/api-client';
import { joinUrl } from './api/api-error';
import { configStore } from './config/config-store';
import { loginUrlWithReferrer } from './routing/referrer';
import {
  dropSessionState,
  getSession,
  onSessionSaved,
  readStoredSession,
  reloadSessionFromStorage,
} from './session/session-store';
import { isSwitchingApplication } from './session/switching';
import { storage } from './storage/safe-storage';
import { KEPT_ON_LOGOUT, STORAGE_KEYS } from './storage/storage-keys';
import { unloadSupportWidget } from './support-widget/support-widget-script';

type Navigate = (to: string) => Promise<void> | void;

let navigate: Navigate = (to) => window.location.assign(to);
let loggedOut = false;
let redirecting = false;

/** True while logout is taking the browser to the login page (other redirects must wait). */
export function isLogoutRedirecting(): boolean {
  return redirecting;
}

// react-query's cache, registered by the app that made it (full-app.tsx): the sign-in page, which
// comes without react-query (issue 39), has nothing cached.
let clearCaches: () => void = () => undefined;

/** The app registers how its cached server data is dropped on logout. */
export function setLogoutCacheClear(fn: () => void): void {
  clearCaches = fn;
}

/** The router registers its navigate function, so logout does not reload the page. */
export function setLogoutNavigator(fn: Navigate): void {
  navigate = fn;
}

onSessionSaved(() => {
  loggedOut = false;
});

export interface LogoutOptions {
  /** Tell the server (false when another tab already did). */
  callServer?: boolean;
  /** Where to go afterwards: a path, or false to stay (the caller navigates). Default: the login page. */
  redirectTo?: string | false;
}

function serverLogout(token: string): void {
  const config = configStore.getState().config;
  const url = joinUrl(config?.apiBaseUrl ?? '', ACCOUNT_PATHS.logout);
  // Not through apiRequest: it must neither be cancelled nor log out again on a 401.
  fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    keepalive: true,
  }).catch(() => {
    // Best effort: the token expires on its own.
  });
}

export function logout({ callServer = true, redirectTo }: LogoutOptions = {}): void {
  // The old token of an application switch answers 401 until the new session is in place.
  if (loggedOut || isSwitchingApplication()) return;
  loggedOut = true;
  const token = getSession()?.token ?? null;
  abortAllRequests(MESSAGES.requestCanceledDueToLogout);
  if (callServer && token !== null) serverLogout(token);
  storage.clearExcept(KEPT_ON_LOGOUT);
  storage.setItem(STORAGE_KEYS.logoutMarker, String(Date.now()));
  clearCaches();
  unloadSupportWidget();
  dropSessionState();
  const target =
    redirectTo === undefined
      ? loginUrlWithReferrer(window.location.pathname, window.location.search)
      : redirectTo;
  if (target === false) return;
  redirecting = true;
  Promise.resolve(navigate(target)).finally(() => {
    redirecting = false;
  });
}

/** Wires the 401 handler and the cross-tab broadcast. Call once at start. */
export function installLogoutListeners(): void {
  setUnauthorizedHandler(() => logout());
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    const sessionKeys: (string | null)[] = [null, STORAGE_KEYS.session, STORAGE_KEYS.appSettings];
    if (!sessionKeys.includes(event.key)) return;
    // Another tab logged out (session or settings removed): log out here too.
    if (readStoredSession() === null) {
      if (getSession() !== null) logout({ callServer: false });
      return;
    }
    // Another tab signed in or refreshed the session: follow it. Another tab switched to another
    // application: start afresh, so nothing this tab holds of the old application stays on screen.
    const before = getSession()?.applicationId;
    const next = reloadSessionFromStorage();
    if (before !== undefined && next !== null && next.applicationId !== before) window.location.reload();
  });
}
