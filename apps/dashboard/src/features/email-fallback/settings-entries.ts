// /settings/email-fallback in the settings menu (conversations group), its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const EMAIL_FALLBACK_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'email-fallback',
    group: 'conversations',
    Page: lazyPage(() => import('./email-fallback-page').then((m) => m.EmailFallbackPage)),
  },
];
