// The profile page in the settings menu (its own chunk).

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const PROFILE_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'profile',
    group: 'account',
    Page: lazyPage(() => import('./profile-page').then((m) => m.ProfilePage)),
  },
];
