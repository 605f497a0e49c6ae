import type { BotLanguage } from '@convo/domain';
import type { ModelMessage } from 'ai';
import { z } from 'zod';
import type { BotRuntimeConfig, BotTurn } from '../../engine.js';

// What an LLM engine sends the model: the system prompt (the bot's name, the admin's agent
// instructions, how to use the tools) and the conversation as chat messages. Pure, so the exact
// prompt is unit-tested without a provider.

/** A provider call never waits longer than this; a bot's settings may only lower it. */
export const LLM_DEFAULT_TIMEOUT_MS = 20_000;
/** Turns sent to the model: enough context for a support chat, bounded cost per reply. */
export const LLM_MAX_TURNS = 30;
const MAX_TURN_CHARS = 4000;

const LANGUAGE_NAMES: Readonly<Record<BotLanguage, string>> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  kn: 'Kannada',
};

/** The LLM engines' part of a bot's settings; unknown keys (kompose's) are ignored. */
export const llmSettingsSchema = z.object({
  instructions: z.string().max(20_000).optional().catch(undefined),
  model: z.string().trim().max(200).optional().catch(undefined),
  baseUrl: z.string().trim().max(2048).optional().catch(undefined),
  timeoutMs: z.number().int().min(50).max(LLM_DEFAULT_TIMEOUT_MS).optional().catch(undefined),
});
export type LlmSettings = z.infer<typeof llmSettingsSchema>;

/** Reads the settings leniently: a bad value is dropped, never a failed reply. */
export function parseLlmSettings(settings: Record<string, unknown>): LlmSettings {
  const parsed = llmSettingsSchema.safeParse(settings);
  const value = parsed.success ? parsed.data : {};
  return {
    ...value,
    // '' means "not set" in the builder (the OpenAI-compatible URL and the model).
    model: value.model || undefined,
    baseUrl: value.baseUrl || undefined,
    instructions: value.instructions?.trim() || undefined,
  };
}

export const SEARCH_KNOWLEDGE_TOOL = 'search_knowledge';
export const HANDOFF_TOOL = 'handoff';

export function buildSystemPrompt(
  bot: Pick<BotRuntimeConfig, 'name' | 'defaultLanguage' | 'settings'>,
  openingBotTurns: readonly string[] = [],
): string {
  const { instructions } = parseLlmSettings(bot.settings);
  const parts = [
    `You are ${bot.name}, the virtual assistant answering customers in this company's website chat.`,
    `Answer in the customer's language; when you cannot tell it, use ${LANGUAGE_NAMES[bot.defaultLanguage]}. ` +
      'Keep replies short and friendly, in plain text (no HTML, no Markdown tables).',
    `Before answering a question about the company (products, prices, orders, shipping, returns, opening hours, ` +
      `policies), call ${SEARCH_KNOWLEDGE_TOOL} and answer only from what it returns. If it returns nothing ` +
      'useful, say you do not know rather than guessing.',
    `Call ${HANDOFF_TOOL} when the customer asks for a person, is upset, or needs something you cannot do; ` +
      'then tell them briefly that a teammate will take over.',
  ];
  if (instructions) {
    parts.push(`Instructions from the company (they take precedence over the above):\n${instructions}`);
  }
  if (openingBotTurns.length > 0) {
    parts.push(`Before the customer wrote, you had already said:\n${openingBotTurns.join('\n')}`);
  }
  return parts.join('\n\n');
}

function clip(text: string): string {
  return text.length > MAX_TURN_CHARS ? `${text.slice(0, MAX_TURN_CHARS)}…` : text;
}

/**
 * The last turns as chat messages: customer → user, bot and agent → assistant (an agent's words
 * marked as such), consecutive turns of one side joined. Bot turns before the customer's first
 * message go to the system prompt instead, because some providers need the chat to open with the
 * user.
 */
export function buildMessages(turns: readonly BotTurn[]): {
  messages: ModelMessage[];
  openingBotTurns: string[];
} {
  const recent = turns.filter((t) => t.text.trim() !== '').slice(-LLM_MAX_TURNS);
  const openingBotTurns: string[] = [];
  let i = 0;
  for (; i < recent.length && recent[i]?.role !== 'customer'; i++)
    openingBotTurns.push(clip(recent[i]?.text ?? ''));
  const messages: ModelMessage[] = [];
  for (const turn of recent.slice(i)) {
    const role = turn.role === 'customer' ? 'user' : 'assistant';
    const text = clip(turn.role === 'agent' ? `(a human teammate wrote) ${turn.text}` : turn.text);
    const last = messages.at(-1);
    if (last && last.role === role && typeof last.content === 'string') {
      last.content = `${last.content}\n\n${text}`;
    } else if (role === 'user') {
      messages.push({ role: 'user', content: text });
    } else {
      messages.push({ role: 'assistant', content: text });
    }
  }
  return { messages, openingBotTurns };
}
