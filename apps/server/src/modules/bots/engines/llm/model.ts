import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { DEFAULT_LLM_MODELS, DEFAULT_OPENAI_COMPATIBLE_MODEL, type LlmBotEngine } from '@convo/domain';
import { generateText, type LanguageModel } from 'ai';
import type { Db } from '../../../../platform/db/database.js';
import { outbound } from '../../../../platform/outbound/index.js';
import { BotEngineError, type BotRuntimeConfig } from '../../engine.js';
import { listBots, runtimeConfigOf } from '../../repository.js';
import { LLM_DEFAULT_TIMEOUT_MS, parseLlmSettings } from './prompt.js';
import { toBotEngineError } from './run.js';

// The language model of an AI agent, as its engine builds it (engines/openai, anthropic, gemini):
// the agent's own key, model and base URL, never the server's keys. Agent assist (suggestions,
// summaries, translation) needs a plain completion, not the engines' chat turn with its
// support-assistant prompt and tools; code generation (code-actions/) uses it too.

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

const LLM_ENGINES: readonly string[] = ['openai', 'anthropic', 'gemini'] satisfies LlmBotEngine[];
export const isLlm = (engine: string): engine is LlmBotEngine => LLM_ENGINES.includes(engine);

export function agentModel(bot: BotRuntimeConfig, options: ModelOptions): AgentModel {
  if (!isLlm(bot.engine)) throw new BotEngineError('PROVIDER_ERROR', `${bot.name} has no language model.`);
  const engine = bot.engine;
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

/**
 * The application's AI agent that assist calls on: the first enabled agent on an LLM engine with a
 * key (or an OpenAI-compatible base URL, which may need none); null when it has none.
 */
export async function assistAgent(
  db: Db,
  applicationId: string,
  appSecret: string,
): Promise<BotRuntimeConfig | null> {
  for (const row of await listBots(db, applicationId)) {
    if (!row.enabled || !isLlm(row.engine)) continue;
    const bot = runtimeConfigOf(row, appSecret);
    if (!bot) continue;
    const settings = parseLlmSettings(bot.settings);
    if (bot.apiKey || (bot.engine === 'openai' && settings.baseUrl)) return bot;
  }
  return null;
}

export interface CompletionInput {
  system: string;
  prompt: string;
  /** Bounds what one answer can cost. */
  maxOutputTokens: number;
  /** Upper bound of the call (ms); the agent's own `timeoutMs` setting may lower it. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * One plain completion with the agent's model: the answer's text, or a BotEngineError (invalid
 * key, rate limit, timeout, provider error) whose message never carries the key.
 */
export async function completeWithAgent(
  bot: BotRuntimeConfig,
  options: ModelOptions,
  input: CompletionInput,
): Promise<string> {
  const { model, providerOptions } = agentModel(bot, options);
  const settings = parseLlmSettings(bot.settings);
  const timeoutMs = Math.min(input.timeoutMs, settings.timeoutMs ?? LLM_DEFAULT_TIMEOUT_MS);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, timeoutMs);
  const forward = () => controller.abort(input.signal?.reason);
  input.signal?.addEventListener('abort', forward, { once: true });
  try {
    const result = await generateText({
      model,
      system: input.system,
      prompt: input.prompt,
      abortSignal: controller.signal,
      // An agent is waiting: one attempt, bounded by the timeout.
      maxRetries: 0,
      maxOutputTokens: input.maxOutputTokens,
      ...(providerOptions ? { providerOptions } : {}),
    });
    return result.text.trim();
  } catch (err) {
    throw toBotEngineError(err, timedOut, timeoutMs);
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener('abort', forward);
  }
}
