import { MAX_REPLY_SUGGESTIONS, type ReplySuggestions } from '@convo/api';
import { type BotLanguage, MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import type { Db } from '../../platform/db/database.js';
import {
  applicationSources,
  type BotRuntimeConfig,
  type BotTools,
  enabledBots,
  MIN_SUGGESTION_SCORE,
  messageLanguage,
  rankReplies,
} from '../bots/index.js';
import { listMessages } from '../messages/index.js';
import { listQuickReplies } from '../quick-replies/index.js';
import type { Realtime } from '../realtime/index.js';

// The inbox's suggested replies (SPEC §1 smartreply, "in the inbox"): the newest customer message
// of a conversation the agent may see, answered from the application's own answers. The
// conversation is read through the messages module (its visibility rule: another application's
// conversation, or one an end user is not in, is "not found").

export interface ReplySuggestionDeps {
  db: Db;
  realtime: Realtime;
  /** The bots' knowledge lookups (the composition root's, shared with the engines). */
  tools: (bot: BotRuntimeConfig) => BotTools;
}

/** How far back the newest customer message is looked for. */
const RECENT_MESSAGES = 50;

const TEXT_TYPES = new Set<number>([MESSAGE_CONTENT_TYPE.DEFAULT, MESSAGE_CONTENT_TYPE.TEXT_HTML]);

const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export async function conversationSuggestions(
  deps: ReplySuggestionDeps,
  caller: AuthContext,
  groupId: number,
): Promise<ReplySuggestions> {
  const page = await listMessages(deps, caller, { groupId, startIndex: 0, pageSize: RECENT_MESSAGES });
  // Newest first: the customer's latest words.
  const last = page.message.find(
    (m) => m.senderType === SENDER_TYPE.USER && TEXT_TYPES.has(m.contentType) && plain(m.message) !== '',
  );
  if (!last) return { messageId: null, suggestions: [] };
  const text = plain(last.message);

  const bots = await enabledBots(deps.db, caller.applicationId);
  const languages = [...new Set(bots.flatMap((b) => b.languages))];
  const defaultLanguage: BotLanguage = bots[0]?.defaultLanguage ?? 'en';
  const language = messageLanguage(text, {
    defaultLanguage,
    languages: languages.length > 0 ? languages : [defaultLanguage],
  });
  const quickReplies = await listQuickReplies(deps.db, caller);
  const sources = await applicationSources(deps.db, {
    applicationId: caller.applicationId,
    bots,
    language,
    message: text,
    quickReplies,
    tools: deps.tools,
  });
  const ranked = rankReplies(text, sources.candidates, language, MAX_REPLY_SUGGESTIONS);
  return {
    messageId: last.id ?? null,
    suggestions: ranked
      .filter((r) => r.score >= MIN_SUGGESTION_SCORE)
      .map((r) => ({
        source: r.candidate.source,
        title: r.candidate.title,
        text: r.text,
        score: r.score,
      })),
  };
}
