// /settings/agent-app and /settings/quick-links in the settings menu, each its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';

export const AGENT_APP_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'agent-app',
    group: 'account',
    Page: lazyPage(() => import('./agent-app-page').then((m) => m.AgentAppPage)),
  },
  {
    slug: 'quick-links',
    group: 'widget',
    Page: lazyPage(() => import('../quick-links/quick-links-page').then((m) => m.QuickLinksPage)),
  },
];
