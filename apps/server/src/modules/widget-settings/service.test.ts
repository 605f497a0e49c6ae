import { DEFAULT_CHAT_WIDGET_SETTINGS } from '@convo/api';
import type { RoleType } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { applyPatch, refusedPrivileges, sectionsIn } from './service.js';

describe('chat widget settings writes', () => {
  it('replaces only the given sections, keeps unknown stored keys, and lifts the collectEmail flags out', () => {
    const stored = { customization: { old: true }, legacyKey: 42 };
    const write = applyPatch(stored, {
      awayMessage: { enabled: false, message: 'Closed', collectEmailOnAwayMessage: true },
      csat: { enabled: true, askComment: false },
    });
    expect(write).toEqual({
      chatWidget: {
        customization: { old: true },
        legacyKey: 42,
        awayMessage: { enabled: false, message: 'Closed' },
        csat: { enabled: true, askComment: false },
      },
      collectEmailOnAwayMessage: true,
    });
    expect(write.collectEmailOnWelcomeMessage).toBeUndefined();
    expect(stored).toEqual({ customization: { old: true }, legacyKey: 42 });
  });

  const as = (roleType: RoleType) => ({
    userId: 'u1',
    userName: 'u1',
    roleType,
    product: 'classic' as const,
  });

  it('names each section whose privilege the role lacks', () => {
    const sections = sectionsIn({
      customization: DEFAULT_CHAT_WIDGET_SETTINGS.customization,
      businessHours: DEFAULT_CHAT_WIDGET_SETTINGS.businessHours,
    });
    expect(sections).toEqual(['customization', 'businessHours']);
    expect(refusedPrivileges(sections, as('0'), null)).toEqual([]);
    expect(refusedPrivileges(sections, as('3'), null)).toEqual([
      { section: 'businessHours', privilege: 'settings.business-hours' },
    ]);
    expect(refusedPrivileges(sections, as('12'), null)).toHaveLength(2);
    expect(
      refusedPrivileges(sections, as('3'), { rolesAndPermissions: { 'settings.business-hours': ['3'] } }),
    ).toEqual([]);
  });
});
