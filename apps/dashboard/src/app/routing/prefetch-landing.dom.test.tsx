import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGIN, setUpDashboardHarness, use } from '../../testing/render';
import { makeSession } from '../session/session.fixture';
import { dropSessionState, saveSession } from '../session/session-store';
import { landingDataOrAfter, landingNamespaces, prefetchLandingData } from './prefetch-landing';

setUpDashboardHarness();

// What a cold load asks for at boot's start: the signed-in landing pages' translations (their
// chunks follow the same choice), nothing for the other pages or when signed out.
describe('landingNamespaces', () => {
  afterEach(() => dropSessionState());

  it('loads nothing extra when signed out', () => {
    expect(landingNamespaces('/dashboard')).toEqual([]);
    expect(landingNamespaces('/conversations')).toEqual([]);
  });

  it("loads the landing page's and the shell's namespaces when signed in", () => {
    saveSession(makeSession({ roleType: '1' }));
    expect(landingNamespaces('/dashboard')).toEqual(['analytics', 'applications', 'inbox']);
    expect(landingNamespaces('/dashboard/')).toEqual(['analytics', 'applications', 'inbox']);
    expect(landingNamespaces('/conversations')).toEqual(['applications', 'inbox']);
    expect(landingNamespaces('/conversations/42')).toEqual(['applications', 'inbox']);
    expect(landingNamespaces('/conversationsx')).toEqual([]);
    expect(landingNamespaces('/settings/profile')).toEqual([]);
  });
});

// Boot waits for the landing page's first answer, never longer than it says, and not at all for
// a page that has none.
describe('landingDataOrAfter', () => {
  afterEach(() => dropSessionState());

  it('resolves at once when no first query was started', async () => {
    const started = performance.now();
    await landingDataOrAfter(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('resolves after the wait at the latest when the answer does not come', async () => {
    saveSession(makeSession({ roleType: '1' }));
    use(http.post(`${ORIGIN}/messaging/rest/ws/group/support/search`, () => delay('infinite')));
    prefetchLandingData('/conversations');
    const started = performance.now();
    await landingDataOrAfter(50);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
