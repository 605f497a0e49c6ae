// Left navigation: screens that exist now, filtered by what the role may open.

import type { Session } from '@convo/api';
import { PATHS } from '../routing/paths';
import { canOpen } from '../routing/use-landing';

export type NavIcon = 'home' | 'help' | 'mail';

export interface NavItem {
  path: string;
  labelKey: 'nav.dashboard' | 'nav.help' | 'nav.devMailbox';
  icon: NavIcon;
}

const ITEMS: readonly NavItem[] = [
  { path: PATHS.dashboard, labelKey: 'nav.dashboard', icon: 'home' },
  { path: PATHS.help, labelKey: 'nav.help', icon: 'help' },
];

const DEV_MAILBOX_ITEM: NavItem = { path: PATHS.devMailbox, labelKey: 'nav.devMailbox', icon: 'mail' };

export function navItemsFor(session: Session, options: { devMailbox: boolean }): NavItem[] {
  const items = ITEMS.filter((item) => canOpen(session, item.path));
  return options.devMailbox ? [...items, DEV_MAILBOX_ITEM] : items;
}
