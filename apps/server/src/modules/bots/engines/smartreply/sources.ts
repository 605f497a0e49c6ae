import type { BotSays } from '@convo/api';
import { type BotLanguage, botLanguagesOf, isBotPlatform } from '@convo/domain';
import type { Db } from '../../../../platform/db/database.js';
import { listSharedQuickReplies } from '../../../quick-replies/index.js';
import { listIntents } from '../../builder/repository.js';
import { storedBotSays } from '../../builder/service.js';
import type { BotRuntimeConfig, BotTools, RetrievedPassage } from '../../engine.js';
import { type BotRow, listBots, listSuggestions } from '../../repository.js';
import { passageCandidate, type ReplyCandidate } from './ranking.js';

// Where smartreply's candidates come from: the bots' saved answers (intents with phrases), the
// auto-suggest entries (SPEC §7), quick replies and the knowledge source. Knowledge is asked only
// through the bot's tools (`searchKnowledge`, the knowledge module's retrieval), here and nowhere
// else in smartreply, so a better retrieval serves both engines at once.

/** Sections whose intents are the bot's own answers (welcome and fallback are not answers). */
const ANSWER_SECTIONS = new Set(['answers', 'small-talk']);

/** Passages asked of the knowledge source per bot: the best few, their sentences then ranked. */
const PASSAGES_PER_BOT = 3;

export interface SmartReplySources {
  candidates: ReplyCandidate[];
  /** The saved replies (text and rich) of each answer candidate, by its id. */
  answers: ReadonlyMap<string, BotSays[]>;
  /** The knowledge passages, by candidate id. */
  passages: ReadonlyMap<string, RetrievedPassage>;
}

const textOf = (says: readonly BotSays[]) =>
  says
    .map((s) => s.text.trim())
    .filter((t) => t !== '')
    .join('\n\n');

function intentCandidates(
  rows: Awaited<ReturnType<typeof listIntents>>,
  prefix: string,
  answers: Map<string, BotSays[]>,
): ReplyCandidate[] {
  const out: ReplyCandidate[] = [];
  for (const row of rows) {
    if (!ANSWER_SECTIONS.has(row.section) || row.userSays.length === 0) continue;
    const says = storedBotSays(row.botSays);
    const reply = textOf(says);
    if (reply === '') continue;
    const id = `${prefix}${row.name}`;
    answers.set(id, says);
    out.push({ source: 'answer', id, title: row.name, keys: row.userSays, reply });
  }
  return out;
}

/** A bot's knowledge passages as candidates (one sentence-level candidate per passage). */
async function knowledgeCandidates(
  tools: BotTools,
  message: string,
  prefix: string,
  passages: Map<string, RetrievedPassage>,
): Promise<ReplyCandidate[]> {
  const found = await tools.searchKnowledge(message, PASSAGES_PER_BOT);
  return found.map((p, i) => {
    const id = `${prefix}${p.id ?? `${p.sourceId}:${i}`}`;
    passages.set(id, p);
    return passageCandidate({ id, title: p.sourceName, heading: p.heading, text: p.text });
  });
}

async function suggestionCandidates(
  db: Db,
  applicationId: string,
  botId: string | null,
): Promise<ReplyCandidate[]> {
  const rows = await listSuggestions(db, applicationId, undefined);
  return rows
    .filter((s) => botId === null || s.botId === null || s.botId === botId)
    .map((s) => ({
      source: 'suggestion' as const,
      id: s.id,
      title: s.name,
      keys: [s.category ? `${s.category} ${s.name}` : s.name, s.content],
      reply: s.content,
    }));
}

export interface QuickReplyText {
  id: string;
  shortcut: string;
  content: string;
}

function quickReplyCandidates(replies: readonly QuickReplyText[]): ReplyCandidate[] {
  return replies.map((r) => ({
    source: 'quick-reply' as const,
    id: r.id,
    title: `/${r.shortcut}`,
    // Shortcuts are written like "opening-hours": their words count too.
    keys: [r.shortcut.replace(/[-_./]+/g, ' '), r.content],
    reply: r.content,
  }));
}

/**
 * What a smartreply bot may answer with: its own answers in the language, the application's shared
 * and its own auto-suggest entries, the team's shared quick replies, its knowledge source.
 */
export async function botSources(
  db: Db,
  bot: BotRuntimeConfig,
  language: BotLanguage,
  message: string,
  tools: BotTools,
): Promise<SmartReplySources> {
  const answers = new Map<string, BotSays[]>();
  const passages = new Map<string, RetrievedPassage>();
  const [intents, suggestions, quick, knowledge] = await Promise.all([
    listIntents(db, bot.applicationId, bot.id, [language]),
    suggestionCandidates(db, bot.applicationId, bot.id),
    listSharedQuickReplies(db, bot.applicationId),
    knowledgeCandidates(tools, message, '', passages),
  ]);
  return {
    candidates: [
      ...intentCandidates(intents, '', answers),
      ...suggestions,
      ...quickReplyCandidates(quick),
      ...knowledge,
    ],
    answers,
    passages,
  };
}

/** The bot as its knowledge tools need it (no secrets: nothing here calls a provider). */
function toolConfig(row: BotRow): BotRuntimeConfig | null {
  if (!isBotPlatform(row.engine)) return null;
  const languages = botLanguagesOf(row);
  return {
    id: row.id,
    applicationId: row.applicationId,
    engine: row.engine,
    name: row.name,
    defaultLanguage: languages[0] as BotLanguage,
    languages,
    settings: {},
    apiKey: null,
  };
}

/** The application's enabled bots (whose answers and knowledge an agent's suggestions draw on). */
export async function enabledBots(db: Db, applicationId: string): Promise<BotRuntimeConfig[]> {
  return (await listBots(db, applicationId))
    .filter((b) => b.enabled)
    .map(toolConfig)
    .filter((b): b is BotRuntimeConfig => b !== null);
}

/**
 * What an agent's suggestions draw on: every enabled bot's answers in the language and knowledge,
 * every auto-suggest entry, and the quick replies the agent can see (shared and their own).
 */
export async function applicationSources(
  db: Db,
  input: {
    applicationId: string;
    bots: readonly BotRuntimeConfig[];
    language: BotLanguage;
    message: string;
    quickReplies: readonly QuickReplyText[];
    tools: (bot: BotRuntimeConfig) => BotTools;
  },
): Promise<SmartReplySources> {
  const answers = new Map<string, BotSays[]>();
  const passages = new Map<string, RetrievedPassage>();
  const perBot = await Promise.all(
    input.bots.map(async (bot) => {
      // Two bots may name an intent alike: the bot's id keeps the candidates apart.
      const prefix = `${bot.id}/`;
      const [intents, knowledge] = await Promise.all([
        listIntents(db, input.applicationId, bot.id, [input.language]),
        knowledgeCandidates(input.tools(bot), input.message, prefix, passages),
      ]);
      return [...intentCandidates(intents, prefix, answers), ...knowledge];
    }),
  );
  const suggestions = await suggestionCandidates(db, input.applicationId, null);
  return {
    candidates: [...perBot.flat(), ...suggestions, ...quickReplyCandidates(input.quickReplies)],
    answers,
    passages,
  };
}
