import { and, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  botAnswers,
  botConversations,
  botFirstResponders,
  botIntents,
  bots,
  conversationMembers,
  conversations,
  messages,
  users,
} from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db/database.js';
import type { BotRow } from '../repository.js';

// The runtime's reads and writes: which bot answers a conversation, its state there, its answers
// and their feedback. Every query names the application.

export type BotConversationRow = typeof botConversations.$inferSelect;

export interface FirstResponder {
  botId: string;
  /** The bot's member row (assignee and sender). */
  userId: string;
}

/**
 * The enabled bot that answers a new conversation first: the team's when it has one, else the
 * application's. One statement on the path of every conversation created.
 */
export async function findFirstResponder(
  db: Db,
  applicationId: string,
  teamId: string | null,
): Promise<FirstResponder | null> {
  const rows = await db
    .select({ botId: bots.id, userId: bots.userId, teamId: botFirstResponders.teamId })
    .from(botFirstResponders)
    .innerJoin(bots, eq(bots.id, botFirstResponders.botId))
    .where(
      and(
        eq(botFirstResponders.applicationId, applicationId),
        eq(bots.applicationId, applicationId),
        eq(bots.enabled, true),
        teamId
          ? or(isNull(botFirstResponders.teamId), eq(botFirstResponders.teamId, teamId))
          : isNull(botFirstResponders.teamId),
      ),
    );
  const chosen = rows.find((r) => r.teamId !== null) ?? rows[0];
  return chosen ? { botId: chosen.botId, userId: chosen.userId } : null;
}

/** The bot handling a conversation: its assignee if that is a bot, else a bot member of it. */
export async function findConversationBot(
  db: Db,
  applicationId: string,
  conversationId: number,
  assigneeId: string | null,
): Promise<BotRow | undefined> {
  const members = db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  const rows = await db
    .select()
    .from(bots)
    .where(
      and(
        eq(bots.applicationId, applicationId),
        assigneeId
          ? or(eq(bots.userId, assigneeId), inArray(bots.userId, members))
          : inArray(bots.userId, members),
      ),
    );
  return rows.find((r) => r.userId === assigneeId) ?? rows[0];
}

/**
 * Everything a reply job starts from, in one statement: the conversation, the bot handling it
 * (its assignee if a bot, else a bot member), the bot's user name, its state in the conversation
 * and the customer's message. Undefined when any is gone.
 */
export async function loadReplyContext(
  db: Db,
  applicationId: string,
  conversationId: number,
  messageId: number,
) {
  const isMemberBot = sql<boolean>`exists (select 1 from ${conversationMembers} cm
    where cm.conversation_id = ${conversations.id} and cm.user_id = ${bots.userId})`;
  const [row] = await db
    .select({
      conversation: conversations,
      bot: bots,
      botUserName: users.userId,
      state: botConversations,
      question: { id: messages.id, message: messages.message },
    })
    .from(conversations)
    .innerJoin(
      bots,
      and(
        eq(bots.applicationId, conversations.applicationId),
        or(eq(bots.userId, conversations.assigneeId), isMemberBot),
      ),
    )
    .innerJoin(users, eq(users.id, bots.userId))
    .innerJoin(messages, and(eq(messages.id, messageId), eq(messages.conversationId, conversations.id)))
    .leftJoin(botConversations, eq(botConversations.conversationId, conversations.id))
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.id, conversationId)))
    .orderBy(sql`(${bots.userId} = ${conversations.assigneeId}) desc nulls last`)
    .limit(1);
  return row;
}

export async function insertBotConversation(
  db: Db,
  row: { conversationId: number; applicationId: string; botId: string },
): Promise<void> {
  await db
    .insert(botConversations)
    .values(row)
    .onConflictDoUpdate({
      target: botConversations.conversationId,
      set: { botId: row.botId, pausedAt: null, updatedAt: sql`now()` },
    });
}

/** The bot's state after one answer (created if the conversation had none). */
export async function saveBotConversation(
  db: Db,
  row: {
    conversationId: number;
    applicationId: string;
    botId: string;
    answered: number;
    consecutiveFallbacks: number;
    inputTokens: number;
    outputTokens: number;
    secondsSaved: number;
  },
): Promise<void> {
  await db
    .insert(botConversations)
    .values(row)
    .onConflictDoUpdate({
      target: botConversations.conversationId,
      set: {
        answered: row.answered,
        consecutiveFallbacks: row.consecutiveFallbacks,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        secondsSaved: row.secondsSaved,
        updatedAt: sql`now()`,
      },
    });
}

/** The bot stays silent in the conversation from now on (a person replied there). */
export async function pauseBotConversation(
  db: Db,
  applicationId: string,
  conversationId: number,
): Promise<void> {
  await db
    .update(botConversations)
    .set({ pausedAt: sql`coalesce(${botConversations.pausedAt}, now())`, updatedAt: sql`now()` })
    .where(
      and(
        eq(botConversations.applicationId, applicationId),
        eq(botConversations.conversationId, conversationId),
      ),
    );
}

