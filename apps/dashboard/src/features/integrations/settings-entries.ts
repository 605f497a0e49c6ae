// /settings/mailbox in the settings menu (conversations group): the e-mail channel's mailbox.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const INTEGRATION_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'mailbox',
    group: 'conversations',
    Page: lazyPage(() => import('./email/mailbox-settings-page').then((m) => m.MailboxSettingsPage)),
  },
];
