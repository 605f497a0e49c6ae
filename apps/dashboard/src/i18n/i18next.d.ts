// Translation keys are checked at compile time against the English files. A feature area with its
// own namespace (public/locales/<lng>/<ns>.json) adds it to `resources` here.
import 'i18next';
import type en from '../../public/locales/en/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      inbox: typeof import('../../public/locales/en/inbox.json');
      conversationSettings: typeof import('../../public/locales/en/conversationSettings.json');
      widgetSettings: typeof import('../../public/locales/en/widgetSettings.json');
      team: typeof import('../../public/locales/en/team.json');
      users: typeof import('../../public/locales/en/users.json');
      security: typeof import('../../public/locales/en/security.json');
      notifications: typeof import('../../public/locales/en/notifications.json');
      webhooks: typeof import('../../public/locales/en/webhooks.json');
      billing: typeof import('../../public/locales/en/billing.json');
      bots: typeof import('../../public/locales/en/bots.json');
      botBuilder: typeof import('../../public/locales/en/botBuilder.json');
      botSettings: typeof import('../../public/locales/en/botSettings.json');
      helpCenter: typeof import('../../public/locales/en/helpCenter.json');

      knowledge: typeof import('../../public/locales/en/knowledge.json');
      integrations: typeof import('../../public/locales/en/integrations.json');
      analytics: typeof import('../../public/locales/en/analytics.json');
      onboarding: typeof import('../../public/locales/en/onboarding.json');
      errorReports: typeof import('../../public/locales/en/errorReports.json');
      applications: typeof import('../../public/locales/en/applications.json');
      routes: typeof import('../../public/locales/en/routes.json');
      campaigns: typeof import('../../public/locales/en/campaigns.json');
      automation: typeof import('../../public/locales/en/automation.json');
      crms: typeof import('../../public/locales/en/crms.json');
    };
  }
}
