// The settings screens that exist, grouped for the settings navigation: the registry, composed in
// the app above the features (no feature lists another's pages). A feature declares its own pages in
// its own `settings-entries.ts` (path, group, lazy component) and they are listed here when built:
// no entry, no link. The slugs, groups, paths and the page type sit below every feature, in
// ./settings-paths.ts; a feature's entries never import this file back.
// Labels live in the shell's namespace under `settingsNav.pages.<slug>` (every SPEC §2 settings
// route already has one in each language).

import { AGENT_APP_SETTINGS_PAGES } from '../../features/agent-app/settings-entries';
import { BILLING_SETTINGS_PAGES } from '../../features/billing/settings-entries';
import { BOT_BUILDER_SETTINGS_PAGES } from '../../features/bots/settings/settings-entries';
import { COMPANY_SETTINGS_PAGES } from '../../features/company/settings-entries';
import { CONVERSATION_SETTINGS_PAGES } from '../../features/conversation-settings/settings-entries';
import { EMAIL_FALLBACK_SETTINGS_PAGES } from '../../features/email-fallback/settings-entries';
import { INTEGRATION_SETTINGS_PAGES } from '../../features/integrations/settings-entries';
import { NOTIFICATION_SETTINGS_PAGES } from '../../features/notification-settings/settings-entries';
import { PROFILE_SETTINGS_PAGES } from '../../features/profile/settings-entries';
import { ROLES_PERMISSIONS_SETTINGS_PAGES } from '../../features/roles-permissions/settings-entries';
import { SECURITY_SETTINGS_PAGES } from '../../features/security/settings-entries';
import { SSO_SETTINGS_PAGES } from '../../features/sso/settings-entries';
import { TEAM_SETTINGS_PAGES } from '../../features/team/settings-entries';
import { USER_DETAILS_SETTINGS_PAGES } from '../../features/user-details/settings-entries';
import { WEBHOOK_SETTINGS_PAGES } from '../../features/webhooks/settings-entries';
import { WIDGET_SETTINGS_PAGES } from '../../features/widget-settings/settings-entries';
import type { SettingsPage } from './settings-paths';

export {
  SETTINGS_GROUPS,
  SETTINGS_SLUGS,
  type SettingsGroup,
  type SettingsPage,
  type SettingsSlug,
  settingsPath,
} from './settings-paths';

/** In menu order within each group. */
export const SETTINGS_PAGES: readonly SettingsPage[] = [
  ...PROFILE_SETTINGS_PAGES,
  ...SECURITY_SETTINGS_PAGES,
  ...COMPANY_SETTINGS_PAGES,
  ...TEAM_SETTINGS_PAGES,
  ...SSO_SETTINGS_PAGES,
  ...ROLES_PERMISSIONS_SETTINGS_PAGES,
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
