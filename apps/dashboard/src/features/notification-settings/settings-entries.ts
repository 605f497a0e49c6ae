// /settings/email-notifications and /settings/pushnotification in the settings menu, each its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const NOTIFICATION_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'email-notifications',
    group: 'account',
    Page: lazyPage(() => import('./email-notifications-page').then((m) => m.EmailNotificationsPage)),
  },
  {
    slug: 'pushnotification',
    group: 'account',
    Page: lazyPage(() => import('./push-notifications-page').then((m) => m.PushNotificationsPage)),
  },
];
