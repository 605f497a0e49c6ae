// /settings/user-details in the settings menu, its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const USER_DETAILS_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'user-details',
    group: 'conversations',
    Page: lazyPage(() => import('./user-details-page').then((m) => m.UserDetailsPage)),
  },
];
