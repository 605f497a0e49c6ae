import { describe, expect, it } from 'vitest';
import { makeSession } from '../session/session.fixture';
import { navItemsFor } from './nav-items';

const paths = (items: { path: string }[]) => items.map((item) => item.path);

describe('navItemsFor', () => {
  it('shows the built screens in order, help last, to a super admin', () => {
    const shown = paths(navItemsFor(makeSession({ roleType: '0' }), { devMailbox: false }));
    expect(shown.slice(0, 5)).toEqual([
      '/dashboard',
      '/conversations',
      '/users',
      '/message-logs',
      '/waiting-queue/stats',
    ]);
    expect(shown.at(-1)).toBe('/help');
  });

  it('hides the dashboard when the company setting refuses it to the role', () => {
    const session = makeSession({ roleType: '2' });
    session.appSettings.companySetting = { rolesAndPermissions: { dashboard: ['0', '1'] } };
    const shown = paths(navItemsFor(session, { devMailbox: false }));
    expect(shown).not.toContain('/dashboard');
    expect(shown).toContain('/conversations');
  });

  it('follows the agent product matrix', () => {
    const session = makeSession({ roleType: '12', product: 'agent' });
    expect(paths(navItemsFor(session, { devMailbox: false }))).not.toContain('/dashboard');
  });

  it('adds the dev mailbox only when the config enables it', () => {
    expect(paths(navItemsFor(makeSession(), { devMailbox: true }))).toContain('/dev/mailbox');
  });
});
