// The front door of dev-mailbox: what other modules and the composition root (app.ts) may use.
export { devMailboxKey, warnsWithoutSmtp } from './access.js';
export { devMailboxRoutes } from './routes.js';
