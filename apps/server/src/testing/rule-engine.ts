import type { BotPlatform } from '@convo/domain';
import { type BotEngine, BotEngineError, type BotMessage, type BotReply } from '../modules/bots/engine.js';
import { IntentClassifier } from '../modules/bots/engines/kompose/classifier.js';

// A small engine for the runtime's tests: a fixed table of intents answered through the real
// kompose classifier, with the same threshold-then-fallback rule as kompose. It stands in for the
// bot engines, which are tested on their own; the runtime under test is real.

export interface RuleIntent {
  intent: string;
  phrases: readonly string[];
  reply: string | BotMessage[];
}

export interface RuleEngineOptions {
  kind?: BotPlatform;
  threshold?: number;
  /** Streams the answer in pieces of this many characters through `onDelta`, as LLM engines do. */
  streamChunk?: number;
}

export function createRuleEngine(table: readonly RuleIntent[], options: RuleEngineOptions = {}): BotEngine {
  const classifier = IntentClassifier.train(
    table.flatMap((row) => row.phrases.map((text) => ({ text, intent: row.intent }))),
    { seed: 7 },
  );
  const replies = new Map(table.map((row) => [row.intent, row.reply]));
  const threshold = options.threshold ?? 0.5;
  return {
    kind: options.kind ?? 'kompose',
    async reply(input): Promise<BotReply> {
      if (input.signal.aborted) throw new BotEngineError('TIMEOUT', 'aborted');
      const question = [...input.turns].reverse().find((t) => t.role === 'customer')?.text ?? '';
      const best = classifier.predict(question);
      const chosen = best.confidence >= threshold ? replies.get(best.intent) : undefined;
      if (chosen === undefined) {
        return {
          messages: [],
          intent: 'fallback_intent',
          confidence: best.confidence,
          fallback: true,
          language: 'en',
        };
      }
      const messages: BotMessage[] = typeof chosen === 'string' ? [{ kind: 'text', text: chosen }] : chosen;
      if (options.streamChunk && input.onDelta) {
        const text = messages.map((m) => m.text).join('\n');
        for (let i = 0; i < text.length; i += options.streamChunk)
          input.onDelta(text.slice(i, i + options.streamChunk));
      }
      return {
        messages,
        intent: best.intent,
        confidence: best.confidence,
        fallback: false,
        language: 'en',
        usage: { inputTokens: question.length, outputTokens: messages.length },
      };
    },
  };
}

/** An engine whose provider always refuses (what an invalid key looks like to the runtime). */
export function createRefusingEngine(kind: BotPlatform, error: BotEngineError): BotEngine {
  return {
    kind,
    async reply() {
      throw error;
    },
  };
}

/** A small store's answers, used by the runtime tests and the bot-reply bench. */
export const STORE_INTENTS: readonly RuleIntent[] = [
  {
    intent: 'shipping',
    phrases: ['how long does shipping take', 'when will my order arrive', 'delivery time', 'shipping cost'],
    reply: 'We ship in 2 to 4 business days; shipping is free over $50.',
  },
  {
    intent: 'returns',
    phrases: ['how do I return an item', 'return policy', 'can I get a refund', 'send it back'],
    reply: 'You can return any item within 30 days for a full refund.',
  },
  {
    intent: 'hours',
    phrases: ['opening hours', 'when are you open', 'what time do you close', 'are you open on sunday'],
    reply: 'We are open Monday to Saturday, 9am to 6pm.',
  },
  {
    intent: 'payment',
    phrases: ['which payment methods', 'can I pay with paypal', 'do you accept credit cards', 'pay by card'],
    reply: 'We accept cards, PayPal and bank transfer.',
  },
];
