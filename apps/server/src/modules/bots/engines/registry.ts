import type { BotPlatform, LlmBotEngine } from '@convo/domain';
import type { AppConfig } from '../../../platform/config.js';
import type { BotEngine } from '../engine.js';
import { createAnthropicEngine } from './anthropic/index.js';
import { createViaKmEngine, externalEngines } from './external/index.js';
import { createGeminiEngine } from './gemini/index.js';
import { createOpenAIEngine } from './openai/index.js';

// The LLM engines as configured; `app.ts` adds kompose (and later engines) to this map.

export function llmEngines(config: Pick<AppConfig, 'llmBaseUrls'>): ReadonlyMap<LlmBotEngine, BotEngine> {
  return new Map<LlmBotEngine, BotEngine>([
    ['openai', createOpenAIEngine({ baseURL: config.llmBaseUrls.openai })],
    ['gemini', createGeminiEngine({ baseURL: config.llmBaseUrls.gemini })],
    ['anthropic', createAnthropicEngine({ baseURL: config.llmBaseUrls.anthropic })],
  ]);
}

/**
 * The external engines (Dialogflow ES/CX, Lex, Watson, custom) as configured, and viaKM: the given
 * kompose first, the external engine whose credentials the bot holds second.
 */
export function externalBotEngines(
  config: Pick<AppConfig, 'externalBots'>,
  kompose: BotEngine,
): ReadonlyMap<BotPlatform, BotEngine> {
  const externals = externalEngines(config.externalBots);
  return new Map<BotPlatform, BotEngine>([
    ...externals,
    ['viaKM', createViaKmEngine({ kompose, externals })],
  ]);
}
