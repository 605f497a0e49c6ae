// Left navigation: screens that exist now, grouped the way members think of their work and
// filtered by what the role may open.

import type { Session } from '@convo/api';
import { isAdminRole, ROLE_TYPE } from '@convo/domain';
import { firstSettingsPath } from '../../features/settings/settings-menu';
import { PATHS } from '../routing/paths';
import { SETTINGS_PAGES } from '../routing/settings-pages';
import { canOpen } from '../routing/use-landing';

export type NavIcon =
  | 'home'
  | 'help'
  | 'mail'
  | 'chat'
  | 'users'
  | 'list'
  | 'clock'
  | 'settings'
  | 'bot'
  | 'plug';

export type NavLabelKey =
  | 'nav.dashboard'
  | 'nav.setupGuide'
  | 'nav.conversations'
  | 'nav.users'
  | 'nav.messageLogs'
  | 'nav.waitingQueue'
  | 'nav.reports'
  | 'nav.metabase'
  | 'nav.bots'
  | 'nav.helpCenter'
  | 'nav.integrations'
  | 'nav.campaigns'
  | 'nav.configuration'
  | 'nav.components'
  | 'nav.policies'
  | 'nav.settings'
  | 'nav.errorReports'
  | 'nav.help';

export interface NavItem {
  path: string;
  labelKey: NavLabelKey;
  icon: NavIcon;
  /** The item is active anywhere below this path (defaults to its own path). */
  section?: string;
}

/** Groups in the order members think of their work (issue 40); `home` and `help` have no heading. */
export type NavGroupKey =
  | 'home'
  | 'conversations'
  | 'bots'
  | 'helpCenter'
  | 'reachOut'
  | 'analytics'
  | 'settings'
  | 'developer'
  | 'help';

export type NavGroupLabelKey = `nav.group.${Exclude<NavGroupKey, 'home' | 'help'>}`;

export interface NavGroup {
  key: NavGroupKey;
  /** The group's heading; null at the top and the bottom, and over a lone screen named like it. */
  labelKey: NavGroupLabelKey | null;
  items: NavItem[];
}

/** Built screens by group, in navigation order; a feature adds its screen here when it exists. */
const GROUPS: readonly { key: NavGroupKey; heading?: boolean; items: readonly NavItem[] }[] = [
  {
    key: 'home',
    items: [
      { path: PATHS.dashboard, labelKey: 'nav.dashboard', icon: 'home' },
      { path: PATHS.welcome, labelKey: 'nav.setupGuide', icon: 'list' },
    ],
  },
  {
    key: 'conversations',
    items: [
      { path: PATHS.conversations, labelKey: 'nav.conversations', icon: 'chat' },
      { path: PATHS.waitingQueueStats, labelKey: 'nav.waitingQueue', icon: 'clock' },
      { path: PATHS.messageLogs, labelKey: 'nav.messageLogs', icon: 'list' },
    ],
  },
  // One screen each, named like the group: no heading over a link of the same name.
  {
    key: 'bots',
    heading: false,
    items: [{ path: PATHS.manageBots, labelKey: 'nav.bots', icon: 'bot', section: '/bots' }],
  },
  {
    key: 'helpCenter',
    heading: false,
    items: [
      { path: PATHS.helpCenterContent, labelKey: 'nav.helpCenter', icon: 'list', section: '/helpcenter' },
    ],
  },
  {
    key: 'reachOut',
    items: [
      { path: PATHS.users, labelKey: 'nav.users', icon: 'users' },
      { path: PATHS.integrations, labelKey: 'nav.integrations', icon: 'plug', section: '/integrations' },
      { path: PATHS.campaigns, labelKey: 'nav.campaigns', icon: 'mail', section: PATHS.campaigns },
    ],
  },
  { key: 'analytics', items: [{ path: PATHS.reports, labelKey: 'nav.reports', icon: 'list' }] },
  {
    key: 'settings',
    items: [{ path: PATHS.configuration, labelKey: 'nav.configuration', icon: 'settings' }],
  },
  {
    key: 'developer',
    items: [
      { path: PATHS.metabaseDashboard, labelKey: 'nav.metabase', icon: 'list' },
      { path: PATHS.components, labelKey: 'nav.components', icon: 'list' },
      { path: PATHS.policies, labelKey: 'nav.policies', icon: 'list' },
    ],
  },
];

const HELP_ITEM: NavItem = { path: PATHS.help, labelKey: 'nav.help', icon: 'help' };

/**
 * Who sees the Developer group: admins and developers, and the operator, whose SPEC §6 screens
 * (metabase dashboard, components, policies) live there. Agents and bots never need them.
 */
function seesDeveloperGroup(roleType: string | null): boolean {
  return (
    roleType === null ||
    isAdminRole(roleType) ||
    roleType === ROLE_TYPE.DEVELOPER ||
    roleType === ROLE_TYPE.OPERATOR
  );
}

export interface NavServerFacts {
  /** The server collects error reports (ERROR_REPORTING). */
  errorReporting: boolean;
  /** Metabase embedding is configured (METABASE_*); otherwise its page could only explain the set-up. */
  metabase: boolean;
}

/**
 * The members' navigation, grouped; empty groups are left out. The dev mailbox is never in it: it
 * belongs to the server's operator, who opens it from the link printed at start, not to members.
 */
export function navGroupsFor(session: Session, server: NavServerFacts): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const group of GROUPS) {
    if (group.key === 'developer' && !seesDeveloperGroup(session.roleType)) continue;
    const items = group.items.filter(
      (item) => canOpen(session, item.path) && (item.path !== PATHS.metabaseDashboard || server.metabase),
    );
    // The workspace's error reports are for its admins (docs/decisions.md), and only where the
    // server collects them (ERROR_REPORTING): otherwise the screen could only ever be empty.
    if (group.key === 'developer' && server.errorReporting && isAdminRole(session.roleType))
      items.push({ path: PATHS.errorReports, labelKey: 'nav.errorReports', icon: 'list' });
    if (group.key === 'settings') {
      const settings = firstSettingsPath(session, SETTINGS_PAGES);
      if (settings)
        items.push({ path: settings, labelKey: 'nav.settings', icon: 'settings', section: '/settings' });
    }
    if (items.length === 0) continue;
    const labelKey: NavGroupLabelKey | null =
      group.key === 'home' || group.key === 'help' || group.heading === false
        ? null
        : `nav.group.${group.key}`;
    groups.push({ key: group.key, labelKey, items });
  }
  groups.push({ key: 'help', labelKey: null, items: [HELP_ITEM] });
  return groups;
}

/** The navigation's items in order, groups flattened. */
export function navItemsFor(session: Session, server: NavServerFacts): NavItem[] {
  return navGroupsFor(session, server).flatMap((group) => group.items);
}

/** The paths of the items the current path is under (each at its own path or below its section). */
export function activeNavPaths(groups: readonly NavGroup[], pathname: string): string[] {
  return groups
    .flatMap((group) => group.items)
    .filter((item) => {
      const section = item.section ?? item.path;
      return pathname === section || pathname.startsWith(`${section}/`);
    })
    .map((item) => item.path);
}
