import { describe, expect, it } from 'vitest';
import { billingRedirect } from './billing-redirect';

describe('billingRedirect (SPEC §4)', () => {
  it('sends an expired trial to /trial-expired, except billing and its own screen', () => {
    expect(billingRedirect('trial-expired', '/conversations', '/dashboard')).toBe('/trial-expired');
    expect(billingRedirect('trial-expired', '/trial-expired', '/dashboard')).toBeNull();
    expect(billingRedirect('trial-expired', '/settings/billing', '/dashboard')).toBeNull();
  });

  it('sends a suspended account to /account-suspended, a churned one to billing', () => {
    expect(billingRedirect('suspended', '/users', '/dashboard')).toBe('/account-suspended');
    expect(billingRedirect('churned', '/users', '/dashboard')).toBe('/settings/billing');
    expect(billingRedirect('plan-ended', '/settings/billing/', '/dashboard')).toBeNull();
  });

  it('lets an account in order stay, and sends its stale state screens to the landing page', () => {
    expect(billingRedirect('active', '/conversations', '/dashboard')).toBeNull();
    expect(billingRedirect('trial', '/settings/webhooks', '/dashboard')).toBeNull();
    expect(billingRedirect('active', '/trial-expired', '/conversations')).toBe('/conversations');
    expect(billingRedirect('trial', '/account-suspended', '/dashboard')).toBe('/dashboard');
  });
});
