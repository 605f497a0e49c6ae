import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { DEFAULT_LLM_MODELS, DEFAULT_OPENAI_COMPATIBLE_MODEL } from '@convo/domain';
import { outbound } from '../../../../platform/outbound/index.js';
import { type BotEngine, BotEngineError } from '../../engine.js';
import { parseLlmSettings } from '../llm/prompt.js';
import { type LlmEngineOptions, runLlmReply } from '../llm/run.js';

// OpenAI through its Responses API (the SDK's default), or, when the bot has a base URL, any
// OpenAI-compatible server (Ollama, vLLM, LM Studio) through Chat Completions with an optional key.

export function createOpenAIEngine(options: LlmEngineOptions = {}): BotEngine {
  return {
    kind: 'openai',
    reply: async (input) => {
      const settings = parseLlmSettings(input.bot.settings);
      const apiKey = input.bot.apiKey ?? undefined;
      if (settings.baseUrl) {
        const provider = createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: settings.baseUrl,
          apiKey,
          includeUsage: true,
          // The bot's own address (an admin typed it): through the outbound guard, which never
          // sends the bot's key into the server's network unless OUTBOUND_ALLOW names it.
          fetch: options.tenantFetch ?? outbound.fetch,
        });
        return runLlmReply(input, {
          model: provider.chatModel(settings.model ?? DEFAULT_OPENAI_COMPATIBLE_MODEL),
          timeoutMs: options.timeoutMs,
        });
      }
      // Never the server's OPENAI_API_KEY: a bot without its own key must not spend someone else's.
      if (!apiKey) throw new BotEngineError('INVALID_CREDENTIALS', 'No OpenAI API key is set for this bot.');
      const provider = createOpenAI({ apiKey, baseURL: options.baseURL, fetch: options.fetch });
      return runLlmReply(input, {
        model: provider.responses(settings.model ?? DEFAULT_LLM_MODELS.openai),
        // Customers' conversations are not kept at OpenAI; every request carries its own history.
        providerOptions: { openai: { store: false } },
        timeoutMs: options.timeoutMs,
      });
    },
  };
}
