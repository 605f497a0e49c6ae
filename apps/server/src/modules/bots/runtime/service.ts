import type { BotAnswerFeedback, BotDetails, TimeSaved, TimeSavedQuery } from '@convo/api';
import { can } from '@convo/domain';
import type { AuthContext } from '../../../http/auth.js';
import { notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { isMember } from '../../conversations/index.js';
import * as repo from './repository.js';

const THIRTY_DAYS_MS = 30 * 24 * 3_600_000;
const answerNotFound = () => notFound('Answer not found.');

/**
 * A visitor rates a bot's answer in their own conversation (members of the application may too);
 * rating again replaces the rating. Anything else is "not found".
 */
export async function rateAnswer(
  db: Db,
  caller: AuthContext,
  messageId: number,
  helpful: boolean,
): Promise<BotAnswerFeedback> {
  const answer = await repo.findBotAnswer(db, caller.applicationId, messageId);
  if (!answer) throw answerNotFound();
  // Participation costs a query: asked only when the role alone does not let the caller see it.
  const participant =
    can(caller, 'conversation.see', { participant: false }) ||
    (await isMember(db, answer.conversationId, caller.userId));
  if (!can(caller, 'conversation.see', { participant })) throw answerNotFound();
  const row = await repo.rateBotAnswer(db, caller.applicationId, messageId, helpful);
  if (!row) throw answerNotFound();
  return { messageId: row.messageId, helpful: row.helpful };
}

/** SPEC §7 stats/time/saved/bot, with the answers' feedback of the same period. */
export async function timeSaved(
  db: Db,
  caller: AuthContext,
  query: TimeSavedQuery & { from?: number | undefined },
): Promise<TimeSaved> {
  const from = new Date(query.from ?? Date.now() - THIRTY_DAYS_MS);
  const [saved, feedback] = await Promise.all([
    repo.sumSecondsSaved(db, caller.applicationId, from, query.botId),
    repo.answerFeedbackCounts(db, caller.applicationId, from, query.botId),
  ]);
  return {
    from: from.getTime(),
    secondsSaved: saved.seconds,
    conversations: saved.conversations,
    handedOff: saved.handedOff,
    ...feedback,
  };
}

/** `botdetails/{userId}`: the public facts of an enabled bot of the caller's application. */
export async function botDetails(db: Db, caller: AuthContext, userName: string): Promise<BotDetails> {
  const bot = await repo.findEnabledBotByUserName(db, caller.applicationId, userName);
  return {
    code: 'SUCCESS',
    data: bot
      ? [
          {
            id: bot.id,
            userId: bot.userId,
            name: bot.name,
            aiPlatform: bot.engine,
            // Convo's bots answer whole messages; the widget's own answer thumbs are not used.
            generativeResponse: false,
            answerFeedback: false,
            dialogflowCXBot: false,
          },
        ]
      : [],
  };
}
