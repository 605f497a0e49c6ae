// The front door of email-notifications: what other modules and the composition root (app.ts) may use.
export { emailNotificationRoutes } from './routes.js';
export {
  configureMailLinks,
  getSettings,
  type MailLinks,
  mailAssignedAgent,
  saveSettings,
} from './service.js';
