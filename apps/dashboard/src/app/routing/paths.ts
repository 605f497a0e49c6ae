// Paths of the screens built so far. Screens of later issues are added here when they exist.

export const PATHS = {
  root: '/',
  login: '/loginv2',
  loginSso: '/loginv2/sso',
  oldLogin: '/login',
  oldLoginSso: '/login/sso',
  signup: '/signup',
  signupV2: '/signupV2',
  passwordReset: '/password/reset',
  passwordUpdate: '/password/update',
  emailValidate: '/email/validate',
  devMailbox: '/dev/mailbox',
  twoFactorSetup: '/2fa/setup',
  notFound: '/404',
  help: '/help',
  dashboard: '/dashboard',
  conversations: '/conversations',
  users: '/users',
  messageLogs: '/message-logs',
  waitingQueueStats: '/waiting-queue/stats',
  startingUp: '/startingup',
  getStarted: '/getstarted',
  welcome: '/welcome',
  onboarding: '/onboarding',
  setUpPage: '/setUpPage',
  installation: '/installation',
  errorReports: '/error-reports',
  settings: '/settings',
  manageBots: '/bots/manage-bots',
  botIntegrations: '/bots/bot-integrations',
  botBuilderList: '/bots/bot-builder-list',
  botBuilder: '/bots/bot-builder',
  botSuggestions: '/bots/suggestions',
  helpCenterContent: '/helpcenter/content',
  helpCenterCustomization: '/helpcenter/customization',
  faq: '/faq',
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
  PATHS.manageBots,
  PATHS.botIntegrations,
  PATHS.botBuilderList,
  PATHS.help,
];
