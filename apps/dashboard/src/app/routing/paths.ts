// Paths of the screens built so far. Screens of later issues are added here when they exist.

// The paths index.html's early start reads (app/early/early-start.ts) are constants of their own:
// it is inlined in every page, and PATHS whole would be most of its size.
export const LOGIN_PATH = '/loginv2';
export const LOGIN_SSO_PATH = '/loginv2/sso';
export const DASHBOARD_PATH = '/dashboard';
export const CONVERSATIONS_PATH = '/conversations';

export const PATHS = {
  root: '/',
  login: LOGIN_PATH,
  loginSso: LOGIN_SSO_PATH,
  oldLogin: '/login',
  oldLoginSso: '/login/sso',
  signup: '/signup',
  signupV2: '/signupV2',
  passwordReset: '/password/reset',
  passwordUpdate: '/password/update',
  emailValidate: '/email/validate',
  emailUpdate: '/email/update',
  bigCommerce: '/bigcommerce',
  dialogflowCallback: '/dialogflow-callback',
  liveAgent: '/live-agent',
  documentPreview: '/document-preview',
  /** SPEC §2 `{token}`: the single-use sign-in link of the agent app's QR code (docs/decisions.md). */
  tokenSignIn: '/t/:token',
  subscribe: '/subscribe',
  unsubscribe: '/unsubscribe',
  devMailbox: '/dev/mailbox',
  twoFactorSetup: '/2fa/setup',
  notFound: '/404',
  help: '/help',
  dashboard: DASHBOARD_PATH,
  conversations: CONVERSATIONS_PATH,
  users: '/users',
  messageLogs: '/message-logs',
  waitingQueueStats: '/waiting-queue/stats',
  reports: '/reports',
  metabaseDashboard: '/metabase-dashboard',
  startingUp: '/startingup',
  getStarted: '/getstarted',
  welcome: '/welcome',
  onboarding: '/onboarding',
  setUpPage: '/setUpPage',
  /** SPEC §2 multi-application selector (public route; signed-in content). */
  apps: '/apps',
  installation: '/installation',
  errorReports: '/error-reports',
  settings: '/settings',
  manageBots: '/bots/manage-bots',
  botIntegrations: '/bots/bot-integrations',
  botBuilderList: '/bots/bot-builder-list',
  botBuilder: '/bots/bot-builder',
  botSuggestions: '/bots/suggestions',
  botAnalytics: '/bots/analytics',
  helpCenterContent: '/helpcenter/content',
  helpCenterCustomization: '/helpcenter/customization',
  helpCenterAnswerBot: '/helpcenter/answer-bot',
  faq: '/faq',
  integrations: '/integrations',
  integrationsAll: '/integrations/all',
  integrationDetails: '/integration-details',
  messaging: '/messaging',
  manageIntegrations: '/manage',
  /** SPEC §2: the automation connector (REST hooks for Zapier, Make, n8n). */
  automationIntegration: '/integrations/automation-analytics',
  /** SPEC §2: CRMs and helpdesks (Zendesk, HubSpot, Salesforce). */
  crmsIntegration: '/integrations/crms',
  components: '/components',
  configuration: '/configuration',
  policies: '/policies',
  bot: '/bot',
  campaigns: '/campaign-message',
  campaignPlatforms: '/campaign-message/platforms',
} as const;

/**
 * Authenticated screens that exist, in navigation order. The landing page is the first of these the
 * user may open (after the variant's preferred landing, once that screen exists).
 */
export const BUILT_AUTHENTICATED_ROUTES: readonly string[] = [
  PATHS.dashboard,
  PATHS.conversations,
  PATHS.users,
  PATHS.messageLogs,
  PATHS.waitingQueueStats,
  PATHS.reports,
  PATHS.metabaseDashboard,
  PATHS.manageBots,
  PATHS.botIntegrations,
  PATHS.botBuilderList,
  PATHS.integrations,
  PATHS.campaigns,
  PATHS.help,
];
