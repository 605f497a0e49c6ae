import { DEFAULT_INTENTS } from '@convo/domain';
import {
  APICallError,
  hasToolCall,
  type LanguageModel,
  LoadAPIKeyError,
  RetryError,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { z } from 'zod';
import { outboundErrorIn } from '../../../../platform/outbound/index.js';
import { BotEngineError, type BotReply, type BotReplyInput, type RetrievedPassage } from '../../engine.js';
import {
  buildMessages,
  buildSystemPrompt,
  HANDOFF_TOOL,
  LLM_DEFAULT_TIMEOUT_MS,
  parseLlmSettings,
  SEARCH_KNOWLEDGE_TOOL,
} from './prompt.js';

// One LLM reply, whichever provider: the prompt, the two tools, streaming through `onDelta`, a
// hard timeout, usage, and provider failures mapped to BotEngineError codes the admin sees.

/** Passages handed to the model per search: enough to answer, few enough to stay cheap. */
const PASSAGES_PER_SEARCH = 4;
/** Tool call, answer, and one spare step (a second search); then the reply is what it is. */
const MAX_STEPS = 3;
const MAX_OUTPUT_TOKENS = 1024;

/** How the composition root (or a test) builds an LLM engine. */
export interface LlmEngineOptions {
  /** The provider's API base URL (config OPENAI_BASE_URL…, or a fake); default the provider's own. */
  baseURL?: string | undefined;
  /** Upper bound of a reply in ms (default 20 s). */
  timeoutMs?: number | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  /** For a bot's own base URL; the outbound guard's by default (tests may pass another guard). */
  tenantFetch?: typeof globalThis.fetch | undefined;
}

export interface LlmRunOptions {
  model: LanguageModel;
  providerOptions?: ProviderOptions | undefined;
  /** Upper bound of the provider call (ms); a bot's `timeoutMs` setting may lower it. */
  timeoutMs?: number | undefined;
}

type ProviderOptions = Parameters<typeof streamText>[0]['providerOptions'];

const NO_ANSWER: Pick<BotReply, 'intent' | 'confidence' | 'fallback'> = {
  intent: DEFAULT_INTENTS.fallback.name,
  confidence: 0,
  fallback: true,
};

export async function runLlmReply(input: BotReplyInput, options: LlmRunOptions): Promise<BotReply> {
  const { bot } = input;
  const settings = parseLlmSettings(bot.settings);
  const { messages, openingBotTurns } = buildMessages(input.turns);
  if (messages.at(-1)?.role !== 'user') return { messages: [], ...NO_ANSWER };

  let passage: RetrievedPassage | undefined;
  let handoff: { reason: string } | undefined;
  const tools = {
    [SEARCH_KNOWLEDGE_TOOL]: tool({
      description:
        "Searches the company's knowledge source (documents, help pages) and returns the most relevant passages.",
      inputSchema: z.object({
        query: z.string().trim().min(1).max(500).describe('What to look up, in a few words'),
      }),
      execute: async ({ query }) => {
        let found: RetrievedPassage[];
        try {
          found = await input.tools.searchKnowledge(query, PASSAGES_PER_SEARCH);
        } catch {
          // Our internal error (it may name hosts or tables) never goes to the provider.
          return { passages: [], note: 'The knowledge source could not be searched right now.' };
        }
        if (found[0]) passage = found[0];
        if (found.length === 0) return { passages: [], note: 'Nothing in the knowledge source matches.' };
        return {
          passages: found.map((p) => ({
            source: p.sourceName,
            url: p.url,
            heading: p.heading,
            text: p.text,
          })),
        };
      },
    }),
    [HANDOFF_TOOL]: tool({
      description: 'Hands the conversation to a human teammate. Use when the customer asks for a person.',
      inputSchema: z.object({ reason: z.string().trim().max(500).describe('Why a human should take over') }),
      execute: async ({ reason }) => {
        handoff = { reason: reason || 'The assistant asked for a human.' };
        return { handedOff: true };
      },
    }),
  };

  const timeoutMs = Math.min(
    settings.timeoutMs ?? LLM_DEFAULT_TIMEOUT_MS,
    options.timeoutMs ?? LLM_DEFAULT_TIMEOUT_MS,
  );
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, timeoutMs);
  const forwardAbort = () => controller.abort(input.signal.reason);
  if (input.signal.aborted) forwardAbort();
  input.signal.addEventListener('abort', forwardAbort, { once: true });

  let text = '';
  let stepEndedWithText = false;
  let usage: BotReply['usage'];
  try {
    const result = streamText({
      model: options.model,
      system: buildSystemPrompt(bot, openingBotTurns),
      messages,
      tools,
      stopWhen: [stepCountIs(MAX_STEPS), hasToolCall(HANDOFF_TOOL)],
      abortSignal: controller.signal,
      // The customer is waiting: a failure sends the fallback at once instead of retrying.
      maxRetries: 0,
      // A chat answer is short; this bounds what one runaway reply can cost.
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      // Failures are read from the stream below; the SDK's default handler would log them raw.
      onError: () => {},
      providerOptions: options.providerOptions,
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta': {
          if (part.text === '') break;
          // Text of a later step (after a tool call) starts a new paragraph.
          const delta = stepEndedWithText ? `\n\n${part.text}` : part.text;
          stepEndedWithText = false;
          text += delta;
          input.onDelta?.(delta);
          break;
        }
        case 'finish-step':
          stepEndedWithText = text.trim() !== '';
          break;
        case 'finish':
          usage = {
            inputTokens: part.totalUsage.inputTokens ?? 0,
            outputTokens: part.totalUsage.outputTokens ?? 0,
          };
          break;
        case 'error':
          throw part.error;
        case 'abort':
          throw controller.signal.reason ?? new Error('aborted');
        default:
          break;
      }
    }
  } catch (err) {
    if (input.signal.aborted && !timedOut) throw input.signal.reason ?? err;
    throw toBotEngineError(err, timedOut, timeoutMs);
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', forwardAbort);
  }

  const answer = text.trim();
  if (answer === '' && !handoff) return { messages: [], ...NO_ANSWER, passage, usage };
  return {
    messages: answer === '' ? [] : [{ kind: 'text', text: answer }],
    intent: 'llm',
    confidence: 1,
    fallback: false,
    passage,
    handoff,
    usage,
  };
}

