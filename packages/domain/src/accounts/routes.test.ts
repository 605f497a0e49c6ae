import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANDING,
  firstAccessibleRoute,
  isBillingPath,
  isNotificationAreaHidden,
  isPublicRoute,
  isSupportWidgetPathAllowed,
  PUBLIC_ROUTES,
} from './routes';

describe('isPublicRoute', () => {
  it('knows every public route of the spec', () => {
    for (const route of [
      '/',
      '/loginv2',
      '/loginv2/sso',
      '/login',
      '/login/sso',
      '/dialogflow-callback',
      '/email/update',
      '/email/validate',
      '/subscribe',
      '/unsubscribe',
      '/signup',
      '/signupV2',
      '/help',
      '/setUpPage',
      '/installation',
      '/404',
      '/password/update',
      '/apps',
      '/bigcommerce',
      '/startingup',
      '/getstarted',
      '/live-agent',
      '/2fa/setup',
      '/document-preview',
      '/dev/mailbox',
      '/password/reset',
    ]) {
      expect(isPublicRoute(route)).toBe(true);
    }
    expect(PUBLIC_ROUTES).toHaveLength(26);
  });

  it('ignores a trailing slash and query', () => {
    expect(isPublicRoute('/signup/')).toBe(true);
    expect(isPublicRoute('/loginv2/sso/')).toBe(true);
    expect(isPublicRoute('/signup?invite=abc')).toBe(true);
  });

  it('takes the {token} route as /t/<one url-safe segment>', () => {
    expect(isPublicRoute('/t/AbC_12-x')).toBe(true);
    expect(isPublicRoute('/t/AbC_12-x/')).toBe(true);
    expect(isPublicRoute('/t/')).toBe(false);
    expect(isPublicRoute('/t/a/b')).toBe(false);
    expect(isPublicRoute('/t/a.b')).toBe(false);
  });

  it('rejects authenticated routes and sub-paths', () => {
    expect(isPublicRoute('/dashboard')).toBe(false);
    expect(isPublicRoute('/settings/profile')).toBe(false);
    expect(isPublicRoute('/signup/extra')).toBe(false);
    expect(isPublicRoute('/SIGNUP')).toBe(false);
  });
});

describe('landing', () => {
  it('defaults per variant', () => {
    expect(DEFAULT_LANDING).toEqual({ classic: '/dashboard', agentic: '/bots/manage-bots' });
    expect(firstAccessibleRoute({ variant: 'classic', roleType: '0' })).toBe('/dashboard');
    expect(firstAccessibleRoute({ variant: 'agentic', roleType: '0' })).toBe('/bots/manage-bots');
    expect(firstAccessibleRoute({ variant: 'classic', roleType: null })).toBe('/dashboard');
  });

  it('skips pages the role cannot open', () => {
    expect(firstAccessibleRoute({ variant: 'agentic', roleType: '12' })).toBe('/conversations');
    const noDashboard = { rolesAndPermissions: { dashboard: ['0'] } };
    expect(firstAccessibleRoute({ variant: 'classic', roleType: '2', companySetting: noDashboard })).toBe(
      '/conversations',
    );
  });

  it('falls back to the default when nothing fits', () => {
    const locked = { rolesAndPermissions: { conversations: [], 'settings.profile': [] } };
    expect(firstAccessibleRoute({ variant: 'agentic', roleType: '12', companySetting: locked })).toBe(
      '/bots/manage-bots',
    );
  });
});

describe('path rules', () => {
  it('notification area hidden on subscribe, unsubscribe, agenticfirst and live-agent', () => {
    expect(isNotificationAreaHidden('/subscribe')).toBe(true);
    expect(isNotificationAreaHidden('/unsubscribe/abc')).toBe(true);
    expect(isNotificationAreaHidden('/signup/agenticfirst')).toBe(true);
    expect(isNotificationAreaHidden('/live-agent')).toBe(true);
    expect(isNotificationAreaHidden('/dashboard')).toBe(false);
  });

  it('support widget excluded on signup, dialogflow callback and password update', () => {
    expect(isSupportWidgetPathAllowed('/dashboard')).toBe(true);
    expect(isSupportWidgetPathAllowed('/signupV2')).toBe(false);
    expect(isSupportWidgetPathAllowed('/dialogflow/callback')).toBe(false);
    expect(isSupportWidgetPathAllowed('/password/update')).toBe(false);
  });

  it('billing paths', () => {
    expect(isBillingPath('/settings/billing/')).toBe(true);
    expect(isBillingPath('/settings/billing/plans')).toBe(true);
    expect(isBillingPath('/settings/billing-x')).toBe(false);
  });
});
