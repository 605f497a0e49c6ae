import { describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY_PRIVILEGES,
  AGENT_PRODUCT_SETTINGS,
  allowedPrivileges,
  canAccessPath,
  isAllowed,
  isPrivilegeKey,
  PRIVILEGE_KEYS,
  PRODUCTS,
  type PrivilegeKey,
  privilegeForPath,
  privilegeReadsCompanySetting,
  ROLE_PRIVILEGES,
  ROUTE_PRIVILEGES,
} from './permissions';
import { ROLE_TYPES, type RoleType } from './roles';

const sorted = (keys: Iterable<PrivilegeKey>) => [...keys].sort();

describe('PRIVILEGE_KEYS', () => {
  it('has no duplicates and includes the spec keys', () => {
    expect(new Set(PRIVILEGE_KEYS).size).toBe(PRIVILEGE_KEYS.length);
    for (const key of [
      'conversation.delete',
      'dashboard.answer-feedback-analytics',
      'helpcenter.answer-bot',
      'billing-delete-option',
      'settings.2fa',
      'settings.notification-preferences',
      'settings.pseudonym',
      'settings.conversation-preferences',
    ]) {
      expect(isPrivilegeKey(key)).toBe(true);
    }
    expect(isPrivilegeKey('settings.nope')).toBe(false);
  });

  it('every matrix entry is a known key', () => {
    for (const product of PRODUCTS) {
      for (const role of ROLE_TYPES) {
        for (const key of ROLE_PRIVILEGES[product][role]) expect(isPrivilegeKey(key)).toBe(true);
      }
    }
  });
});

describe('classic product matrix', () => {
  it('super admin has everything', () => {
    for (const key of PRIVILEGE_KEYS) expect(isAllowed(key, '0')).toBe(true);
  });

  it('admin has everything but settings.2fa', () => {
    expect(isAllowed('settings.2fa', '1')).toBe(false);
    expect(sorted(allowedPrivileges('1'))).toEqual(
      sorted(PRIVILEGE_KEYS.filter((k) => k !== 'settings.2fa')),
    );
  });

  it('delete options, roles-and-permissions and sso are for roles 0 and 1 only', () => {
    expect(ADMIN_ONLY_PRIVILEGES).toEqual(
      expect.arrayContaining([
        'conversation.delete',
        'users.delete-option',
        'billing-delete-option',
        'settings.roles-and-permissions',
        'settings.sso',
      ]),
    );
    for (const key of ADMIN_ONLY_PRIVILEGES) {
      for (const role of ROLE_TYPES) {
        expect(isAllowed(key, role)).toBe(role === '0' || role === '1');
      }
    }
  });

  it('agent lacks the admin-only keys, intent insights and facebook save button', () => {
    for (const key of [
      'conversation.delete',
      'settings.roles-and-permissions',
      'settings.sso',
      'users.delete-option',
      'intent-insights',
      'facebook-save-button',
    ] as const) {
      expect(isAllowed(key, '2')).toBe(false);
    }
    expect(isAllowed('conversations', '2')).toBe(true);
    expect(isAllowed('settings.business-hours', '2')).toBe(true);
    expect(isAllowed('settings.2fa', '2')).toBe(false);
  });

  it('bot is narrower than agent and lacks business hours and quick links', () => {
    const agent = allowedPrivileges('2');
    const bot = allowedPrivileges('3');
    for (const key of bot) expect(agent.has(key)).toBe(true);
    expect(bot.size).toBeLessThan(agent.size);
    expect(isAllowed('settings.business-hours', '3')).toBe(false);
    expect(isAllowed('settings.quick-links', '3')).toBe(false);
    expect(isAllowed('conversations', '3')).toBe(true);
  });

  it('developer is agent plus integration settings, without campaign and sso', () => {
    expect(isAllowed('settings.webhooks', '11')).toBe(true);
    expect(isAllowed('settings.install', '11')).toBe(true);
    expect(isAllowed('integrations', '11')).toBe(true);
    expect(isAllowed('campaign-message', '11')).toBe(false);
    expect(isAllowed('settings.sso', '11')).toBe(false);
    expect(isAllowed('campaign-message', '2')).toBe(true);
    const expected = sorted([...allowedPrivileges('2')].filter((k) => k !== 'campaign-message'));
    expect(sorted(allowedPrivileges('11'))).toEqual(expected);
  });

  it('operator sees only its list', () => {
    expect(sorted(allowedPrivileges('12'))).toEqual(
      sorted([
        'components',
        'conversations',
        'dashboard',
        'message-logs',
        'settings.profile',
        'insert-options',
        'settings.email-notifications',
        'settings.agent-assignment',
        'conversation-notes',
        'metabase-dashboard',
        'policies',
      ]),
    );
    expect(isAllowed('users', '12')).toBe(false);
    expect(isAllowed('third-party-scripts', '12')).toBe(false);
  });
});

