// @convo/api/accounts: sign-up, sign-in, session, password and e-mail change, SSO, two-factor,
// applications, the agent app, onboarding, a member's notification settings and team administration
// (members, invitations, roles, company). Other contexts import this one only through this file or
// constants.ts.

export * from './accounts.js';
export * from './agent-app.js';
export * from './applications.js';
export * from './constants.js';
export * from './email-change.js';
export * from './notification-settings.js';
export * from './onboarding.js';
export * from './sso.js';
export * from './team-admin.js';
export * from './two-factor.js';
