// The company page in the settings menu (its own chunk).

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const COMPANY_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'company',
    group: 'company',
    Page: lazyPage(() => import('./company-page').then((m) => m.CompanyPage)),
  },
];
