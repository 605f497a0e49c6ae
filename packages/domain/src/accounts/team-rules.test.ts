import { describe, expect, it } from 'vitest';
import { type MemberRef, refuseMemberChange } from './team-rules';

const m = (id: string, roleType: MemberRef['roleType'], status = 1): MemberRef => ({ id, roleType, status });

describe('refuseMemberChange', () => {
  const owner = m('o', '0');
  const admin = m('a', '1');
  const agent = m('g', '2');

  it('lets an admin change an agent to developer, and to the same role', () => {
    expect(refuseMemberChange(admin, agent, { kind: 'role', to: '11' }, 1)).toBeNull();
    expect(refuseMemberChange(admin, agent, { kind: 'role', to: '2' }, 1)).toBeNull();
  });

  it('refuses changing one own role with CAN_NOT_CHANGE_ROLE', () => {
    expect(refuseMemberChange(admin, admin, { kind: 'role', to: '2' }, 1)?.code).toBe('CAN_NOT_CHANGE_ROLE');
    expect(refuseMemberChange(owner, owner, { kind: 'deactivate' }, 1)?.code).toBe('CAN_NOT_CHANGE_ROLE');
  });

  it('keeps super admins in the hands of super admins', () => {
    expect(refuseMemberChange(admin, agent, { kind: 'role', to: '0' }, 1)?.status).toBe(403);
    expect(refuseMemberChange(admin, owner, { kind: 'deactivate' }, 1)?.status).toBe(403);
    expect(refuseMemberChange(owner, agent, { kind: 'role', to: '0' }, 1)).toBeNull();
  });

  it('refuses demoting the last active super admin', () => {
    const other = m('o2', '0');
    expect(refuseMemberChange(owner, other, { kind: 'role', to: '1' }, 2)).toBeNull();
    expect(refuseMemberChange(owner, other, { kind: 'role', to: '1' }, 1)?.code).toBe('CAN_NOT_CHANGE_ROLE');
    expect(refuseMemberChange(owner, other, { kind: 'delete' }, 1)?.code).toBe('CAN_NOT_CHANGE_ROLE');
  });

  it('refuses agents, bot role changes, deleted targets and reactivating an active member', () => {
    expect(refuseMemberChange(agent, admin, { kind: 'deactivate' }, 1)?.status).toBe(403);
    expect(refuseMemberChange(admin, m('b', '3'), { kind: 'role', to: '2' }, 1)?.code).toBe(
      'CAN_NOT_CHANGE_ROLE',
    );
    expect(refuseMemberChange(admin, agent, { kind: 'role', to: '3' }, 1)?.code).toBe('CAN_NOT_CHANGE_ROLE');
    expect(refuseMemberChange(admin, m('d', '2', 3), { kind: 'reactivate' }, 1)?.status).toBe(404);
    expect(refuseMemberChange(admin, agent, { kind: 'reactivate' }, 1)?.code).toBe('CAN_NOT_CHANGE_ROLE');
    expect(refuseMemberChange(admin, m('x', '2', 2), { kind: 'reactivate' }, 1)).toBeNull();
  });
});
