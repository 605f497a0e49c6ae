import { describe, expect, it } from 'vitest';
import { makeSession } from '../session/session.fixture';
import { landingForSession } from './use-landing';

describe('landingForSession', () => {
  it('lands the classic product on the dashboard and the agentic variant on its AI agents', () => {
    expect(landingForSession(makeSession({ roleType: '0' }), 'classic')).toBe('/dashboard');
    expect(landingForSession(makeSession({ roleType: '0', product: 'agent' }), 'agentic')).toBe(
      '/bots/manage-bots',
    );
  });

  it('lands an agent-product company on its AI agents on a classic server too', () => {
    expect(landingForSession(makeSession({ roleType: '1', product: 'agent' }), 'classic')).toBe(
      '/bots/manage-bots',
    );
    // The agent product's operator has no bots privilege: the first screen they may open.
    expect(landingForSession(makeSession({ roleType: '12', product: 'agent' }), 'classic')).toBe(
      '/conversations',
    );
  });
});
