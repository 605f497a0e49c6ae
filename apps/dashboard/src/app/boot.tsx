import type { ClientConfig } from '@convo/api';
import { MESSAGES, parseThemeColour } from '@convo/domain';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { i18next, initI18n } from '../i18n/i18n';
import { pickLanguage } from '../i18n/languages';
import { startConfigRefresh } from './config/config-refresh';
import { loadConfig } from './config/config-store';
import { notifyNewerVersion } from './routing/lazy-page';
import {
  landingDataOrAfter,
  landingNamespaces,
  prefetchLandingChunks,
  prefetchLandingCode,
  prefetchLandingData,
} from './routing/prefetch-landing';
import { getSession } from './session/session-store';
import { ShellProviders } from './shell-providers';
import { isSignInPath } from './sign-in/sign-in-app-path';
import { storage } from './storage/safe-storage';
import { STORAGE_KEYS } from './storage/storage-keys';
import { themeColourFromSearch } from './theme/palette';

/** A primaryTheme URL parameter (3 or 6 hex digits) is stored; anything else is ignored. */
function readCustomTheme(): string | null {
  const fromUrl = themeColourFromSearch(window.location.search);
  if (fromUrl !== null) storage.setItem(STORAGE_KEYS.customTheme, fromUrl);
  if (fromUrl !== null) return fromUrl;
  const stored = storage.getItem(STORAGE_KEYS.customTheme);
  return stored === null ? null : parseThemeColour(stored);
}

type BootState =
  | { phase: 'loading'; config: ClientConfig | null }
  | { phase: 'failed' }
  | { phase: 'ready'; config: ClientConfig; app: ComponentType<AppProps> };

interface AppProps {
  /** The sign-in app's hand-over to the whole app (the URL has already changed). */
  onLeave: () => void;
}

// What boot renders once ready: a cold sign-in page (no session) alone, without the router and
// react-query (issue 39: /loginv2 ≤ 120 KB on the wire); anything else, the whole app. Each is
// its own chunk, asked for beside the config and the translations.
const loadSignInApp = (): Promise<ComponentType<AppProps>> =>
  import('./sign-in/sign-in-app').then((m) => m.SignInApp);
const loadFullApp = (): Promise<ComponentType<AppProps>> => import('./full-app').then((m) => m.FullApp);

function loadApp(): Promise<ComponentType<AppProps>> {
  return isSignInPath(window.location.pathname) && getSession() === null ? loadSignInApp() : loadFullApp();
}

/** How long boot waits, once the page's code is in, for the landing page's first answer. */
const FIRST_DATA_WAIT_MS = 300;

let i18nStarted: Promise<void> | null = null;

function startI18n(): Promise<void> {
  if (i18nStarted === null) {
    const language = pickLanguage(window.location.search, storage.getItem(STORAGE_KEYS.language));
    if (new URLSearchParams(window.location.search).has('lng'))
      storage.setItem(STORAGE_KEYS.language, language);
    i18nStarted = initI18n(language, landingNamespaces(window.location.pathname));
  }
  return i18nStarted;
}

interface Started {
  config: Promise<ClientConfig>;
  ready: Promise<{ config: ClientConfig; app: ComponentType<AppProps> }>;
}

/**
 * Sends what boot waits for: the config (then the landing page's first query), the translations,
 * the app's and the landing page's chunks. Ready once all are in and the landing page's first
 * answer has come (or FIRST_DATA_WAIT_MS later).
 */
function begin(signal?: AbortSignal): Started {
  prefetchLandingCode(window.location.pathname);
  const config = loadConfig(signal).then((loaded) => {
    if (!signal?.aborted) prefetchLandingData(window.location.pathname);
    return loaded;
  });
  const i18n = startI18n();
  // After the config's and the translations' requests: those come first on the few connections.
  // Waited for too (they load side by side): the first render then shows the landing page whole,
  // where a page still loading would show a loader and then reveal it late (see lazy-page.tsx).
  const app = loadApp();
  const chunks = prefetchLandingChunks(window.location.pathname);
  const ready = Promise.all([config, app, i18n, chunks]).then(async ([loaded, appComponent]) => {
    await landingDataOrAfter(FIRST_DATA_WAIT_MS);
    return { config: loaded, app: appComponent };
  });
  // Boot subscribes once it has mounted: a failure before then is its to report, not unhandled.
  config.catch(() => undefined);
  ready.catch(() => undefined);
  return { config, ready };
}

let started: Started | null = null;

/**
 * Called by main.tsx as the boot chunk runs, before the first render: boot's requests no longer
 * wait for that render and its effects (issue 39: the inbox's first page went out ~100 ms later).
 */
export function startBoot(): void {
  started ??= begin();
}

/** Shows the loading animation until the run-time config and the translations are loaded. */
export function Boot() {
  const [state, setState] = useState<BootState>({ phase: 'loading', config: null });
  const [customPrimary] = useState(readCustomTheme);

  const start = useCallback((signal: AbortSignal) => {
    setState({ phase: 'loading', config: null });
    // The first mount takes what main.tsx started; a retry starts again.
    const run = started ?? begin(signal);
    started = null;
    run.config.then(
      (config) => {
        if (!signal.aborted) setState({ phase: 'loading', config });
      },
      () => undefined,
    );
    run.ready.then(
      ({ config, app }) => {
        if (signal.aborted) return;
        setState({ phase: 'ready', config, app });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        console.error('Boot failed: run-time config unavailable', error);
        setState({ phase: 'failed' });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal);
    return () => controller.abort();
  }, [start]);

  // The flags are read again every 300 s once booted; a new release on the server asks for a refresh.
  const bootedVersion = state.phase === 'ready' ? state.config.version : null;
  useEffect(
    () => (bootedVersion === null ? undefined : startConfigRefresh(bootedVersion, notifyNewerVersion)),
    [bootedVersion],
  );

  // The sign-in app was left (signed in, or a link): the whole app takes over at the new URL.
  const leave = useCallback(() => {
    setState((current) =>
      current.phase === 'ready' ? { phase: 'loading', config: current.config } : current,
    );
    loadFullApp().then(
      (app) =>
        setState((current) =>
          current.phase === 'loading' && current.config !== null
            ? { phase: 'ready', config: current.config, app }
            : current,
        ),
      (error: unknown) => {
        console.error('Boot failed: the app did not load', error);
        setState({ phase: 'failed' });
      },
    );
  }, []);

  if (state.phase === 'failed') {
    return <BootFailed onRetry={() => start(new AbortController().signal)} />;
  }
  if (state.phase === 'loading') {
    const label = i18next.isInitialized ? i18next.t('common.loading') : undefined;
    return (
      <LoadingScreen variant={state.config?.variant ?? null} {...(label === undefined ? {} : { label })} />
    );
  }
  return (
    <ShellProviders config={state.config} customPrimary={customPrimary}>
      <state.app onLeave={leave} />
    </ShellProviders>
  );
}

/** The config did not load: no theme, so plain markup; the text is translated when possible. */
function BootFailed({ onRetry }: { onRetry: () => void }) {
  const t = (key: 'messages.genericRetry' | 'common.retry', fallback: string) =>
    i18next.isInitialized ? i18next.t(key) : fallback;
  return (
    <div className="convo-boot convo-boot--neutral" role="alert">
      <p style={{ fontSize: 18, margin: 0 }}>{t('messages.genericRetry', MESSAGES.genericRetry)}</p>
      <button
        type="button"
        onClick={onRetry}
        style={{ padding: '8px 16px', fontSize: 15, cursor: 'pointer' }}
      >
        {t('common.retry', 'Retry')}
      </button>
    </div>
  );
}
