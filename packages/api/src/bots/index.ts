// @convo/api/bots: AI agents: bots and their engine settings, engine credentials, flows, the
// runtime (feedback, streaming, saved time), builder settings, knowledge sources, the starter bot,
// code actions. Other contexts import this one only through this file or constants.ts.

export * from './bot-credentials.js';
export * from './bot-flows.js';
export * from './bot-runtime.js';
export * from './bot-settings.js';
export * from './bots.js';
export * from './code-actions.js';
export * from './constants.js';
export * from './knowledge.js';
export * from './starter-bot.js';
