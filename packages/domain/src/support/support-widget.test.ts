import { describe, expect, it } from 'vitest';
import { type SupportWidgetInput, shouldLoadSupportWidget } from './support-widget';

const base: SupportWidgetInput = {
  supportAppId: 'support-app',
  applicationId: 'customer-app',
  roleType: '0',
  companySetting: {},
  plan: 'trial',
  userIndustryRole: 'founder',
  path: '/conversations',
};
const load = (change: Partial<SupportWidgetInput>) => shouldLoadSupportWidget({ ...base, ...change });

describe('shouldLoadSupportWidget (SPEC §6)', () => {
  it('loads for an admin of a customer application on an ordinary page', () => {
    expect(load({})).toBe(true);
  });

  it('needs a configured support application', () => {
    expect(load({ supportAppId: null })).toBe(false);
    expect(load({ supportAppId: '' })).toBe(false);
  });

  it('never loads inside the support application itself', () => {
    expect(load({ applicationId: 'support-app' })).toBe(false);
  });

  it('needs the third-party-scripts privilege', () => {
    expect(load({ roleType: '12' })).toBe(false);
    // A company override listing the key for admins only takes it from the super admin.
    expect(load({ companySetting: { rolesAndPermissions: { 'third-party-scripts': ['1'] } } })).toBe(false);
    expect(
      load({ roleType: '1', companySetting: { rolesAndPermissions: { 'third-party-scripts': ['1'] } } }),
    ).toBe(true);
  });

  it('respects the company setting that disables it', () => {
    expect(load({ companySetting: { disableSupportWidget: true } })).toBe(false);
    expect(load({ companySetting: { disableSupportWidget: false } })).toBe(true);
    expect(load({ companySetting: null })).toBe(true);
  });

  it('excludes a student on the free plan only', () => {
    expect(load({ userIndustryRole: 'student', plan: 'free' })).toBe(false);
    expect(load({ userIndustryRole: 'student', plan: 'trial' })).toBe(true);
    expect(load({ userIndustryRole: 'founder', plan: 'free' })).toBe(true);
  });

  it.each(['/signup', '/signup/step-2', '/dialogflow/callback', '/password/update'])('not on %s', (path) => {
    expect(load({ path })).toBe(false);
  });
});
