// The bot builder's settings pages (SPEC §2 "Builder settings"): /settings/general, /entities,
// /webhook, /import, /export, /inline-code and /handover in the settings menu's "Bot" group, each
// for the bot in `?botId=` (its own chunk).

import { lazyPage } from '../../../app/routing/lazy-page';
import type { SettingsPage } from '../../../app/routing/settings-paths';

export const BOT_BUILDER_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'general',
    group: 'bot',
    Page: lazyPage(() => import('./general-page').then((m) => m.GeneralPage)),
  },
  {
    slug: 'entities',
    group: 'bot',
    Page: lazyPage(() => import('./entities-page').then((m) => m.EntitiesPage)),
  },
  {
    slug: 'webhook',
    group: 'bot',
    Page: lazyPage(() => import('./webhook-page').then((m) => m.WebhookPage)),
  },
  { slug: 'import', group: 'bot', Page: lazyPage(() => import('./import-page').then((m) => m.ImportPage)) },
  { slug: 'export', group: 'bot', Page: lazyPage(() => import('./export-page').then((m) => m.ExportPage)) },
  {
    slug: 'inline-code',
    group: 'bot',
    Page: lazyPage(() => import('./inline-code-page').then((m) => m.InlineCodePage)),
  },
  {
    slug: 'handover',
    group: 'bot',
    Page: lazyPage(() => import('./handover-page').then((m) => m.HandoverPage)),
  },
];