/** The bot handed the conversation to people: paused, why, and nothing saved (an agent works on it). */
export async function recordHandoff(
  db: Db,
  row: { conversationId: number; applicationId: string; botId: string; reason: string },
): Promise<void> {
  const handoff = {
    pausedAt: sql`now()`,
    handoffReason: row.reason,
    handedOffAt: sql`now()`,
    secondsSaved: 0,
  };
  await db
    .insert(botConversations)
    .values({
      conversationId: row.conversationId,
      applicationId: row.applicationId,
      botId: row.botId,
      ...handoff,
    })
    .onConflictDoUpdate({
      target: botConversations.conversationId,
      set: { ...handoff, updatedAt: sql`now()` },
    });
}

/** Records an answer once; false when it was already recorded (a retried job). */
export async function insertBotAnswer(db: Db, row: typeof botAnswers.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(botAnswers)
    .values(row)
    .onConflictDoNothing({ target: botAnswers.messageId })
    .returning({ id: botAnswers.messageId });
  return inserted.length > 0;
}

/** Feedback on an answer of a conversation the visitor belongs to; the row, or undefined. */
export async function rateBotAnswer(
  db: Db,
  applicationId: string,
  messageId: number,
  helpful: boolean,
): Promise<typeof botAnswers.$inferSelect | undefined> {
  const [row] = await db
    .update(botAnswers)
    .set({ helpful, ratedAt: sql`now()` })
    .where(and(eq(botAnswers.applicationId, applicationId), eq(botAnswers.messageId, messageId)))
    .returning();
  return row;
}

export async function findBotAnswer(db: Db, applicationId: string, messageId: number) {
  const [row] = await db
    .select()
    .from(botAnswers)
    .where(and(eq(botAnswers.applicationId, applicationId), eq(botAnswers.messageId, messageId)))
    .limit(1);
  return row;
}

/** The provider's failure, shown to the admin (null clears it after a success). */
export async function setBotLastError(
  db: Db,
  applicationId: string,
  botId: string,
  error: string | null,
): Promise<void> {
  await db
    .update(bots)
    .set({ lastError: error, lastErrorAt: error ? sql`now()` : null })
    .where(and(eq(bots.applicationId, applicationId), eq(bots.id, botId)));
}

/** The newest messages of a conversation that people and bots wrote (no system lines), oldest first. */
export async function recentTurns(
  db: Db,
  applicationId: string,
  conversationId: number,
  upToId: number,
  limit = 20,
) {
  const rows = await db
    .select({ id: messages.id, senderType: messages.senderType, message: messages.message })
    .from(messages)
    .where(
      and(
        eq(messages.applicationId, applicationId),
        eq(messages.conversationId, conversationId),
        sql`${messages.id} <= ${upToId}`,
        ne(messages.contentType, 10),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** The bot's own replies of an intent in a language (its fallback when the provider fails). */
export async function findIntentReplies(
  db: Db,
  applicationId: string,
  botId: string,
  language: string,
  name: string,
): Promise<Record<string, unknown>[] | null> {
  const [row] = await db
    .select({ botSays: botIntents.botSays })
    .from(botIntents)
    .where(
      and(
        eq(botIntents.applicationId, applicationId),
        eq(botIntents.botId, botId),
        eq(botIntents.language, language),
        eq(botIntents.name, name),
      ),
    )
    .limit(1);
  return row?.botSays ?? null;
}

/** SPEC §7 stats/time/saved/bot: seconds saved by the application's bots since `from`. */
export async function sumSecondsSaved(db: Db, applicationId: string, from: Date, botId?: string) {
  const [row] = await db
    .select({
      seconds: sql<string>`coalesce(sum(${botConversations.secondsSaved}), 0)`,
      conversations: sql<string>`count(*)`,
      handedOff: sql<string>`count(${botConversations.handedOffAt})`,
    })
    .from(botConversations)
    .where(
      and(
        eq(botConversations.applicationId, applicationId),
        gte(botConversations.createdAt, from),
        botId ? eq(botConversations.botId, botId) : undefined,
      ),
    );
  return {
    seconds: Number(row?.seconds ?? 0),
    conversations: Number(row?.conversations ?? 0),
    handedOff: Number(row?.handedOff ?? 0),
  };
}

export async function answerFeedbackCounts(db: Db, applicationId: string, from: Date, botId?: string) {
  const [row] = await db
    .select({
      answers: sql<string>`count(*)`,
      helpful: sql<string>`count(*) filter (where ${botAnswers.helpful} = true)`,
      notHelpful: sql<string>`count(*) filter (where ${botAnswers.helpful} = false)`,
    })
    .from(botAnswers)
    .where(
      and(
        eq(botAnswers.applicationId, applicationId),
        gte(botAnswers.createdAt, from),
        botId ? eq(botAnswers.botId, botId) : undefined,
      ),
    );
  return {
    answers: Number(row?.answers ?? 0),
    helpful: Number(row?.helpful ?? 0),
    notHelpful: Number(row?.notHelpful ?? 0),
  };
}
