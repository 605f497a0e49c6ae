import { describe, expect, it } from 'vitest';
import { ROLE_TYPES, type RoleType } from '../accounts';
import { FEATURE_NOT_AVAILABLE, UPGRADE_TO_LATEST_PRICING } from '../billing';
import { type Actor, APPLICATION, can } from './policy';

const as = (roleType: RoleType | null, userId = 'me'): Actor => ({
  userId,
  userName: `${userId}-name`,
  roleType,
  product: 'classic',
});
const ADMINS: readonly RoleType[] = ['0', '1'];
const OTHERS: readonly RoleType[] = ['2', '3', '11', '12'];

describe('can', () => {
  it('gives admin permissions to the super admin and admin only, never to an end user', () => {
    for (const role of ROLE_TYPES) {
      expect(can(as(role), 'application.administer', APPLICATION)).toBe(ADMINS.includes(role));
      expect(can(as(role), 'application.work', APPLICATION)).toBe(true);
      expect(can(as(role), 'widget.visit', APPLICATION)).toBe(false);
    }
    expect(can(as(null), 'application.administer', APPLICATION)).toBe(false);
    expect(can(as(null), 'application.work', APPLICATION)).toBe(false);
    expect(can(as(null), 'widget.visit', APPLICATION)).toBe(true);
  });

  it('answers privilege keys from the role matrix and the company overrides', () => {
    expect(can(as('2'), 'privilege.use', { key: 'settings.sso', companySetting: null })).toBe(false);
    expect(can(as('1'), 'privilege.use', { key: 'settings.sso', companySetting: null })).toBe(true);
    const setting = { rolesAndPermissions: { 'settings.sso': ['2'] } };
    expect(can(as('2'), 'privilege.use', { key: 'settings.sso', companySetting: setting })).toBe(true);
    expect(can(as('1'), 'privilege.use', { key: 'settings.sso', companySetting: setting })).toBe(false);
    // SPEC §6: no role type, full access (the messaging API's end users; ownership keeps them in check).
    expect(can(as(null), 'privilege.use', { key: 'settings.sso', companySetting: null })).toBe(true);
    expect(
      can({ ...as('2'), product: 'agent' }, 'privilege.use', { key: 'dashboard', companySetting: null }),
    ).toBe(false);
  });

  it('opens a plan feature unless the entitlement locks it', () => {
    expect(can(as('0'), 'feature.use', { feature: 'webhooks', access: undefined })).toBe(true);
    expect(can(as('0'), 'feature.use', { feature: 'webhooks', access: { allowed: true } })).toBe(true);
    const locked = { allowed: false, reason: FEATURE_NOT_AVAILABLE, requiredLevel: 2 } as const;
    expect(can(as('0'), 'feature.use', { feature: 'webhooks', access: locked })).toBe(false);
    const old = { allowed: false, reason: UPGRADE_TO_LATEST_PRICING } as const;
    expect(can(as('0'), 'feature.use', { feature: 'webhooks', access: old })).toBe(false);
  });

  it('lets admins invite, and only a super admin invite a super admin', () => {
    expect(can(as('0'), 'member.invite', { roleType: '0' })).toBe(true);
    expect(can(as('1'), 'member.invite', { roleType: '0' })).toBe(false);
    expect(can(as('1'), 'member.invite', { roleType: '1' })).toBe(true);
    expect(can(as('1'), 'member.invite', { roleType: undefined })).toBe(true);
    for (const role of OTHERS) expect(can(as(role), 'member.invite', { roleType: '2' })).toBe(false);
  });

  it('keeps end users to their own conversations and details; members see all', () => {
    for (const role of ROLE_TYPES) {
      expect(can(as(role), 'conversation.see', { participant: false })).toBe(true);
      expect(can(as(role), 'user.read', { userName: 'someone-else' })).toBe(true);
    }
    expect(can(as(null), 'conversation.see', { participant: false })).toBe(false);
    expect(can(as(null), 'conversation.see', { participant: true })).toBe(true);
    expect(can(as(null), 'user.read', { userName: 'someone-else' })).toBe(false);
    expect(can(as(null), 'user.read', { userName: 'me-name' })).toBe(true);
  });

  it('lets an admin update an end user’s profile, never another member’s', () => {
    expect(can(as('1'), 'user.update-profile', { userId: 'visitor', roleType: null })).toBe(true);
    expect(can(as('1'), 'user.update-profile', { userId: 'agent', roleType: '2' })).toBe(false);
    expect(can(as('2'), 'user.update-profile', { userId: 'visitor', roleType: null })).toBe(false);
    expect(can(as('2'), 'user.update-profile', { userId: 'me', roleType: '2' })).toBe(true);
  });

  it('lets the author or an admin change a note', () => {
    expect(can(as('2'), 'note.change', { authorId: 'me' })).toBe(true);
    expect(can(as('2'), 'note.change', { authorId: 'other' })).toBe(false);
    for (const role of ADMINS) expect(can(as(role), 'note.change', { authorId: 'other' })).toBe(true);
  });

  it('keeps a personal quick reply to its owner and shared ones to admins', () => {
    expect(can(as('2'), 'quick-reply.write', { ownerId: 'me' })).toBe(true);
    expect(can(as('0'), 'quick-reply.write', { ownerId: 'other' })).toBe(false);
    for (const role of ROLE_TYPES)
      expect(can(as(role), 'quick-reply.write', { ownerId: null })).toBe(ADMINS.includes(role));
  });
});
