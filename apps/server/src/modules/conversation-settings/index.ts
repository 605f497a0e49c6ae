// The front door of conversation-settings: what other modules and the composition root (app.ts) may use.
export { conversationSettingsRoutes } from './routes.js';
export { mailsTranscriptOnResolve, preferencesOf, transcriptSettingsOf } from './service.js';