describe('agent product matrix', () => {
  const allowed = (key: PrivilegeKey, role: RoleType) => isAllowed(key, role, null, 'agent');

  it('roles 0-3 and 11 get bots, configuration, conversations, integrations and the reduced settings', () => {
    for (const role of ['0', '1', '2', '3', '11'] as const) {
      for (const key of ['bots', 'configuration', 'conversations', 'integrations'] as const) {
        expect(allowed(key, role)).toBe(true);
      }
      for (const key of AGENT_PRODUCT_SETTINGS) {
        expect(allowed(key, role)).toBe(key !== 'settings.sso' || role === '0' || role === '1');
      }
      expect(allowed('dashboard', role)).toBe(false);
      expect(allowed('campaign-message', role)).toBe(false);
      expect(allowed('settings.billing', role)).toBe(false);
    }
  });

  it('2fa only for super admin', () => {
    for (const role of ROLE_TYPES) expect(allowed('settings.2fa', role)).toBe(role === '0');
  });

  it('delete, facebook save and sso only for roles 0 and 1', () => {
    for (const key of [
      'conversation.delete',
      'users.delete-option',
      'facebook-save-button',
      'settings.sso',
    ] as const) {
      for (const role of ROLE_TYPES) expect(allowed(key, role)).toBe(role === '0' || role === '1');
    }
  });

  it('operator only gets conversations, profile, notes and insert options', () => {
    expect(sorted(allowedPrivileges('12', null, 'agent'))).toEqual(
      sorted(['conversations', 'settings.profile', 'conversation-notes', 'insert-options']),
    );
  });
});

