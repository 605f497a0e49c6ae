// The front door of transcripts: what other modules and the composition root (app.ts) may use.
export { transcriptRoutes } from './routes.js';
// The transcript as text and HTML: the CRM module sends it as a Zendesk ticket or a logged activity.
export { buildTranscript } from './service.js';
export { transcriptOnResolveHandler } from './transcript-on-resolve.js';
export { TRANSCRIPT_ON_RESOLVE_QUEUE, transcriptOnResolved } from './transcript-on-resolve-queue.js';
