import { createAnthropic } from '@ai-sdk/anthropic';
import { DEFAULT_LLM_MODELS } from '@convo/domain';
import { type BotEngine, BotEngineError } from '../../engine.js';
import { parseLlmSettings } from '../llm/prompt.js';
import { type LlmEngineOptions, runLlmReply } from '../llm/run.js';

// Anthropic's Messages API (Claude) through @ai-sdk/anthropic.

export function createAnthropicEngine(options: LlmEngineOptions = {}): BotEngine {
  return {
    kind: 'anthropic',
    reply: async (input) => {
      // A bot's own base URL is for OpenAI-compatible servers only: one left over from an earlier
      // engine must not receive this provider's key.
      const settings = parseLlmSettings(input.bot.settings);
      const apiKey = input.bot.apiKey ?? undefined;
      // Never the server's ANTHROPIC_API_KEY: each bot spends its own key.
      if (!apiKey)
        throw new BotEngineError('INVALID_CREDENTIALS', 'No Anthropic API key is set for this bot.');
      const provider = createAnthropic({
        apiKey,
        baseURL: options.baseURL,
        fetch: options.fetch,
      });
      return runLlmReply(input, {
        model: provider(settings.model ?? DEFAULT_LLM_MODELS.anthropic),
        timeoutMs: options.timeoutMs,
      });
    },
  };
}
