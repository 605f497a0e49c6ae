// The front door of bots: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.
export { insertMissingIntents } from './builder/repository.js';
// The integrations hub's AI model providers (issue 38 item 6), wired by the composition root: the
// agents' keys masked and tested.
export { botBuilderRoutes } from './builder/routes.js';
// Custom actions (issue 36 item 4): code the application's LLM writes, run in the sandbox. Flows
// run a saved action as a step through runCodeAction and list them with listCodeActionsOf.
export { codeActionRoutes } from './code-actions/routes.js';
export {
  type CodeActionDeps,
  listCodeActionsOf,
  type RunCodeActionDeps,
  type RunCodeActionResult,
  runCodeAction,
} from './code-actions/service.js';
export { botEmulatorRoutes } from './emulator/routes.js';
export type { BotEngine, BotRuntimeConfig, BotTools, RetrievedPassage } from './engine.js';
export { BotEngineError } from './engine.js';
export { analyse, type Token } from './engines/kompose/analyser.js';
export { createKomposeEngine, savedSnapshots } from './engines/kompose/engine.js';
export { messageLanguage } from './engines/kompose/language.js';
export { KOMPOSE_TRAIN_QUEUE } from './engines/kompose/queue.js';
export { trainModels } from './engines/kompose/snapshot.js';
export { komposeTrainingHandler } from './engines/kompose/training.js';
export {
  type AgentModel,
  assistAgent,
  completeWithAgent,
  type ModelOptions,
} from './engines/llm/model.js';
export { externalBotEngines, llmEngines } from './engines/registry.js';
export { createSmartReplyEngine } from './engines/smartreply/engine.js';
export { rankReplies } from './engines/smartreply/ranking.js';
export { MIN_SUGGESTION_SCORE } from './engines/smartreply/settings.js';
export { applicationSources, enabledBots } from './engines/smartreply/sources.js';
export { botFlowRoutes } from './flows/routes.js';
export { configuredEmbedder, type Embedder } from './knowledge/embeddings.js';
export { queueHelpCenterSync } from './knowledge/help-center-source.js';
export { KNOWLEDGE_INDEX_QUEUE, knowledgeIndexHandler } from './knowledge/indexing.js';
export { splitPassages } from './knowledge/passages.js';
export { searchKnowledge } from './knowledge/retrieval.js';
export { knowledgeRoutes } from './knowledge/routes.js';
export { aiModelCredentialRoutes } from './model-keys/routes.js';
export { setFirstResponder } from './repository.js';
export { botRoutes } from './routes.js';
export { BOT_REPLY_QUEUE } from './runtime/enqueue.js';
export { createLlmCapGuard, type LlmCapGuard } from './runtime/llm-caps.js';
export { botsOnStoredMessages } from './runtime/on-messages-stored.js';
export { type BotRuntimeDeps, botReplyHandler } from './runtime/reply-job.js';
export { findEnabledBotOfMember, findFirstResponder, insertBotConversation } from './runtime/repository.js';
export { botRuntimeRoutes } from './runtime/routes.js';
export { createBotIn } from './service.js';
export { botSettingsRoutes } from './settings/routes.js';
