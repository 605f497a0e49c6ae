// The front door of mail-preferences: the signed /unsubscribe link other mails carry (the
// composition root gives it to email-notifications).
export { unsubscribeUrl } from './link-token.js';
export { mailPreferenceRoutes } from './routes.js';
