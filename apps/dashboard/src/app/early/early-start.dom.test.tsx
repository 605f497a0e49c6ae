import { ACCOUNT_PATHS } from '@convo/api/constants';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { localesUrl } from '../../i18n/languages';
import { CONFIG, ORIGIN, SESSION, setUpDashboardHarness, use } from '../../testing/render';
import { loadConfig } from '../config/config-store';
import { saveSession } from '../session/session-store';
import { startEarly, takeEarly } from './early-responses';
import type { EarlyFiles } from './early-start';

setUpDashboardHarness();

function countConfigRequests(): { count: number } {
  const seen = { count: 0 };
  use(
    http.get(`${ORIGIN}${ACCOUNT_PATHS.config}`, () => {
      seen.count += 1;
      return HttpResponse.json(CONFIG);
    }),
  );
  return seen;
}

describe('early requests', () => {
  afterEach(() => window.__convoEarly?.clear());

  it("are taken once: boot's first config load uses the early answer, a retry asks again", async () => {
    const seen = countConfigRequests();
    startEarly(ACCOUNT_PATHS.config, { headers: { Accept: 'application/json' } });
    expect((await loadConfig()).version).toBe(CONFIG.version);
    expect(seen.count).toBe(1);
    expect(takeEarly(ACCOUNT_PATHS.config)).toBeUndefined();
    await loadConfig();
    expect(seen.count).toBe(2);
  });

  it('leave a failed early request to the taker, who reports it', async () => {
    use(http.get(`${ORIGIN}${ACCOUNT_PATHS.config}`, () => HttpResponse.error()));
    startEarly(ACCOUNT_PATHS.config);
    await expect(loadConfig()).rejects.toThrow();
  });
});

// The script index.html runs (built on its own and inlined: vite.config.ts, earlyStart).
describe('the early start', () => {
  const files: Record<string, EarlyFiles> = {
    'sign-in': { scripts: ['/assets/route-sign-in.js'], styles: [] },
    app: { scripts: ['/assets/route-app.js'], styles: [] },
    dashboard: {
      scripts: ['/assets/route-app.js', '/assets/route-dashboard.js'],
      styles: ['/assets/mantine-pages.css'],
    },
    inbox: { scripts: ['/assets/route-inbox.js'], styles: [] },
  };

  it("asks for the config, the landing's translations and its files as the page is parsed", async () => {
    countConfigRequests();
    saveSession(SESSION);
    window.history.pushState({}, '', '/dashboard?lng=fr');
    Object.assign(globalThis, { __EARLY_FILES__: files });
    await import('./early-start');

    const early = [...(window.__convoEarly?.keys() ?? [])];
    expect(early).toContain(ACCOUNT_PATHS.config);
    // The chosen language and English, its fallback, each with the dashboard's namespaces.
    for (const lng of ['fr', 'en'])
      for (const ns of ['translation', 'analytics', 'applications', 'inbox'])
        expect(early).toContain(localesUrl(lng, ns));
    expect(early).toHaveLength(9);

    const links = [...document.head.querySelectorAll('link')];
    const modules = links.filter((l) => l.rel === 'modulepreload').map((l) => l.getAttribute('href'));
    expect(modules).toEqual(files.dashboard?.scripts);
    const styles = links.filter((l) => l.rel === 'preload');
    expect(styles.map((l) => [l.getAttribute('href'), l.as, l.crossOrigin])).toEqual([
      ['/assets/mantine-pages.css', 'style', ''],
    ]);
    for (const url of early) await takeEarly(url);
    window.history.pushState({}, '', '/');
  });
});
