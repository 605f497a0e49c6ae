import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { DEFAULT_LLM_MODELS } from '@convo/domain';
import { type BotEngine, BotEngineError } from '../../engine.js';
import { parseLlmSettings } from '../llm/prompt.js';
import { type LlmEngineOptions, runLlmReply } from '../llm/run.js';

// Google's Gemini API (Generative Language) through @ai-sdk/google.

export function createGeminiEngine(options: LlmEngineOptions = {}): BotEngine {
  return {
    kind: 'gemini',
    reply: async (input) => {
      // A bot's own base URL is for OpenAI-compatible servers only: one left over from an earlier
      // engine must not receive this provider's key.
      const settings = parseLlmSettings(input.bot.settings);
      const apiKey = input.bot.apiKey ?? undefined;
      // Never the server's GOOGLE_GENERATIVE_AI_API_KEY: each bot spends its own key.
      if (!apiKey) throw new BotEngineError('INVALID_CREDENTIALS', 'No Gemini API key is set for this bot.');
      const provider = createGoogleGenerativeAI({
        apiKey,
        baseURL: options.baseURL,
        fetch: options.fetch,
      });
      return runLlmReply(input, {
        model: provider(settings.model ?? DEFAULT_LLM_MODELS.gemini),
        timeoutMs: options.timeoutMs,
      });
    },
  };
}
