// The settings screens that exist, grouped for the settings navigation. A feature adds its page
// here (path, group, label, lazy component) when the page is built: no entry, no link.
// Labels live in the shell's namespace under `settingsNav.pages.<slug>` (every SPEC §2 settings
// route already has one in each language).

import type { ComponentType, LazyExoticComponent } from 'react';
import { CONVERSATION_SETTINGS_PAGES } from '../conversation-settings/settings-entries';
import { NOTIFICATION_SETTINGS_PAGES } from '../notification-settings/settings-entries';
import { TEAM_SETTINGS_PAGES } from '../team/settings-entries';
import { USER_DETAILS_SETTINGS_PAGES } from '../user-details/settings-entries';
import { WIDGET_SETTINGS_PAGES } from '../widget-settings/settings-entries';

export const SETTINGS_GROUPS = ['account', 'company', 'widget', 'conversations', 'developers'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SETTINGS_SLUGS = [
  'profile',
  'security',
  'email-notifications',
  'notification-preferences',
  'pushnotification',
  'company',
  'team',
  'roles-permissions',
  'sso',
  'billing',
  'helpcenter-billing',
  'agent-app',
  'install',
  'install-mobile',
  'install-cms',
  'chat-widget-customization',
  'chat-widget-configuration',
  'welcome-message',
  'away-message',
  'greeting-message',
  'business-hours',
  'pre-chat-lead-collection',
  'csat-ratings',
  'quick-links',
  'conversation-rules',
  'conversation-auto-resolving',
  'conversation-transcript',
  'conversation-preferences',
  'waiting-queue',
  'quick-replies',
  'manage-tags',
  'user-details',
  'email-fallback',
  'webhooks',
  'webhooks-security',
] as const;
export type SettingsSlug = (typeof SETTINGS_SLUGS)[number];

export interface SettingsPage {
  slug: SettingsSlug;
  group: SettingsGroup;
  /** Pages reached from another page (e.g. install-mobile from install) stay out of the menu. */
  hiddenFromMenu?: boolean;
  Page: LazyExoticComponent<ComponentType> | ComponentType;
}

export const settingsPath = (slug: SettingsSlug) => `/settings/${slug}`;

/** In menu order within each group. */
export const SETTINGS_PAGES: readonly SettingsPage[] = [
  ...TEAM_SETTINGS_PAGES,
  ...WIDGET_SETTINGS_PAGES,
  ...CONVERSATION_SETTINGS_PAGES,
  ...NOTIFICATION_SETTINGS_PAGES,
  ...USER_DETAILS_SETTINGS_PAGES,
];
