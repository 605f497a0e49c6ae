import type { BotSays } from '@convo/api';
import { type BotLanguage, DEFAULT_INTENTS, isBotLanguage } from '@convo/domain';
import type { Db } from '../../../../platform/db/database.js';
import { DEFAULT_FALLBACK_TEXT } from '../../builder/defaults.js';
import { listIntents } from '../../builder/repository.js';
import { storedBotSays } from '../../builder/service.js';
import type { BotEngine, BotMessage, BotReply, BotReplyInput } from '../../engine.js';
import { KNOWLEDGE_INTENT, passageMessages } from '../kompose/engine.js';
import { messageLanguage } from '../kompose/language.js';
import { isConfident, type RankedReply, rankReplies } from './ranking.js';
import { smartReplyThreshold } from './settings.js';
import { botSources } from './sources.js';

// smartreply as a bot (SPEC §1 engines): answers with the best of the application's own replies
// (its saved answers, auto-suggest entries, shared quick replies, a knowledge sentence) when it is
// sure, kompose's out-of-scope rule: the score reaches the bot's threshold and leads the runner-up
// by a margin. Otherwise the fallback intent's reply, which counts toward the bot's
// repeated-fallback handoff like kompose's (one fallback hands off when the bot says so).

function lastCustomerText(input: BotReplyInput): string {
  for (let i = input.turns.length - 1; i >= 0; i--) {
    const turn = input.turns[i];
    if (turn?.role === 'customer') return turn.text;
  }
  return '';
}

const toMessages = (says: readonly BotSays[]): BotMessage[] => says.map((s) => ({ ...s }));

/** The intent name recorded with an answer that came from outside the bot's intents. */
function intentOf(best: RankedReply): string {
  const { candidate } = best;
  switch (candidate.source) {
    case 'answer':
      return candidate.title;
    case 'knowledge':
      return KNOWLEDGE_INTENT;
    case 'suggestion':
      return `suggestion:${candidate.title}`;
    case 'quick-reply':
      return `quick_reply:${candidate.title.replace(/^\//, '')}`;
  }
}

export function createSmartReplyEngine(deps: { db: Db }): BotEngine {
  return {
    kind: 'smartreply',
    async reply(input: BotReplyInput): Promise<BotReply> {
      const { bot } = input;
      const text = lastCustomerText(input);
      const defaultLanguage: BotLanguage = isBotLanguage(bot.defaultLanguage) ? bot.defaultLanguage : 'en';
      const language = messageLanguage(text, {
        defaultLanguage,
        languages: bot.languages.filter(isBotLanguage),
      });
      const sources = text.trim()
        ? await botSources(deps.db, bot, language, text, input.tools)
        : { candidates: [], answers: new Map(), passages: new Map() };
      if (input.signal.aborted) throw input.signal.reason ?? new Error('aborted');
      const ranked = rankReplies(text, sources.candidates, language, 2);
      const best = ranked[0];
      if (best && isConfident(ranked, smartReplyThreshold(bot.settings))) {
        const base = { language, confidence: best.score, intent: intentOf(best), fallback: false };
        const says = sources.answers.get(best.candidate.id);
        if (says) return { ...base, messages: toMessages(says) };
        const passage = sources.passages.get(best.candidate.id);
        if (passage) {
          // The sentence that answers, with the link to where it came from.
          const answer = { ...passage, heading: null, text: best.text };
          return { ...base, passage, messages: passageMessages(answer) };
        }
        return { ...base, messages: [{ kind: 'text', text: best.text }] };
      }

      const [fallback] = await listIntents(deps.db, bot.applicationId, bot.id, [language]).then((rows) =>
        rows.filter((r) => r.name === DEFAULT_INTENTS.fallback.name),
      );
      const says = fallback ? storedBotSays(fallback.botSays) : [];
      return {
        language,
        confidence: best?.score ?? 0,
        intent: DEFAULT_INTENTS.fallback.name,
        fallback: true,
        messages:
          says.length > 0 ? toMessages(says) : [{ kind: 'text', text: DEFAULT_FALLBACK_TEXT[language] }],
      };
    },
  };
}
