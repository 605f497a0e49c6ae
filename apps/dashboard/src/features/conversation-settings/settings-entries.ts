// The inbox's settings pages in the settings menu, each its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { gated } from '../billing/components/feature-gate';

export const CONVERSATION_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'notification-preferences',
    group: 'account',
    Page: lazyPage(() =>
      import('./pages/notification-preferences-page').then((m) => m.NotificationPreferencesPage),
    ),
  },
  {
    slug: 'conversation-rules',
    group: 'conversations',
    Page: lazyPage(() => import('./pages/conversation-rules-page').then((m) => m.ConversationRulesPage)),
  },
  {
    slug: 'conversation-auto-resolving',
    group: 'conversations',
    Page: gated(
      'autoClosing',
      lazyPage(() => import('./pages/auto-resolving-page').then((m) => m.AutoResolvingPage)),
    ),
  },
  {
    slug: 'conversation-transcript',
    group: 'conversations',
    Page: gated(
      'conversationTranscript',
      lazyPage(() => import('./pages/transcript-settings-page').then((m) => m.TranscriptSettingsPage)),
    ),
  },
  {
    slug: 'waiting-queue',
    group: 'conversations',
    Page: gated(
      'waitingQueue',
      lazyPage(() => import('./pages/waiting-queue-settings-page').then((m) => m.WaitingQueueSettingsPage)),
    ),
  },
  {
    slug: 'conversation-preferences',
    group: 'conversations',
    Page: lazyPage(() =>
      import('./pages/conversation-preferences-page').then((m) => m.ConversationPreferencesPage),
    ),
  },
  {
    slug: 'quick-replies',
    group: 'conversations',
    Page: lazyPage(() => import('./pages/quick-replies-page').then((m) => m.QuickRepliesPage)),
  },
  {
    slug: 'manage-tags',
    group: 'conversations',
    Page: lazyPage(() => import('./pages/manage-tags-page').then((m) => m.ManageTagsPage)),
  },
];
