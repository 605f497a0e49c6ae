import { isAllowed, PRIVILEGE_KEYS, ROLE_TYPES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { effectiveMatrix, isCustomised, overridesOf, toggle } from './matrix';

describe('roles and permissions matrix', () => {
  it('shows exactly what isAllowed decides, with and without overrides', () => {
    const overrides = { 'settings.team': ['0'], 'message-logs': ['2', '12'] };
    for (const product of ['classic', 'agent'] as const) {
      const m = effectiveMatrix(product, overrides);
      for (const key of PRIVILEGE_KEYS)
        for (const role of ROLE_TYPES)
          expect(m[key].includes(role)).toBe(
            isAllowed(key, role, { rolesAndPermissions: overrides }, product),
          );
    }
  });

  it('stores only the keys that differ from the defaults', () => {
    let m = effectiveMatrix('classic', {});
    expect(overridesOf('classic', m)).toEqual({});
    m = toggle(m, 'settings.team', '2', false);
    expect(isCustomised('classic', m, 'settings.team')).toBe(true);
    const stored = overridesOf('classic', m);
    expect(Object.keys(stored)).toEqual(['settings.team']);
    expect(stored['settings.team']).toContain('1');
    expect(stored['settings.team']).not.toContain('2');
    m = toggle(m, 'settings.team', '2', true);
    expect(overridesOf('classic', m)).toEqual({});
  });
});
