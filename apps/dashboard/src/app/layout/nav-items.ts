// Left navigation: screens that exist now, filtered by what the role may open.

import type { Session } from '@convo/api';
import { isAdminRole } from '@convo/domain';
import { firstSettingsPath } from '../../features/settings/settings-menu';
import { SETTINGS_PAGES } from '../../features/settings/settings-pages';
import { PATHS } from '../routing/paths';
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

/** Built screens in navigation order; a feature adds its screen here when it exists. */
const ITEMS: readonly NavItem[] = [
  { path: PATHS.dashboard, labelKey: 'nav.dashboard', icon: 'home' },
  { path: PATHS.welcome, labelKey: 'nav.setupGuide', icon: 'list' },
  { path: PATHS.conversations, labelKey: 'nav.conversations', icon: 'chat' },
  { path: PATHS.users, labelKey: 'nav.users', icon: 'users' },
  { path: PATHS.messageLogs, labelKey: 'nav.messageLogs', icon: 'list' },
  { path: PATHS.waitingQueueStats, labelKey: 'nav.waitingQueue', icon: 'clock' },
  { path: PATHS.reports, labelKey: 'nav.reports', icon: 'list' },
  { path: PATHS.metabaseDashboard, labelKey: 'nav.metabase', icon: 'list' },
  { path: PATHS.manageBots, labelKey: 'nav.bots', icon: 'bot', section: '/bots' },
  { path: PATHS.helpCenterContent, labelKey: 'nav.helpCenter', icon: 'list', section: '/helpcenter' },
  { path: PATHS.integrations, labelKey: 'nav.integrations', icon: 'plug', section: '/integrations' },
  { path: PATHS.configuration, labelKey: 'nav.configuration', icon: 'settings' },
  { path: PATHS.components, labelKey: 'nav.components', icon: 'list' },
  { path: PATHS.policies, labelKey: 'nav.policies', icon: 'list' },
];

const HELP_ITEM: NavItem = { path: PATHS.help, labelKey: 'nav.help', icon: 'help' };

/**
 * The members' navigation. The dev mailbox is never in it: it belongs to the server's operator,
 * who opens it from the link printed at start, not to the members of any workspace.
 */
export function navItemsFor(session: Session, server: { errorReporting: boolean }): NavItem[] {
  const items = ITEMS.filter((item) => canOpen(session, item.path));
  // The workspace's error reports are for its admins (docs/decisions.md), and only where the server
  // collects them (ERROR_REPORTING): otherwise the screen could only ever be empty.
  if (server.errorReporting && isAdminRole(session.roleType))
    items.push({ path: PATHS.errorReports, labelKey: 'nav.errorReports', icon: 'list' });
  const settings = firstSettingsPath(session, SETTINGS_PAGES);
  if (settings)
    items.push({ path: settings, labelKey: 'nav.settings', icon: 'settings', section: '/settings' });
  items.push(HELP_ITEM);
  return items;
}
