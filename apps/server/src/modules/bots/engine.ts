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
  /** The passage's relevance to the question, 0…1 (explain.relevance). */
  score: number;
  /** Why it was found (the builder's test panel shows it); absent for passages not searched for. */
  explain?: PassageExplanation | undefined;
}

/** How a passage scored against the question. */
export interface PassageExplanation {
  /** Share of the question's term weight the passage holds, 0…1. */
  relevance: number;
  /** The relevance a passage needs to answer (below it the bot says it does not know). */
  minRelevance: number;
  /** Its BM25 score (term frequency, length normalised) among the bot's passages. */
  bm25: number;
  /** Cosine similarity of the question's and the passage's embeddings; null without embeddings. */
  similarity: number | null;
  /** 'keyword': BM25 alone; 'hybrid': BM25 and embeddings fused by reciprocal rank. */
  ranking: 'keyword' | 'hybrid';
  /** The question's terms (stems), their weight (idf) and whether the passage holds them. */
  terms: { term: string; weight: number; matched: boolean }[];
}

/** What an engine may look up while it answers; every call is scoped to the bot's application. */
export interface BotTools {
  /**
   * The bot's passages relevant to the query, best first (none under the minimum relevance);
   * `language` is the question's (its stemming and stop words), the bot's default otherwise.
   */
  searchKnowledge(query: string, limit?: number, language?: BotLanguage): Promise<RetrievedPassage[]>;
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
  /**
   * Decrypted credentials of an external engine (Dialogflow, Lex, Watson, custom; viaKM's second
   * engine), unvalidated: each engine parses its own. Absent for the other engines.
   */
  credentials?: unknown;
}

/**
 * The customer's message as it was stored, for engines that pass it on (the custom webhook
 * contract) or keep a session per conversation (Dialogflow, Lex, Watson).
 */
export interface BotInboundMessage {
  /** The conversation (its groupId); the emulator uses 0. */
  conversationId: number;
  /** The message's key (client key). */
  key: string;
  /** The customer's user id. */
  from: string;
  contentType: number;
  metadata: Record<string, string>;
  /** Where the message came from (the widget, a channel); '' unknown. */
  source: string;
  /** The application's key. */
  applicationKey: string;
  /** Epoch milliseconds. */
  createdAt: number;
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
  /** The passage the answer came from, if any (its `explain` says how it scored). */
  passage?: RetrievedPassage | undefined;
  /** How a knowledge answer was made (kompose): the sentences taken and any arbitration. */
  knowledge?: KnowledgeAnswerInfo | undefined;
  /**
   * The engine asks for a human (the LLM handoff tool, an external engine's KM_ASSIGN_TO); an
   * agent's user id or a team's wire id, when the engine names one, takes the conversation.
   */
  handoff?: { reason: string; assignTo?: string | undefined; assignTeam?: string | undefined } | undefined;
  /** Language detected in the customer's message. */
  language?: BotLanguage | undefined;
  usage?: { inputTokens: number; outputTokens: number } | undefined;
  /** Why the engine answered so (kompose): shown in the builder's test panel only, never stored or sent. */
  explanation?: BotExplanation | undefined;
}

/** A kompose answer taken from the knowledge source. */
export interface KnowledgeAnswerInfo {
  /** The sentences of the passage sent as the answer. */
  answer: string;
  /**
   * Set when a saved answer matched too and the passage won over it: which answer, how much of
   * the question each covered, and the question's terms only the passage holds.
   */
  arbitration: {
    intent: string;
    intentConfidence: number;
    answerCoverage: number;
    passageCoverage: number;
    specificTerms: string[];
  } | null;
}

export interface BotReplyInput {
  bot: BotRuntimeConfig;
  /** The conversation so far, the customer's newest message last. */
  turns: readonly BotTurn[];
  tools: BotTools;
  /** The stored customer message being answered (the runtime and the emulator give it). */
  message?: BotInboundMessage | undefined;
  /** Called with each piece of streamed text as the provider sends it (LLM engines only). */
  onDelta?: ((text: string) => void) | undefined;
  signal: AbortSignal;
}

export interface BotEngine {
  readonly kind: BotPlatform;
  /**
   * How long the runtime waits for this engine when longer than its default (the custom webhook:
   * its own timeout and one retry).
   */
  readonly deadlineMs?: number | undefined;
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
