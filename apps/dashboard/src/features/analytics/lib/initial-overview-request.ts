import { ANALYTICS_PATHS } from '@convo/api/analytics/constants';
import { requestEarly } from '../../../app/api/api-client';
import { initialOverviewParams } from './overview-params';

// Sent by boot as soon as the config is in, from a chunk of its own that index.html's early start
// preloads with /dashboard's (vite.config.ts, route-dashboard-request): the page's chunks, which
// hold fetchOverview and its schema, take several hundred ms more to come and run (issue 39 item
// 2). fetchOverview's call for the same parameters takes this answer (api-client's requestEarly).
// Its first Intl call (the browser's time zone, some 40-90 ms in Chromium) also runs here, while
// the page's chunks are still on their way.

export function requestInitialOverview(now = Date.now()): void {
  requestEarly(ANALYTICS_PATHS.overview, { query: { ...initialOverviewParams(now) } });
}
