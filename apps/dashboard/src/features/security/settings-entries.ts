// The security page (password, two-factor) in the settings menu (its own chunk).

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const SECURITY_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'security',
    group: 'account',
    Page: lazyPage(() => import('./security-page').then((m) => m.SecurityPage)),
  },
];
