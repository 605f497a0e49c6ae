import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { DEFAULT_LLM_MODELS, DEFAULT_OPENAI_COMPATIBLE_MODEL, type LlmBotEngine } from '@convo/domain';
import type { LanguageModel } from 'ai';
import { outbound } from '../../../platform/outbound/index.js';
import type { BotRuntimeConfig } from '../engine.js';
import { BotEngineError } from '../engine.js';
import { parseLlmSettings } from '../engines/llm/prompt.js';

// The language model of an AI agent, as its engine builds it (engines/openai, anthropic, gemini):
// the agent's own key, model and base URL, never the server's keys. Code generation needs a plain
// completion, not the engines' chat turn with its support-assistant prompt and tools.

export interface ModelOptions {
  /** The providers' API base URLs (config OPENAI_BASE_URL…, or fakes). */
  llmBaseUrls: Partial<Record<LlmBotEngine, string | undefined>>;
  /** For an agent's own base URL (an OpenAI-compatible server); the outbound guard by default. */
  tenantFetch?: typeof globalThis.fetch | undefined;
}

export interface AgentModel {
  model: LanguageModel;
  /** Provider options the engine also sends (OpenAI: nothing stored at the provider). */
  providerOptions?: { openai: { store: false } } | undefined;
}

export function agentModel(bot: BotRuntimeConfig, engine: LlmBotEngine, options: ModelOptions): AgentModel {
  const settings = parseLlmSettings(bot.settings);
  const apiKey = bot.apiKey ?? undefined;
  if (engine === 'openai' && settings.baseUrl) {
    const provider = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: settings.baseUrl,
      apiKey,
      // An address an admin typed: through the outbound guard, as the engine does.
      fetch: options.tenantFetch ?? outbound.fetch,
    });
    return { model: provider.chatModel(settings.model ?? DEFAULT_OPENAI_COMPATIBLE_MODEL) };
  }
  if (!apiKey) throw new BotEngineError('INVALID_CREDENTIALS', `No API key is set for ${bot.name}.`);
  const baseURL = options.llmBaseUrls[engine];
  if (engine === 'openai') {
    return {
      model: createOpenAI({ apiKey, baseURL }).responses(settings.model ?? DEFAULT_LLM_MODELS.openai),
      providerOptions: { openai: { store: false } },
    };
  }
  if (engine === 'anthropic') {
    return { model: createAnthropic({ apiKey, baseURL })(settings.model ?? DEFAULT_LLM_MODELS.anthropic) };
  }
  return {
    model: createGoogleGenerativeAI({ apiKey, baseURL })(settings.model ?? DEFAULT_LLM_MODELS.gemini),
  };
}
