import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ORIGIN, SESSION, setUpDashboardHarness, use } from '../../testing/render';
import { saveSession } from '../session/session-store';
import { apiRequest, requestEarly } from './api-client';

setUpDashboardHarness();

const schema = z.object({ code: z.string(), data: z.object({ n: z.number() }) });

/** Answers POST /api/things with a count of the calls so far; returns the bodies received. */
function serve(status = 200) {
  const bodies: unknown[] = [];
  use(
    http.post(`${ORIGIN}/api/api/things`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(
        status === 200 ? { code: 'SUCCESS', data: { n: bodies.length } } : { code: 'FORBIDDEN' },
        { status },
      );
    }),
  );
  return bodies;
}

describe('requestEarly', () => {
  it('hands its answer to the same call made later, which then asks nothing', async () => {
    saveSession(SESSION);
    const bodies = serve();
    requestEarly('/api/things', { method: 'POST', body: { page: 0 } });
    const answer = await apiRequest('/api/things', { method: 'POST', body: { page: 0 }, schema });
    expect(answer.data.n).toBe(1);
    expect(bodies).toHaveLength(1);
    // Taken once: the next same call asks again.
    const again = await apiRequest('/api/things', { method: 'POST', body: { page: 0 }, schema });
    expect(again.data.n).toBe(2);
  });

  it('is not taken by a call with another body', async () => {
    saveSession(SESSION);
    const bodies = serve();
    requestEarly('/api/things', { method: 'POST', body: { page: 0 } });
    await apiRequest('/api/things', { method: 'POST', body: { page: 1 }, schema });
    expect(bodies).toEqual(expect.arrayContaining([{ page: 0 }, { page: 1 }]));
    expect(bodies).toHaveLength(2);
  });

  it("gives the later call the early answer's error", async () => {
    saveSession(SESSION);
    serve(403);
    requestEarly('/api/things', { method: 'POST', body: { page: 0 } });
    await expect(
      apiRequest('/api/things', { method: 'POST', body: { page: 0 }, schema }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});
