// The front door of bots: what other modules may use, by name; the rest of its repository stays private
// (scripts/check-import-cycles.mjs refuses imports past an index.ts). It re-exports repository files and
// small files, never services or routes, so importing it closes no file circle.
export { insertMissingIntents } from './builder/repository.js';
// The integrations hub's AI model providers (issue 38 item 6), wired by the composition root: the
// agents' keys masked and tested; its files reach bots' repository and engines only.
export { aiModelCredentialRoutes } from './credentials/routes.js';
export type { BotRuntimeConfig, BotTools, RetrievedPassage } from './engine.js';
export { messageLanguage } from './engines/kompose/language.js';
export { createSmartReplyEngine } from './engines/smartreply/engine.js';
export { rankReplies } from './engines/smartreply/ranking.js';
export { MIN_SUGGESTION_SCORE } from './engines/smartreply/settings.js';
export { applicationSources, enabledBots } from './engines/smartreply/sources.js';
export { configuredEmbedder, type Embedder } from './knowledge/embeddings.js';
export { setFirstResponder } from './repository.js';
export { findEnabledBotOfMember, findFirstResponder, insertBotConversation } from './runtime/repository.js';
