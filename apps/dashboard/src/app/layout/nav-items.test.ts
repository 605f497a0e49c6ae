import { describe, expect, it } from 'vitest';
import { makeSession } from '../session/session.fixture';
import { navGroupsFor, navItemsFor } from './nav-items';

const paths = (items: { path: string }[]) => items.map((item) => item.path);
const REPORTING = { errorReporting: true, metabase: true };

describe('navItemsFor', () => {
  it('shows the built screens in order, help last, to a super admin', () => {
    const shown = paths(navItemsFor(makeSession({ roleType: '0' }), REPORTING));
    expect(shown.slice(0, 5)).toEqual([
      '/dashboard',
      '/welcome',
      '/conversations',
      '/waiting-queue/stats',
      '/message-logs',
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
    expect(
      paths(navItemsFor(makeSession({ roleType: '1' }), { errorReporting: false, metabase: true })),
    ).not.toContain('/error-reports');
  });

  it('groups the screens the way members think, the Developer group last before help', () => {
    const groups = navGroupsFor(makeSession({ roleType: '0' }), REPORTING);
    expect(groups.map((g) => g.key)).toEqual([
      'home',
      'conversations',
      'bots',
      'helpCenter',
      'reachOut',
      'analytics',
      'settings',
      'developer',
      'help',
    ]);
    const developer = groups.find((g) => g.key === 'developer')!;
    expect(developer.labelKey).toBe('nav.group.developer');
    expect(paths(developer.items)).toEqual([
      '/metabase-dashboard',
      '/components',
      '/policies',
      '/error-reports',
    ]);
  });

  it('shows the Developer group to admins, developers and the operator, never to agents or bots', () => {
    const groupKeys = (roleType: '0' | '1' | '2' | '3' | '11' | '12') =>
      navGroupsFor(makeSession({ roleType }), REPORTING).map((g) => g.key);
    for (const role of ['0', '1', '11', '12'] as const) expect(groupKeys(role)).toContain('developer');
    for (const role of ['2', '3'] as const) {
      expect(groupKeys(role)).not.toContain('developer');
      const shown = paths(navItemsFor(makeSession({ roleType: role }), REPORTING));
      expect(shown).not.toEqual(expect.arrayContaining(['/components']));
      expect(shown).not.toContain('/policies');
      expect(shown).not.toContain('/metabase-dashboard');
    }
  });

  it('lists Metabase only when the server has it configured', () => {
    const admin = makeSession({ roleType: '0' });
    expect(paths(navItemsFor(admin, REPORTING))).toContain('/metabase-dashboard');
    expect(paths(navItemsFor(admin, { errorReporting: true, metabase: false }))).not.toContain(
      '/metabase-dashboard',
    );
  });
});
