// The front door of email-fallback: what other modules and the composition root (app.ts) may use.
export { EMAIL_FALLBACK_QUEUE, enqueueEmailFallbacksOfSends } from './enqueue.js';
export { emailFallbackHandler } from './fallback-job.js';
export { emailFallbackRoutes } from './routes.js';