describe('isAllowed rules', () => {
  it('no role type has full access', () => {
    for (const key of PRIVILEGE_KEYS) {
      expect(isAllowed(key, null)).toBe(true);
      expect(isAllowed(key, undefined, { rolesAndPermissions: { [key]: ['0'] } }, 'agent')).toBe(true);
    }
  });

  it('only a role reads the company setting: a guard may skip it for end users', () => {
    expect(privilegeReadsCompanySetting(null)).toBe(false);
    expect(privilegeReadsCompanySetting(undefined)).toBe(false);
    for (const role of ROLE_TYPES) expect(privilegeReadsCompanySetting(role)).toBe(true);
    // Whatever the company lists, an end user's answer is the same, so not reading it is safe.
    for (const key of PRIVILEGE_KEYS)
      expect(
        isAllowed(key, null, { rolesAndPermissions: { [key]: [] }, hideBillingFromNonAdmin: true }),
      ).toBe(true);
  });

  it('a key listed by the company is allowed exactly for the listed roles', () => {
    const setting = { rolesAndPermissions: { reports: ['12'], 'settings.2fa': ['1'] } };
    expect(isAllowed('reports', '12', setting)).toBe(true);
    expect(isAllowed('reports', '0', setting)).toBe(false);
    expect(isAllowed('reports', '2', setting)).toBe(false);
    expect(isAllowed('settings.2fa', '1', setting)).toBe(true);
    expect(isAllowed('settings.2fa', '0', setting)).toBe(false);
  });

  it('unlisted keys fall back to the matrix', () => {
    const setting = { rolesAndPermissions: { reports: ['12'] } };
    expect(isAllowed('users', '2', setting)).toBe(true);
    expect(isAllowed('users', '12', setting)).toBe(false);
  });

  it('an empty list denies everyone with a role', () => {
    expect(isAllowed('users', '0', { rolesAndPermissions: { users: [] } })).toBe(false);
  });

  it('numeric role lists from storage still match', () => {
    const stored = JSON.parse('{"rolesAndPermissions":{"reports":[2]}}') as {
      rolesAndPermissions: Record<string, string[]>;
    };
    expect(isAllowed('reports', '2', stored)).toBe(true);
  });

  it('hideBillingFromNonAdmin leaves billing to the super admin', () => {
    const hidden = { hideBillingFromNonAdmin: true };
    expect(isAllowed('settings.billing', '0', hidden)).toBe(true);
    expect(isAllowed('settings.billing', '1', hidden)).toBe(false);
    expect(isAllowed('settings.billing', '2', hidden)).toBe(false);
    expect(isAllowed('settings.billing', '1', { hideBillingFromNonAdmin: false })).toBe(true);
    expect(isAllowed('settings.billing', '2')).toBe(true);
    expect(isAllowed('users', '1', hidden)).toBe(true);
  });
});

describe('route privileges', () => {
  it('maps the named routes', () => {
    expect(privilegeForPath('/conversations')).toBe('conversations');
    expect(privilegeForPath('/settings/team')).toBe('settings.team');
    expect(privilegeForPath('/settings/profile')).toBe('settings.profile');
    expect(privilegeForPath('/settings/roles-permissions')).toBe('settings.roles-and-permissions');
    expect(privilegeForPath('/settings/security')).toBe('settings.2fa');
    expect(privilegeForPath('/bots/manage-bots')).toBe('bots');
    expect(privilegeForPath('/dashboard')).toBe('dashboard');
    expect(privilegeForPath('/helpcenter/answer-bot')).toBe('helpcenter.answer-bot');
    expect(privilegeForPath('/settings/manage-tags')).toBe('settings.tags-management');
  });

  it('ignores trailing slashes and matches sub-paths to their parent', () => {
    expect(privilegeForPath('/settings/team/')).toBe('settings.team');
    expect(privilegeForPath('/campaign-message/platforms')).toBe('campaign-message');
    expect(privilegeForPath('/bots/bot-builder/openai')).toBe('bots');
    expect(privilegeForPath('/integrations/all?x=1')).toBe('integrations');
  });

  it('does not confuse sibling prefixes', () => {
    expect(privilegeForPath('/settings/webhooks-security')).toBe('settings.security');
    expect(privilegeForPath('/settings/webhooks')).toBe('settings.webhooks');
    expect(privilegeForPath('/bot')).toBe('bots');
    expect(privilegeForPath('/botx')).toBeNull();
  });

  it('unknown paths are unrestricted', () => {
    expect(privilegeForPath('/onboarding')).toBeNull();
    expect(privilegeForPath('/settings')).toBeNull();
    expect(privilegeForPath('/')).toBeNull();
  });

  it('every mapped key is known', () => {
    for (const key of Object.values(ROUTE_PRIVILEGES)) expect(isPrivilegeKey(key)).toBe(true);
  });

  it('canAccessPath combines both', () => {
    expect(canAccessPath('/settings/security', '0')).toBe(true);
    expect(canAccessPath('/settings/security', '1')).toBe(false);
    expect(canAccessPath('/users', '12')).toBe(false);
    expect(canAccessPath('/onboarding', '12')).toBe(true);
    expect(canAccessPath('/dashboard', '2', null, 'agent')).toBe(false);
  });
});
