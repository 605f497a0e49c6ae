// The single sign-on page in the settings menu (its own chunk), behind the plan's `sso` feature.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { gated } from '../billing/components/feature-gate';

export const SSO_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'sso',
    group: 'company',
    Page: gated(
      'sso',
      lazyPage(() => import('./sso-page').then((m) => m.SsoPage)),
    ),
  },
];
