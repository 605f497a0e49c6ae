// The chat widget's settings pages in the settings menu (group 'widget'), each its own chunk.

import { lazyPage } from '../../app/routing/lazy-page';
import type { SettingsPage } from '../../app/routing/settings-paths';
import { gated } from '../billing/components/feature-gate';

export const WIDGET_SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    slug: 'install',
    group: 'widget',
    Page: lazyPage(() => import('./pages/install-page').then((m) => m.InstallPage)),
  },
  {
    slug: 'install-mobile',
    group: 'widget',
    hiddenFromMenu: true,
    Page: lazyPage(() => import('./pages/install-mobile-page').then((m) => m.InstallMobilePage)),
  },
  {
    slug: 'install-cms',
    group: 'widget',
    hiddenFromMenu: true,
    Page: lazyPage(() => import('./pages/install-cms-page').then((m) => m.InstallCmsPage)),
  },
  {
    slug: 'chat-widget-customization',
    group: 'widget',
    Page: lazyPage(() => import('./pages/customization-page').then((m) => m.CustomizationPage)),
  },
  {
    slug: 'chat-widget-configuration',
    group: 'widget',
    Page: lazyPage(() => import('./pages/configuration-page').then((m) => m.ConfigurationPage)),
  },
  {
    slug: 'welcome-message',
    group: 'widget',
    Page: lazyPage(() => import('./pages/welcome-message-page').then((m) => m.WelcomeMessagePage)),
  },
  {
    slug: 'away-message',
    group: 'widget',
    Page: lazyPage(() => import('./pages/away-message-page').then((m) => m.AwayMessagePage)),
  },
  {
    slug: 'greeting-message',
    group: 'widget',
    Page: lazyPage(() => import('./pages/greeting-message-page').then((m) => m.GreetingMessagePage)),
  },
  {
    slug: 'business-hours',
    group: 'widget',
    Page: gated(
      'businessHours',
      lazyPage(() => import('./pages/business-hours-page').then((m) => m.BusinessHoursPage)),
    ),
  },
  {
    slug: 'pre-chat-lead-collection',
    group: 'widget',
    Page: lazyPage(() =>
      import('./pages/pre-chat-lead-collection-page').then((m) => m.PreChatLeadCollectionPage),
    ),
  },
  {
    slug: 'csat-ratings',
    group: 'widget',
    Page: gated(
      'csat',
      lazyPage(() => import('./pages/csat-ratings-page').then((m) => m.CsatRatingsPage)),
    ),
  },
];
