import { describe, expect, it } from 'vitest';
import {
  APPLICATION_ADMIN_ROLE_NAME,
  GROUP_ROLE,
  isAdminRole,
  isRoleType,
  isSuperAdminRole,
  MESSAGING_ROLE,
  ROLE_TYPE,
  ROLE_TYPES,
  roleTypeLabel,
  TABLE_USER_TYPE,
  toRoleType,
  USER_TYPE,
} from './roles';

describe('role enumerations', () => {
  it('match the SPEC values', () => {
    expect(ROLE_TYPE).toEqual({
      SUPER_ADMIN: '0',
      ADMIN: '1',
      AGENT: '2',
      BOT: '3',
      DEVELOPER: '11',
      OPERATOR: '12',
    });
    expect(ROLE_TYPES).toEqual(['0', '1', '2', '3', '11', '12']);
    expect(TABLE_USER_TYPE).toEqual({ SUPER_ADMIN: '3', ADMIN: '1' });
    expect(MESSAGING_ROLE.BOT).toBe(3);
    expect(MESSAGING_ROLE.APPLICATION_ADMIN).toBe(1);
    expect(MESSAGING_ROLE.ADMIN).toBe(1);
    expect(MESSAGING_ROLE.SUPPORT).toBe(2);
    expect(MESSAGING_ROLE.APPLICATION_WEB_ADMIN).toBe(0);
    expect(MESSAGING_ROLE.DEVELOPER).toBe(11);
    expect(GROUP_ROLE).toEqual({ ADMIN: '1', MODERATOR: '2', MEMBER: '3' });
    expect(USER_TYPE).toEqual({ AGENT: 1, BOT: 2, ADMIN: 3 });
    expect(APPLICATION_ADMIN_ROLE_NAME).toBe('APPLICATION_ADMIN');
  });
});

describe('toRoleType', () => {
  it('accepts numeric and string forms', () => {
    expect(toRoleType(0)).toBe('0');
    expect(toRoleType('11')).toBe('11');
    expect(toRoleType(' 12 ')).toBe('12');
  });

  it('rejects unknown values', () => {
    expect(toRoleType('4')).toBeNull();
    expect(toRoleType(null)).toBeNull();
    expect(toRoleType(undefined)).toBeNull();
    expect(toRoleType({})).toBeNull();
  });

  it('isRoleType only accepts the exact strings', () => {
    expect(isRoleType('2')).toBe(true);
    expect(isRoleType(2)).toBe(false);
    expect(isRoleType('13')).toBe(false);
  });
});

describe('isAdminRole / isSuperAdminRole', () => {
  it('treats super admin and admin as admins', () => {
    expect(isAdminRole('0')).toBe(true);
    expect(isAdminRole('1')).toBe(true);
    expect(isAdminRole(1)).toBe(true);
    for (const role of ['2', '3', '11', '12']) expect(isAdminRole(role)).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });

  it('only super admin is super admin', () => {
    expect(isSuperAdminRole('0')).toBe(true);
    expect(isSuperAdminRole(0)).toBe(true);
    expect(isSuperAdminRole('1')).toBe(false);
    expect(isSuperAdminRole(undefined)).toBe(false);
  });
});

describe('roleTypeLabel', () => {
  it('returns i18n keys', () => {
    expect(roleTypeLabel('0')).toBe('roles.superAdmin');
    expect(roleTypeLabel('1')).toBe('roles.admin');
    expect(roleTypeLabel('2')).toBe('roles.agent');
    expect(roleTypeLabel('3')).toBe('roles.bot');
    expect(roleTypeLabel('11')).toBe('roles.developer');
    expect(roleTypeLabel('12')).toBe('roles.operator');
    expect(roleTypeLabel('99')).toBe('roles.unknown');
  });
});
