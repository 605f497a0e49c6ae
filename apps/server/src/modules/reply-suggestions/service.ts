import { MAX_REPLY_SUGGESTIONS, type ReplySuggestion, type ReplySuggestions } from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import type { Db } from '../../platform/db/database.js';
import {
  applicationSources,
  assistAgent,
  type BotRuntimeConfig,
  type BotTools,
  enabledBots,
  type LlmCapGuard,
  MIN_SUGGESTION_SCORE,
  type ModelOptions,
  messageLanguage,
  type RetrievedPassage,
  rankReplies,
} from '../bots/index.js';
import { listQuickReplies } from '../quick-replies/index.js';
import type { Realtime } from '../realtime/index.js';
import {
  assistError,
  chargeAgentCall,
  failureReason,
  llmSuggestion,
  readTranscript,
  type TranscriptLine,
} from './assist.js';

// The inbox's suggested replies (SPEC §1 smartreply, "in the inbox"; issue 36 item 3 agent assist):
// the newest customer message of a conversation the agent may see, answered from the application's
// own answers and, when it has an AI agent on an LLM engine, by that agent from the knowledge
// passages found. The conversation is read through the messages module (its visibility rule:
// another application's conversation, or one an end user is not in, is "not found").

export interface ReplySuggestionDeps {
  db: Db;
  realtime: Realtime;
  /** The bots' knowledge lookups (the composition root's, shared with the engines). */
  tools: (bot: BotRuntimeConfig) => BotTools;
  /** The AI agent's part; absent, suggestions come from the application's own answers only. */
  llm?:
    | {
        appSecret: string;
        models: ModelOptions;
        /**
         * How long the suggestions wait for the AI agent once the other sources are ready; past it
         * they answer without it (a slow provider never holds the team's own answers back).
         */
        waitMs: number;
        /** The LLM spend ceilings; a suggestion asked of the AI agent counts once. */
        llmCaps?: LlmCapGuard | undefined;
      }
    | undefined;
}

/** How far back the conversation is read for the newest customer message and its context. */
const RECENT_MESSAGES = 50;
/** Passages the AI agent is given: the best of every bot's knowledge source. */
const LLM_PASSAGES = 4;
/**
 * The AI agent's reply is not scored by the ranking; it sits after the team's own replies that
 * match strongly (a person wrote them for this question) and before weaker ones.
 */
const LLM_SCORE = 0.5;

/** Texts alike once case, spacing and punctuation are set aside are one suggestion. */
const sameText = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

type LlmOutcome =
  | { status: 'answered'; text: string }
  | { status: 'empty' | 'timeout' | 'off' }
  | { status: 'failed'; error: unknown };

async function askAgent(
  deps: NonNullable<ReplySuggestionDeps['llm']>,
  agent: BotRuntimeConfig,
  lines: readonly TranscriptLine[],
  passages: readonly RetrievedPassage[],
): Promise<LlmOutcome> {
  try {
    await chargeAgentCall(deps.llmCaps, agent);
  } catch (error) {
    return { status: 'failed', error };
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<LlmOutcome>((resolve) => {
    timer = setTimeout(() => {
      // Not waited for: the call is abandoned (and aborted), the other sources answer now.
      controller.abort(new Error('suggestion wait over'));
      resolve({ status: 'timeout' });
    }, deps.waitMs);
  });
  const call = llmSuggestion(deps, agent, {
    lines,
    passages,
    timeoutMs: deps.waitMs,
    signal: controller.signal,
  }).then(
    (text): LlmOutcome => (text === null ? { status: 'empty' } : { status: 'answered', text }),
    (error: unknown): LlmOutcome =>
      // The agent's own (shorter) timeout setting: as good as not waited for.
      failureReason(error) === 'TIMEOUT' ? { status: 'timeout' } : { status: 'failed', error },
  );
  try {
    return await Promise.race([call, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Own answers and the AI agent's, best first, one per text, at most MAX_REPLY_SUGGESTIONS. */
export function mergeSuggestions(own: readonly ReplySuggestion[], llm: string | null): ReplySuggestion[] {
  const all: ReplySuggestion[] = [...own];
  if (llm !== null) all.push({ source: 'llm', title: 'AI', text: llm, score: LLM_SCORE });
  // Stable: equal scores keep the ranking's order (the team's own replies first).
  const sorted = all.map((s, i) => ({ s, i })).sort((a, b) => b.s.score - a.s.score || a.i - b.i);
  const seen = new Set<string>();
  const out: ReplySuggestion[] = [];
  for (const { s } of sorted) {
    const key = sameText(s.text);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length === MAX_REPLY_SUGGESTIONS) break;
  }
  return out;
}

export async function conversationSuggestions(
  deps: ReplySuggestionDeps,
  caller: AuthContext,
  groupId: number,
): Promise<ReplySuggestions> {
  const { lines, lastCustomer } = await readTranscript(deps, caller, groupId, RECENT_MESSAGES);
  if (!lastCustomer) return { messageId: null, suggestions: [], llm: 'off' };
  const text = lastCustomer.text;

  const bots = await enabledBots(deps.db, caller.applicationId);
  const languages = [...new Set(bots.flatMap((b) => b.languages))];
  const defaultLanguage: BotLanguage = bots[0]?.defaultLanguage ?? 'en';
  const language = messageLanguage(text, {
    defaultLanguage,
    languages: languages.length > 0 ? languages : [defaultLanguage],
  });
  const [quickReplies, agent] = await Promise.all([
    listQuickReplies(deps.db, caller),
    deps.llm ? assistAgent(deps.db, caller.applicationId, deps.llm.appSecret) : Promise.resolve(null),
  ]);
  const sources = await applicationSources(deps.db, {
    applicationId: caller.applicationId,
    bots,
    language,
    message: text,
    quickReplies,
    tools: deps.tools,
  });
  const own = rankReplies(text, sources.candidates, language, MAX_REPLY_SUGGESTIONS)
    .filter((r) => r.score >= MIN_SUGGESTION_SCORE)
    .map((r) => ({ source: r.candidate.source, title: r.candidate.title, text: r.text, score: r.score }));

  // The AI agent gets the passages the knowledge sources found (the best first), and is waited
  // for at most `waitMs` after the team's own replies are ready.
  const passages = [...sources.passages.values()].sort((a, b) => b.score - a.score).slice(0, LLM_PASSAGES);
  const outcome: LlmOutcome =
    deps.llm && agent ? await askAgent(deps.llm, agent, lines, passages) : { status: 'off' };
  if (outcome.status === 'failed' && own.length === 0) {
    throw assistError('suggestion', failureReason(outcome.error));
  }
  if (outcome.status === 'timeout' && own.length === 0) throw assistError('suggestion', 'TIMEOUT');
  return {
    messageId: lastCustomer.id,
    suggestions: mergeSuggestions(own, outcome.status === 'answered' ? outcome.text : null),
    llm: outcome.status,
  };
}
