import { describe, expect, it } from 'vitest';
import { BLOCKED_EMAIL_DOMAINS } from '../shared';
import {
  companyDomainOf,
  domainBlockReason,
  FREQUENT_SIGNUPS,
  FREQUENT_SIGNUPS_ALLOWED,
  FREQUENT_SIGNUPS_MESSAGE,
  frequentSignupBlock,
  SIGNUP_BLOCK,
  signupBlockRefusal,
} from './signup-block';

describe('frequent sign-ups', () => {
  it('counts company domains only: shared mail providers and missing domains are not one company', () => {
    expect(companyDomainOf('Ada@Acme.Example')).toBe('acme.example');
    expect(companyDomainOf('someone@gmail.com')).toBeNull();
    expect(companyDomainOf('someone@Outlook.com')).toBeNull();
    expect(companyDomainOf('no-at-sign')).toBeNull();
  });

  it('lets the first sign-ups of a domain in the window through and blocks the next one', () => {
    expect(FREQUENT_SIGNUPS_ALLOWED).toBe(3);
    expect(frequentSignupBlock(0)).toBeNull();
    expect(frequentSignupBlock(FREQUENT_SIGNUPS_ALLOWED - 1)).toBeNull();
    expect(frequentSignupBlock(FREQUENT_SIGNUPS_ALLOWED)).toBe(SIGNUP_BLOCK.FREQUENT_SIGNUPS);
    expect(frequentSignupBlock(FREQUENT_SIGNUPS_ALLOWED + 5)).toBe(SIGNUP_BLOCK.FREQUENT_SIGNUPS);
  });

  it('refuses the API while the account has bought nothing, pointing at the billing page', () => {
    const refusal = signupBlockRefusal(SIGNUP_BLOCK.FREQUENT_SIGNUPS, 'trial');
    expect(refusal).toEqual({
      code: FREQUENT_SIGNUPS,
      message: FREQUENT_SIGNUPS_MESSAGE,
      redirect: '/settings/billing',
    });
    expect(refusal?.message).toMatch(/competitor research/);
    expect(refusal?.message).toMatch(/get in touch with us or buy a plan/);
    expect(signupBlockRefusal(SIGNUP_BLOCK.FREQUENT_SIGNUPS, 'free')?.code).toBe(FREQUENT_SIGNUPS);
    expect(signupBlockRefusal(SIGNUP_BLOCK.FREQUENT_SIGNUPS, 'starter')).toBeNull();
    expect(signupBlockRefusal(null, 'trial')).toBeNull();
    // The multiple-accounts block is the dashboard's modal only (as before).
    expect(signupBlockRefusal(SIGNUP_BLOCK.MULTIPLE_ACCOUNTS, 'free')).toBeNull();
  });
});

describe('domainBlockReason (the blocked-domain modal)', () => {
  const disposable = `someone@${BLOCKED_EMAIL_DOMAINS[0]}`;

  it('multiple accounts: a disposable domain on the free plan only, outside billing', () => {
    expect(domainBlockReason({ email: disposable, plan: 'free', path: '/dashboard' })).toBe(
      'multiple-accounts',
    );
    expect(domainBlockReason({ email: disposable, plan: 'growth', path: '/dashboard' })).toBeNull();
    expect(domainBlockReason({ email: disposable, plan: 'free', path: '/settings/billing' })).toBeNull();
    expect(
      domainBlockReason({ email: disposable, plan: 'free', path: '/settings/billing/plans' }),
    ).toBeNull();
    expect(domainBlockReason({ email: disposable, plan: 'free', path: '/settings/billing-x' })).toBe(
      'multiple-accounts',
    );
    expect(domainBlockReason({ email: 'a@example.com', plan: 'free', path: '/dashboard' })).toBeNull();
  });

  it('frequent sign-ups: on the trial or free plan, outside billing; a bought plan lifts it', () => {
    const flagged = { email: 'a@acme.example', signupBlock: 'frequent-signups', path: '/dashboard' };
    expect(domainBlockReason({ ...flagged, plan: 'trial' })).toBe('frequent-signups');
    expect(domainBlockReason({ ...flagged, plan: 'free' })).toBe('frequent-signups');
    expect(domainBlockReason({ ...flagged, plan: 'starter' })).toBeNull();
    expect(domainBlockReason({ ...flagged, plan: 'trial', path: '/settings/billing' })).toBeNull();
    expect(domainBlockReason({ ...flagged, plan: null })).toBeNull();
    // Both apply: the stored reason (this account's) wins.
    expect(domainBlockReason({ ...flagged, email: disposable, plan: 'free' })).toBe('frequent-signups');
  });
});
