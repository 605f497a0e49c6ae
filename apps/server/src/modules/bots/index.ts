// The front door of bots: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.
export { insertMissingIntents } from './builder/repository.js';
export type { BotRuntimeConfig, BotTools, RetrievedPassage } from './engine.js';
export { messageLanguage } from './engines/kompose/language.js';
export { createSmartReplyEngine } from './engines/smartreply/engine.js';
export { rankReplies } from './engines/smartreply/ranking.js';
export { MIN_SUGGESTION_SCORE } from './engines/smartreply/settings.js';
export { applicationSources, enabledBots } from './engines/smartreply/sources.js';
export { configuredEmbedder, type Embedder } from './knowledge/embeddings.js';
export { queueHelpCenterSync } from './knowledge/help-center-source.js';
export { setFirstResponder } from './repository.js';
export { findEnabledBotOfMember, findFirstResponder, insertBotConversation } from './runtime/repository.js';
export { createBotIn } from './service.js';
