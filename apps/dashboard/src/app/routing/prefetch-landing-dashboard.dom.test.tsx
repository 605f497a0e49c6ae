import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsKeys, fetchOverview } from '../../features/analytics/api/analytics-api';
import { requestInitialOverview } from '../../features/analytics/lib/initial-overview-request';
import { initialOverviewParams } from '../../features/analytics/lib/overview-params';
import { ORIGIN, setUpDashboardHarness, use } from '../../testing/render';
import { queryClient } from '../query-client';
import { makeSession } from '../session/session.fixture';
import { dropSessionState, saveSession } from '../session/session-store';
import { landingDataOrAfter, prefetchLandingCode, prefetchLandingData } from './prefetch-landing';

setUpDashboardHarness();

// A file of its own: the landing's first request is sent once per page load (module state).
const figures = {
  newConversations: 3,
  openConversations: 2,
  resolvedConversations: 1,
  avgFirstResponseSeconds: null,
  avgResolutionSeconds: null,
};

function answerOverviews(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  use(
    http.get(`${ORIGIN}/api/api/analytics/overview`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const overview = {
        from: Number(query.get('from')),
        to: Number(query.get('to')),
        timeZone: query.get('timeZone'),
        current: figures,
        previous: figures,
        change: {},
        series: [],
        channels: [],
      };
      return HttpResponse.json({ code: 'SUCCESS', data: overview });
    }),
  );
  return asked;
}

describe("/dashboard's first overview at boot", () => {
  afterEach(() => dropSessionState());

  it("is the request the page's own call makes, which takes its answer", async () => {
    saveSession(makeSession({ roleType: '1' }));
    const asked = answerOverviews();
    const now = Date.now();
    requestInitialOverview(now);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    const params = initialOverviewParams(now);
    expect(Object.fromEntries(asked[0] as URLSearchParams)).toEqual({
      from: String(params.from),
      to: String(params.to),
      timeZone: params.timeZone,
      granularity: 'day',
      audience: 'all',
    });
    await expect(fetchOverview(params)).resolves.toMatchObject({ current: { newConversations: 3 } });
    expect(asked).toHaveLength(1);
  });

  it('leaves once the config is in, and the prefetched query takes its answer: one request', async () => {
    saveSession(makeSession({ roleType: '1' }));
    const asked = answerOverviews();
    // As boot: the request's code at its start, the request and the page's query with the config.
    prefetchLandingCode('/dashboard');
    prefetchLandingData('/dashboard');
    await landingDataOrAfter(5_000);

    expect(asked).toHaveLength(1);
    const params = initialOverviewParams(Date.now());
    expect(queryClient.getQueryData(analyticsKeys.overview(params))).toMatchObject({
      current: { newConversations: 3 },
    });
  });
});
