// @convo/api/accounts/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/accounts with
// `import type`, which the bundle never holds.

export * from './account-paths.js';

// agent-app.ts

export const AGENT_APP_PATHS = {
  /** Signed in: a fresh sign-in link (earlier unused ones stop working). */
  link: '/api/users/mobile-sign-in',
  /** Public: the phone trades the link's token for its own session. */
  exchange: '/api/mobile-sign-in',
} as const;

// applications.ts

export const APPLICATION_PATHS = {
  /** GET: the caller's applications; POST: a new application of the caller's company. */
  list: '/api/applications',
  /** POST: a session for another application the caller is a member of. */
  switch: '/api/applications/switch',
  /** Messaging API (Applozic `user/getlist?roleNameList=APPLICATION_WEB_ADMIN`): id → name. */
  listByRole: '/rest/ws/user/getlist',
} as const;

export const APPLICATION_NAME_MAX = 100;

// email-change.ts

export const EMAIL_CHANGE_PATHS = {
  /** Signed in: mail a signed confirmation link to the new address. */
  request: '/api/users/email/change',
  /** Public: the link's token makes the change. */
  confirm: '/api/email/update',
} as const;

// notification-settings.ts

export const NOTIFICATION_SETTINGS_PATHS = {
  email: '/api/settings/email-notifications',
  pushPublicKey: '/api/push/public-key',
  pushSubscriptions: '/api/push/subscriptions',
  pushSubscription: '/api/push/subscriptions/:id',
  pushTest: '/api/push/test',
} as const;

export const pushSubscriptionPath = (id: string) =>
  NOTIFICATION_SETTINGS_PATHS.pushSubscription.replace(':id', encodeURIComponent(id));

export const MAIL_PREFERENCES_PATH = '/api/mail-preferences';

// onboarding.ts

export const ONBOARDING_PATHS = {
  onboarding: '/api/onboarding',
} as const;

// sso.ts

export const SSO_PATHS = {
  settings: '/api/settings/sso',
  start: '/api/auth/sso/start',
  callback: '/api/auth/sso/callback',
} as const;

// team-admin.ts

export const TEAM_ADMIN_PATHS = {
  members: '/api/users/members',
  membersUpdate: '/api/users',
  member: '/api/users/members/:userName',
  bots: '/api/users/bots',
  invite: '/api/users/invite',
  inviteList: '/api/users/invite/list',
  inviteDetail: '/api/users/invite/detail',
  inviteResend: '/api/users/invite/resend',
  invitation: '/api/users/invitation',
  rolesPermissions: '/api/settings/roles-permissions',
  profile: '/api/users/profile',
  profileImage: '/api/users/profile/image',
  company: '/api/settings/company',
  companySupportWidget: '/api/settings/company/support-widget',
  privilegeCheck: '/api/users/privileges/:key',
} as const;

export const memberPath = (userName: string) =>
  TEAM_ADMIN_PATHS.member.replace(':userName', encodeURIComponent(userName));

export const privilegeCheckPath = (key: string) =>
  TEAM_ADMIN_PATHS.privilegeCheck.replace(':key', encodeURIComponent(key));

// two-factor.ts

export const TWO_FACTOR_PATHS = {
  status: '/api/2fa/status',
  generateQr: '/api/2fa/generate-qr',
  setup: '/api/2fa/setup',
  update: '/api/2fa/update',
  recoveryCodes: '/api/2fa/recovery-codes',
} as const;
