import { afterEach, describe, expect, it } from 'vitest';
import { makeSession } from '../session/session.fixture';
import { dropSessionState, saveSession } from '../session/session-store';
import { landingNamespaces } from './prefetch-landing';

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
