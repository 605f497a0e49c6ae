// Inlined in index.html by the build (vite.config.ts, earlyStart) and run as the page is parsed,
// before the boot chunk has come: the run-time config, the translations and the landing page's
// chunks are otherwise asked for only once the boot chunk has been fetched and run, one round trip
// after another (issue 39: /dashboard interactive and /conversations' first row under 1 s). The
// app takes the responses (early-responses.ts); the browser's module map takes the chunks. It is
// only a head start: on any failure the app asks again itself.

import { CONFIG_PATH } from '@convo/api/constants';
import { DEFAULT_LANGUAGE } from '@convo/domain';
import { localesUrl, pickLanguage } from '../../i18n/languages';
import { LANDING_NAMESPACES, type Landing, landingFor } from '../routing/landing';
import { LANGUAGE_KEY, SESSION_KEY } from '../storage/storage-keys';
import { startEarly } from './early-responses';

/** What each landing loads beyond index.html: written in by the build, paths from the site's root. */
export interface EarlyFiles {
  scripts: string[];
  styles: string[];
}
declare const __EARLY_FILES__: Record<Landing, EarlyFiles>;

function preload(rel: 'modulepreload' | 'preload', href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (rel === 'preload') {
    link.as = 'style';
    // As the app's own <link rel="stylesheet"> asks (Vite's preload): otherwise fetched twice.
    link.crossOrigin = '';
  }
  document.head.appendChild(link);
}

try {
  const signedIn = localStorage.getItem(SESSION_KEY) !== null;
  const landing = landingFor(window.location.pathname, signedIn);
  startEarly(CONFIG_PATH, { headers: { Accept: 'application/json' } });
  const language = pickLanguage(window.location.search, localStorage.getItem(LANGUAGE_KEY));
  const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  for (const lng of languages)
    for (const namespace of ['translation', ...LANDING_NAMESPACES[landing]])
      startEarly(localesUrl(lng, namespace));
  const files = __EARLY_FILES__[landing];
  for (const href of files.scripts) preload('modulepreload', href);
  for (const href of files.styles) preload('preload', href);
} catch {
  // Storage refused, or an old browser: the app loads everything itself.
}
