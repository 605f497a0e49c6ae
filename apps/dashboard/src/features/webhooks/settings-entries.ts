// /settings/webhooks and /settings/webhooks-security in the settings menu (developers group), its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { gated } from '../billing/components/feature-gate';

export const WEBHOOK_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'webhooks',
    group: 'developers',
    Page: gated(
      'webhooks',
      lazyPage(() => import('./webhooks-page').then((m) => m.WebhooksPage)),
    ),
  },
  {
    slug: 'webhooks-security',
    group: 'developers',
    Page: gated(
      'webhooks',
      lazyPage(() => import('./webhooks-security-page').then((m) => m.WebhooksSecurityPage)),
    ),
  },
];
