// The bot builder's settings pages (SPEC §2 "Builder settings"): /settings/general, /entities,
// /webhook, /import, /export, /inline-code and /handover in the settings menu's "Bot" group, each
// for the bot in `?botId=` (its own chunk).

import { lazyPage } from '../../../app/routing/lazy-page';
import type { SettingsPage } from '../../../app/routing/settings-paths';

// SPEC §6 gives the agent product a reduced settings menu without them; there they are opened from
// the bot builder (its "Settings" links), as the bots privilege allows.
const AGENT_MENU = { hiddenFromMenuIn: ['agent'] } as const;

export const BOT_BUILDER_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'general',
    group: 'bot',
    ...AGENT_MENU,
    Page: lazyPage(() => import('./general-page').then((m) => m.GeneralPage)),
  },
  {
    slug: 'entities',
    group: 'bot',
    ...AGENT_MENU,
    Page: lazyPage(() => import('./entities-page').then((m) => m.EntitiesPage)),
  },
  {
    slug: 'webhook',
    group: 'bot',
    ...AGENT_MENU,
    Page: lazyPage(() => import('./webhook-page').then((m) => m.WebhookPage)),
  },
  {
    slug: 'import',
    group: 'bot',
    ...AGENT_MENU,
    Page: lazyPage(() => import('./import-page').then((m) => m.ImportPage)),
  },
  {
    slug: 'export',
    group: 'bot',
    ...AGENT_MENU,
    Page: lazyPage(() => import('./export-page').then((m) => m.ExportPage)),
  },
  {
    slug: 'inline-code',
    group: 'bot',
    ...AGENT_MENU,
    Page: lazyPage(() => import('./inline-code-page').then((m) => m.InlineCodePage)),
  },
  {
    slug: 'handover',
    group: 'bot',
    ...AGENT_MENU,
    Page: lazyPage(() => import('./handover-page').then((m) => m.HandoverPage)),
  },
];