function providerMessage(err: APICallError): string {
  return err.message.length > 300 ? `${err.message.slice(0, 300)}…` : err.message;
}

/** Maps whatever the SDK threw to what the admin is shown; never includes the key. */
export function toBotEngineError(err: unknown, timedOut: boolean, timeoutMs: number): BotEngineError {
  if (err instanceof BotEngineError) return err;
  if (timedOut) {
    return new BotEngineError(
      'TIMEOUT',
      `The provider did not answer within ${Math.round(timeoutMs / 100) / 10} s.`,
    );
  }
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  // A refused or unreachable address: what answered (or did not) is not the admin's to read.
  const unreachable = outboundErrorIn(cause);
  if (unreachable) {
    return new BotEngineError('PROVIDER_ERROR', `The provider call failed: ${unreachable.message}.`);
  }
  if (LoadAPIKeyError.isInstance(cause)) {
    return new BotEngineError('INVALID_CREDENTIALS', 'No API key is set for this bot.');
  }
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    const body = cause.responseBody ?? '';
    if (
      status === 401 ||
      status === 403 ||
      (status === 400 && /API_KEY_INVALID|API key not valid/.test(body))
    ) {
      return new BotEngineError(
        'INVALID_CREDENTIALS',
        `The provider refused the API key: ${providerMessage(cause)}`,
      );
    }
    if (status === 429) {
      const retryAfter = cause.responseHeaders?.['retry-after'];
      return new BotEngineError(
        'RATE_LIMITED',
        `The provider's rate limit was reached${retryAfter ? ` (retry after ${retryAfter} s)` : ''}: ${providerMessage(cause)}`,
      );
    }
    if (status === 408 || status === 504) {
      return new BotEngineError('TIMEOUT', `The provider timed out: ${providerMessage(cause)}`);
    }
    return new BotEngineError(
      'PROVIDER_ERROR',
      `The provider answered ${status ?? 'without a status'}: ${providerMessage(cause)}`,
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new BotEngineError('PROVIDER_ERROR', `The provider call failed: ${message.slice(0, 300)}`);
}
