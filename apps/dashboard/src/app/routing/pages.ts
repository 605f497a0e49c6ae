// Every page is its own chunk (route-level code splitting); the shell stays in the initial bundle.

import { lazyPage } from './lazy-page';

export const LoginPage = lazyPage(
  () => import('../../features/auth/pages/login-page').then((m) => m.LoginPage),
  {
    bootStylesOnly: true,
  },
);
export const SignupPage = lazyPage(() =>
  import('../../features/auth/pages/signup-page').then((m) => m.SignupPage),
);
export const PasswordResetPage = lazyPage(() =>
  import('../../features/auth/pages/password-reset-page').then((m) => m.PasswordResetPage),
);
export const PasswordUpdatePage = lazyPage(() =>
  import('../../features/auth/pages/password-reset-page').then((m) => m.PasswordUpdatePage),
);
export const EmailValidatePage = lazyPage(() =>
  import('../../features/auth/pages/email-validate-page').then((m) => m.EmailValidatePage),
);
export const DevMailboxPage = lazyPage(() =>
  import('../../features/dev-mailbox/dev-mailbox-page').then((m) => m.DevMailboxPage),
);
export const DashboardPage = lazyPage(
  () => import('../../features/home/dashboard-page').then((m) => m.DashboardPage),
  { landingStylesOnly: true },
);
export const HelpPage = lazyPage(() => import('../../features/help/help-page').then((m) => m.HelpPage));
export const PublicHelpPage = lazyPage(() =>
  import('../../features/help/public-help-page').then((m) => m.PublicHelpPage),
);
export const SettingsLayout = lazyPage(() =>
  import('../../features/settings/settings-layout').then((m) => m.SettingsLayout),
);
export const InboxPage = lazyPage(
  () => import('../../features/inbox/pages/inbox-page').then((m) => m.InboxPage),
  { landingStylesOnly: true },
);
export const MessageLogsPage = lazyPage(() =>
  import('../../features/message-logs/message-logs-page').then((m) => m.MessageLogsPage),
);
export const WaitingQueueStatsPage = lazyPage(() =>
  import('../../features/waiting-queue/waiting-queue-stats-page').then((m) => m.WaitingQueueStatsPage),
);
export const ReportsPage = lazyPage(() =>
  import('../../features/analytics/pages/reports-page').then((m) => m.ReportsPage),
);
export const MetabasePage = lazyPage(() =>
  import('../../features/analytics/pages/metabase-page').then((m) => m.MetabasePage),
);
export const CampaignsPage = lazyPage(() =>
  import('../../features/campaigns/campaigns-page').then((m) => m.CampaignsPage),
);
export const CampaignComposePage = lazyPage(() =>
  import('../../features/campaigns/campaign-compose-page').then((m) => m.CampaignComposePage),
);
export const UsersPage = lazyPage(() => import('../../features/users/users-page').then((m) => m.UsersPage));
export const TwoFactorSetupPage = lazyPage(() =>
  import('../../features/security/two-factor-setup-page').then((m) => m.TwoFactorSetupPage),
);
export const ManageBotsPage = lazyPage(() =>
  import('../../features/bots/manage/manage-bots-page').then((m) => m.ManageBotsPage),
);
export const BotIntegrationsPage = lazyPage(() =>
  import('../../features/bots/integrations/bot-integrations-page').then((m) => m.BotIntegrationsPage),
);
export const BotBuilderListPage = lazyPage(() =>
  import('../../features/bots/builder-list/bot-builder-list-page').then((m) => m.BotBuilderListPage),
);
export const AutomationPage = lazyPage(() =>
  import('../../features/integrations/automation/automation-page').then((m) => m.AutomationPage),
);
export const CrmsPage = lazyPage(() =>
  import('../../features/integrations/crms/crms-page').then((m) => m.CrmsPage),
);
export const IntegrationsPage = lazyPage(() =>
  import('../../features/integrations/integrations-page').then((m) => m.IntegrationsPage),
);
export const IntegrationDetailsPage = lazyPage(() =>
  import('../../features/integrations/integration-details-page').then((m) => m.IntegrationDetailsPage),
);
export const BotSuggestionsPage = lazyPage(() =>
  import('../../features/bots/suggestions/suggestions-page').then((m) => m.SuggestionsPage),
);
export const BotAnalyticsPage = lazyPage(() =>
  import('../../features/analytics/pages/bot-analytics-page').then((m) => m.BotAnalyticsPage),
);
export const BotBuilderPage = lazyPage(() =>
  import('../../features/bots/builder/bot-builder-page').then((m) => m.BotBuilderPage),
);
export const HelpCenterArticlesPage = lazyPage(() =>
  import('../../features/help-center/articles/articles-page').then((m) => m.ArticlesPage),
);
export const HelpCenterCustomizationPage = lazyPage(() =>
  import('../../features/help-center/customization/customization-page').then((m) => m.CustomizationPage),
);
export const HelpCenterAnswerBotPage = lazyPage(() =>
  import('../../features/help-center/answer-bot/answer-bot-page').then((m) => m.AnswerBotPage),
);
export const HelpCenterArticleEditorPage = lazyPage(() =>
  import('../../features/help-center/articles/article-editor-page').then((m) => m.ArticleEditorPage),
);
export const WelcomePage = lazyPage(() =>
  import('../../features/onboarding/welcome-page').then((m) => m.WelcomePage),
);
export const StartingUpPage = lazyPage(() =>
  import('../../features/onboarding/welcome-page').then((m) => m.StartingUpPage),
);
export const GetStartedPage = lazyPage(() =>
  import('../../features/onboarding/welcome-page').then((m) => m.GetStartedPage),
);
export const SetUpPage = lazyPage(() =>
  import('../../features/onboarding/setup-page').then((m) => m.SetUpPage),
);
export const ErrorReportsPage = lazyPage(() =>
  import('../../features/error-reports/error-reports-page').then((m) => m.ErrorReportsPage),
);
export const BillingStatePages = {
  TrialExpired: lazyPage(() =>
    import('../../features/billing/pages/account-state-pages').then((m) => m.TrialExpiredPage),
  ),
  AccountSuspended: lazyPage(() =>
    import('../../features/billing/pages/account-state-pages').then((m) => m.AccountSuspendedPage),
  ),
  HelpCenterBilling: lazyPage(() =>
    import('../../features/billing/pages/helpcenter-billing-page').then((m) => m.HelpCenterBillingPage),
  ),
};
export const ApplicationsPage = lazyPage(() =>
  import('../../features/applications/applications-page').then((m) => m.ApplicationsPage),
);
export const MailPreferencesPage = lazyPage(() =>
  import('../../features/notification-settings/mail-preferences-page').then((m) => m.MailPreferencesPage),
);
export const EmailUpdatePage = lazyPage(() =>
  import('../../features/auth/pages/email-update-page').then((m) => m.EmailUpdatePage),
);
export const BigCommercePage = lazyPage(() =>
  import('../../features/public-pages/bigcommerce-page').then((m) => m.BigCommercePage),
);
export const DialogflowCallbackPage = lazyPage(() =>
  import('../../features/public-pages/dialogflow-callback-page').then((m) => m.DialogflowCallbackPage),
);
export const LiveAgentPage = lazyPage(() =>
  import('../../features/public-pages/live-agent-page').then((m) => m.LiveAgentPage),
);
export const DocumentPreviewPage = lazyPage(() =>
  import('../../features/document-preview/document-preview-page').then((m) => m.DocumentPreviewPage),
);
export const TokenSignInPage = lazyPage(() =>
  import('../../features/agent-app/token-sign-in-page').then((m) => m.TokenSignInPage),
);
export const ConfigurationPage = lazyPage(() =>
  import('../../features/configuration/configuration-page').then((m) => m.ConfigurationPage),
);
export const ComponentsPage = lazyPage(() =>
  import('../../features/components-gallery/components-page').then((m) => m.ComponentsPage),
);
export const PoliciesPage = lazyPage(() =>
  import('../../features/policies/policies-page').then((m) => m.PoliciesPage),
);
