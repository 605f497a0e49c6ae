import { describe, expect, it } from 'vitest';
import { LANDING_NAMESPACES, landingFor } from './landing';

// Boot and index.html's early start choose what a cold load fetches by this rule.
describe('landingFor', () => {
  it('shows the sign-in app alone on the sign-in paths when signed out', () => {
    expect(landingFor('/loginv2', false)).toBe('sign-in');
    expect(landingFor('/loginv2/sso/', false)).toBe('sign-in');
    expect(landingFor('/dashboard', false)).toBe('app');
    expect(landingFor('/conversations', false)).toBe('app');
  });

  it('prepares /dashboard and the inbox when signed in, and the whole app elsewhere', () => {
    expect(landingFor('/dashboard/', true)).toBe('dashboard');
    expect(landingFor('/conversations', true)).toBe('inbox');
    expect(landingFor('/conversations/42', true)).toBe('inbox');
    expect(landingFor('/conversationsx', true)).toBe('app');
    expect(landingFor('/loginv2', true)).toBe('app');
    expect(landingFor('/settings/profile', true)).toBe('app');
  });

  it("loads the shell's namespaces with the signed-in landings only", () => {
    expect(LANDING_NAMESPACES.dashboard).toEqual(['analytics', 'applications', 'inbox']);
    expect(LANDING_NAMESPACES.inbox).toEqual(['applications', 'inbox']);
    expect(LANDING_NAMESPACES['sign-in']).toEqual([]);
    expect(LANDING_NAMESPACES.app).toEqual([]);
  });
});
