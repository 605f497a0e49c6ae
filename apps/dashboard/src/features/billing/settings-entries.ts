// /settings/billing and /settings/helpcenter-billing in the settings menu (company group).

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const BILLING_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'billing',
    group: 'company',
    Page: lazyPage(() => import('./pages/billing-page').then((m) => m.BillingPage)),
  },
  {
    slug: 'helpcenter-billing',
    group: 'company',
    Page: lazyPage(() => import('./pages/helpcenter-billing-page').then((m) => m.HelpCenterBillingPage)),
  },
];
