import { describe, expect, it } from 'vitest';
import { type DefaultViewInput, decideDefaultView, landingPath } from './default-view';

const signedIn = (overrides: Partial<DefaultViewInput> = {}): DefaultViewInput => ({
  session: { email: 'ada@example.com', plan: 'trial' },
  pathname: '/dashboard',
  search: '',
  onboardingGetStarted: false,
  hasStoredReferrer: false,
  landingPath: '/dashboard',
  ...overrides,
});

describe('decideDefaultView, signed in', () => {
  it('(1) blocks a blocked domain on the free plan', () => {
    const input = signedIn({ session: { email: 'x@mailinator.com', plan: 'free' } });
    expect(decideDefaultView(input)).toEqual({ kind: 'domain-blocked', reason: 'multiple-accounts' });
  });

  it('(1) does not block on the billing pages, nor on paid plans', () => {
    const blocked = { email: 'x@mailinator.com', plan: 'free' };
    expect(decideDefaultView(signedIn({ session: blocked, pathname: '/settings/billing' })).kind).toBe(
      'container',
    );
    expect(decideDefaultView(signedIn({ session: blocked, pathname: '/settings/billing/' })).kind).toBe(
      'container',
    );
    const paid = { email: 'x@mailinator.com', plan: 'pro' };
    expect(decideDefaultView(signedIn({ session: paid })).kind).toBe('container');
  });

  it('(1) blocks an account stored as a frequent sign-up while on the trial, not once it bought a plan', () => {
    const flagged = { email: 'ada@acme.example', plan: 'trial', signupBlock: 'frequent-signups' };
    expect(decideDefaultView(signedIn({ session: flagged }))).toEqual({
      kind: 'domain-blocked',
      reason: 'frequent-signups',
    });
    expect(decideDefaultView(signedIn({ session: flagged, pathname: '/settings/billing' })).kind).toBe(
      'container',
    );
    expect(decideDefaultView(signedIn({ session: { ...flagged, plan: 'starter' } })).kind).toBe('container');
  });

  it('(1) comes before onboarding', () => {
    const input = signedIn({
      session: { email: 'x@mailinator.com', plan: 'free' },
      onboardingGetStarted: true,
    });
    expect(decideDefaultView(input).kind).toBe('domain-blocked');
  });

  it('(2) sends getStarted onboarding to /startingup, keeping the query only with a stored referrer', () => {
    const base = signedIn({ onboardingGetStarted: true, search: '?a=1' });
    expect(decideDefaultView(base)).toEqual({ kind: 'redirect', to: '/startingup' });
    expect(decideDefaultView({ ...base, hasStoredReferrer: true })).toEqual({
      kind: 'redirect',
      to: '/startingup?a=1',
    });
  });

  it('(2) does not loop on /startingup itself', () => {
    expect(decideDefaultView(signedIn({ onboardingGetStarted: true, pathname: '/startingup' })).kind).toBe(
      'container',
    );
  });

  it('(3) redirects exactly / to the landing page, else shows the container', () => {
    expect(decideDefaultView(signedIn({ pathname: '/', landingPath: '/help' }))).toEqual({
      kind: 'redirect',
      to: '/help',
    });
    expect(decideDefaultView(signedIn({ pathname: '/users' }))).toEqual({ kind: 'container' });
    expect(decideDefaultView(signedIn({ pathname: '/no-such-page' }))).toEqual({ kind: 'container' });
  });
});

describe('decideDefaultView, signed out', () => {
  const signedOut = (pathname: string, search = ''): DefaultViewInput =>
    signedIn({ session: null, pathname, search });

  it('(4) logs out and sends a non-public route to login with a referrer', () => {
    expect(decideDefaultView(signedOut('/dashboard', '?x=1'))).toEqual({
      kind: 'login',
      to: '/loginv2?referrer=%2Fdashboard%3Fx%3D1',
      logout: true,
    });
  });

  it('(4) sends the root to login without logging out (it is public)', () => {
    expect(decideDefaultView(signedOut('/'))).toEqual({ kind: 'login', to: '/loginv2', logout: false });
  });

  it('treats public routes, trailing slash ignored, as public', () => {
    expect(decideDefaultView(signedOut('/startingup')).kind).toBe('public');
    expect(decideDefaultView(signedOut('/startingup/')).kind).toBe('public');
    expect(decideDefaultView(signedOut('/404')).kind).toBe('public');
  });
});

describe('landingPath', () => {
  const built = ['/dashboard', '/help'];

  it('uses the preferred landing when built and allowed', () => {
    expect(landingPath({ preferred: '/dashboard', built, canAccess: () => true })).toBe('/dashboard');
  });

  it('falls back to the first accessible built route when the preferred screen does not exist yet', () => {
    expect(landingPath({ preferred: '/bots/manage-bots', built, canAccess: () => true })).toBe('/dashboard');
  });

  it('skips routes the user may not open', () => {
    const canAccess = (path: string) => path !== '/dashboard';
    expect(landingPath({ preferred: '/dashboard', built, canAccess })).toBe('/help');
  });
});
