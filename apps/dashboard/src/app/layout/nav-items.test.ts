import { describe, expect, it } from 'vitest';
import { makeSession } from '../session/session.fixture';
import { navItemsFor } from './nav-items';

const paths = (items: { path: string }[]) => items.map((item) => item.path);
const REPORTING = { errorReporting: true };

describe('navItemsFor', () => {
  it('shows the built screens in order, help last, to a super admin', () => {
    const shown = paths(navItemsFor(makeSession({ roleType: '0' }), REPORTING));
    expect(shown.slice(0, 6)).toEqual([
      '/dashboard',
      '/welcome',
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
    const shown = paths(navItemsFor(session, REPORTING));
    expect(shown).not.toContain('/dashboard');
    expect(shown).toContain('/conversations');
  });

  it('follows the agent product matrix', () => {
    const session = makeSession({ roleType: '12', product: 'agent' });
    expect(paths(navItemsFor(session, REPORTING))).not.toContain('/dashboard');
  });

  it('never lists the dev mailbox: it belongs to the operator, not to members', () => {
    for (const roleType of ['0', '1', '2', '3'] as const) {
      expect(paths(navItemsFor(makeSession({ roleType }), REPORTING))).not.toContain('/dev/mailbox');
    }
  });

  it('lists Manage bots for roles holding the bots privilege only', () => {
    expect(paths(navItemsFor(makeSession({ roleType: '1' }), REPORTING))).toContain('/bots/manage-bots');
    expect(paths(navItemsFor(makeSession({ roleType: '2', product: 'agent' }), REPORTING))).toContain(
      '/bots/manage-bots',
    );
    expect(paths(navItemsFor(makeSession({ roleType: '12' }), REPORTING))).not.toContain('/bots/manage-bots');
  });

  it('lists configuration, components and policies to the roles that hold them (SPEC §6)', () => {
    const owner = paths(navItemsFor(makeSession({ roleType: '0' }), REPORTING));
    expect(owner).toEqual(expect.arrayContaining(['/configuration', '/components', '/policies']));
    // The operator sees components and policies, not the configuration.
    const operator = paths(navItemsFor(makeSession({ roleType: '12' }), REPORTING));
    expect(operator).toEqual(expect.arrayContaining(['/components', '/policies']));
    expect(operator).not.toContain('/configuration');
  });

  it('lists the error reports to admins only, and only where the server collects them', () => {
    expect(paths(navItemsFor(makeSession({ roleType: '1' }), REPORTING))).toContain('/error-reports');
    expect(paths(navItemsFor(makeSession({ roleType: '2' }), REPORTING))).not.toContain('/error-reports');
    expect(paths(navItemsFor(makeSession({ roleType: '1' }), { errorReporting: false }))).not.toContain(
      '/error-reports',
    );
  });
});
