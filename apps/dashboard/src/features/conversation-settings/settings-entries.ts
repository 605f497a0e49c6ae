// The inbox's settings pages in the settings menu, each its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { gated } from '../billing/feature-gate';

export const CONVERSATION_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'notification-preferences',
    group: 'account',
    Page: lazyPage(() =>
      import('./notification-preferences-page').then((m) => m.NotificationPreferencesPage),
    ),
  },
  {
    slug: 'conversation-rules',
    group: 'conversations',
    Page: lazyPage(() => import('./conversation-rules-page').then((m) => m.ConversationRulesPage)),
  },
  {
    slug: 'conversation-auto-resolving',
    group: 'conversations',
    Page: gated(
      'autoClosing',
      lazyPage(() => import('./auto-resolving-page').then((m) => m.AutoResolvingPage)),
    ),
  },
  {
    slug: 'conversation-transcript',
    group: 'conversations',
    Page: gated(
      'conversationTranscript',
      lazyPage(() => import('./transcript-settings-page').then((m) => m.TranscriptSettingsPage)),
    ),
  },
  {
    slug: 'waiting-queue',
    group: 'conversations',
    Page: gated(
      'waitingQueue',
      lazyPage(() => import('./waiting-queue-settings-page').then((m) => m.WaitingQueueSettingsPage)),
    ),
  },
  {
    slug: 'conversation-preferences',
    group: 'conversations',
    Page: lazyPage(() =>
      import('./conversation-preferences-page').then((m) => m.ConversationPreferencesPage),
    ),
  },
  {
    slug: 'quick-replies',
    group: 'conversations',
    Page: lazyPage(() => import('./quick-replies-page').then((m) => m.QuickRepliesPage)),
  },
  {
    slug: 'manage-tags',
    group: 'conversations',
    Page: lazyPage(() => import('./manage-tags-page').then((m) => m.ManageTagsPage)),
  },
];
