// The settings screens that exist, grouped for the settings navigation: the registry above the
// features. A feature declares its pages in its own `settings-entries.ts` (path, group, lazy
// component) and they are listed here when built: no entry, no link. The slugs, groups, paths and
// the page type sit below every feature, in app/routing/settings-paths.ts, so a feature never
// imports this file back.
// Labels live in the shell's namespace under `settingsNav.pages.<slug>` (every SPEC §2 settings
// route already has one in each language).

import type { SettingsPage } from '../../app/routing/settings-paths';
import { AGENT_APP_SETTINGS_PAGES } from '../agent-app/settings-entries';
import { BILLING_SETTINGS_PAGES } from '../billing/settings-entries';
import { BOT_BUILDER_SETTINGS_PAGES } from '../bots/settings/settings-entries';
import { CONVERSATION_SETTINGS_PAGES } from '../conversation-settings/settings-entries';
import { EMAIL_FALLBACK_SETTINGS_PAGES } from '../email-fallback/settings-entries';
import { INTEGRATION_SETTINGS_PAGES } from '../integrations/settings-entries';
import { NOTIFICATION_SETTINGS_PAGES } from '../notification-settings/settings-entries';
import { TEAM_SETTINGS_PAGES } from '../team/settings-entries';
import { USER_DETAILS_SETTINGS_PAGES } from '../user-details/settings-entries';
import { WEBHOOK_SETTINGS_PAGES } from '../webhooks/settings-entries';
import { WIDGET_SETTINGS_PAGES } from '../widget-settings/settings-entries';

export {
  SETTINGS_GROUPS,
  SETTINGS_SLUGS,
  type SettingsGroup,
  type SettingsPage,
  type SettingsSlug,
  settingsPath,
} from '../../app/routing/settings-paths';

/** In menu order within each group. */
export const SETTINGS_PAGES: readonly SettingsPage[] = [
  ...TEAM_SETTINGS_PAGES,
  ...BILLING_SETTINGS_PAGES,
  ...WIDGET_SETTINGS_PAGES,
  ...CONVERSATION_SETTINGS_PAGES,
  ...INTEGRATION_SETTINGS_PAGES,
  ...EMAIL_FALLBACK_SETTINGS_PAGES,
  ...NOTIFICATION_SETTINGS_PAGES,
  ...AGENT_APP_SETTINGS_PAGES,
  ...USER_DETAILS_SETTINGS_PAGES,
  ...BOT_BUILDER_SETTINGS_PAGES,
  ...WEBHOOK_SETTINGS_PAGES,
];
