import type { BotExplanation } from '@convo/api';
import type { BotLanguage, BotPlatform } from '@convo/domain';

// The one interface every bot engine implements (kompose, the LLM engines, and later Dialogflow,
// Lex…). The runtime (first responder, emulator) only talks to this; the composition root
// (`app.ts`) decides which engines exist. An engine lives in `engines/<engine>/`.

/** One turn of the conversation as an engine sees it (oldest first). */
export interface BotTurn {
  role: 'customer' | 'bot' | 'agent';
  text: string;
}

/** A passage of the bot's knowledge source, as retrieval returns it. */
export interface RetrievedPassage {
  /** The passage's row (recorded with the answer that used it); absent for passages not stored. */
  id?: number | undefined;
  sourceId: string;
  sourceName: string;
  /** Where the passage came from (page URL or document name), shown with the answer. */
  url: string | null;
  heading: string | null;
  text: string;
  score: number;
}

/** What an engine may look up while it answers; every call is scoped to the bot's application. */
export interface BotTools {
  searchKnowledge(query: string, limit?: number): Promise<RetrievedPassage[]>;
}

/** The bot as an engine needs it; secrets are decrypted only for the engine's call. */
export interface BotRuntimeConfig {
  id: string;
  applicationId: string;
  engine: BotPlatform;
  name: string;
  defaultLanguage: BotLanguage;
  languages: readonly BotLanguage[];
  /** Engine settings (non-secret): model, base URL, instructions, threshold… validated per engine. */
  settings: Record<string, unknown>;
  /** Decrypted API key of an LLM engine, if one is configured. */
  apiKey: string | null;
}

/** A reply message: text, or a rich message (contentType 300 templates the widget renders). */
export type BotMessage =
  | { kind: 'text'; text: string }
  | { kind: 'rich'; text: string; metadata: Record<string, string> };

export interface BotReply {
  messages: BotMessage[];
  /** The answer's intent (kompose) or 'llm'; 'fallback_intent' when the engine had no answer. */
  intent: string;
  /** 0…1; LLM engines report 1 unless they fell back. */
  confidence: number;
  /** True when this reply is the fallback (counts toward the repeated-fallback handoff). */
  fallback: boolean;
  /** The passage the answer came from, if any. */
  passage?: RetrievedPassage | undefined;
  /** The engine asks for a human (the LLM handoff tool). */
  handoff?: { reason: string } | undefined;
  /** Language detected in the customer's message. */
  language?: BotLanguage | undefined;
  usage?: { inputTokens: number; outputTokens: number } | undefined;
  /** Why the engine answered so (kompose): shown in the builder's test panel only, never stored or sent. */
  explanation?: BotExplanation | undefined;
}

export interface BotReplyInput {
  bot: BotRuntimeConfig;
  /** The conversation so far, the customer's newest message last. */
  turns: readonly BotTurn[];
  tools: BotTools;
  /** Called with each piece of streamed text as the provider sends it (LLM engines only). */
  onDelta?: ((text: string) => void) | undefined;
  signal: AbortSignal;
}

export interface BotEngine {
  readonly kind: BotPlatform;
  /** Answers the newest customer turn; throws `BotEngineError` when the provider fails. */
  reply(input: BotReplyInput): Promise<BotReply>;
}

/** A provider failure the admin should see (invalid key, rate limit, timeout, bad answer). */
export class BotEngineError extends Error {
  constructor(
    readonly code: 'INVALID_CREDENTIALS' | 'RATE_LIMITED' | 'TIMEOUT' | 'PROVIDER_ERROR' | 'NOT_TRAINED',
    message: string,
  ) {
    super(message);
    this.name = 'BotEngineError';
  }
}
