import type { ComponentType, LazyExoticComponent } from 'react';
import { PATHS } from './paths';

// The settings screens' slugs, groups, paths and page type: below every feature, so a feature can
// link to a settings page or declare its own (`settings-entries.ts`) without importing the
// registry that lists them all (./settings-pages.ts).

export const SETTINGS_GROUPS = [
  'account',
  'company',
  'widget',
  'conversations',
  'bot',
  'developers',
] as const;
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
  'mailbox',
  'webhooks',
  'webhooks-security',
  // The bot builder's settings (SPEC §2 "Builder settings"), each for the bot in `?botId=`.
  'general',
  'entities',
  'webhook',
  'import',
  'export',
  'inline-code',
  'handover',
] as const;
export type SettingsSlug = (typeof SETTINGS_SLUGS)[number];

export interface SettingsPage {
  slug: SettingsSlug;
  group: SettingsGroup;
  /** Pages reached from another page (e.g. install-mobile from install) stay out of the menu. */
  hiddenFromMenu?: boolean;
  /** Products whose settings menu leaves the page out (it stays reachable from its own screen). */
  hiddenFromMenuIn?: readonly ('classic' | 'agent')[];
  Page: LazyExoticComponent<ComponentType> | ComponentType;
}

export const settingsPath = (slug: SettingsSlug) => `${PATHS.settings}/${slug}`;

/** A builder settings page of one bot (`?botId=`), e.g. from the bot builder. */
export const botSettingsPath = (slug: SettingsSlug, botId: string) =>
  `${settingsPath(slug)}?botId=${encodeURIComponent(botId)}`;
