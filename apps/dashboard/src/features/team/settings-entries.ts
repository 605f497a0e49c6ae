// The team page (members, invitations, teams) in the settings menu (its own chunk).

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const TEAM_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'team',
    group: 'company',
    Page: lazyPage(() => import('./pages/team-page').then((m) => m.TeamPage)),
  },
];
