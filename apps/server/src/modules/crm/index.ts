// The front door of CRMs and helpdesks (issue 38 item 3): the routes, the providers this server runs,
// the resolve subscriber and its queue's handler (wired in app.ts).
export { type CrmProviders, type CrmSetup, crmProviders } from './registry.js';
export { crmRoutes } from './routes.js';
export type { CrmDeps } from './service.js';
export { CRM_SYNC_QUEUE, crmOnResolved, crmSyncHandler } from './sync-queue.js';
