import { firstResponderTakesChannel } from '@convo/domain';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
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
import { anyOf, arrayLiteral } from '../../../platform/db/any-of.js';
import { type Db, rowsOf } from '../../../platform/db/database.js';
import { preparedPerDatabase, preparedStatement } from '../../../platform/db/prepared.js';
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
 * application's, leaving out a bot kept to other channels (firstResponderTakesChannel). One
 * statement on the path of every conversation created.
 */
export async function findFirstResponder(
  db: Db,
  applicationId: string,
  teamId: string | null,
  channel: string,
): Promise<FirstResponder | null> {
  const all = await db
    .select({
      botId: bots.id,
      userId: bots.userId,
      teamId: botFirstResponders.teamId,
      settings: bots.settings,
    })
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
  const rows = all.filter((r) => firstResponderTakesChannel(r.settings, channel));
  const chosen = rows.find((r) => r.teamId !== null) ?? rows[0];
  return chosen ? { botId: chosen.botId, userId: chosen.userId } : null;
}

/** The enabled bot behind a member (a conversation created with the bot as its assignee). */
export async function findEnabledBotOfMember(
  db: Db,
  applicationId: string,
  userId: string,
): Promise<FirstResponder | null> {
  const [row] = await db
    .select({ botId: bots.id, userId: bots.userId })
    .from(bots)
    .where(and(eq(bots.applicationId, applicationId), eq(bots.userId, userId), eq(bots.enabled, true)))
    .limit(1);
  return row ?? null;
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
/** A customer message a bot is to answer. */
export interface ReplyRequest {
  conversationId: number;
  messageId: number;
}

// The worker's read of every batch of reply jobs: built once (its builder cost more CPU than the
// statement), its lists as array parameters so the text never changes.
const replyContextsQuery = preparedPerDatabase((db) => {
  const isMemberBot = sql<boolean>`exists (select 1 from ${conversationMembers} cm
    where cm.conversation_id = ${conversations.id} and cm.user_id = ${bots.userId})`;
  return db
    .select({
      conversation: conversations,
      bot: bots,
      botUserName: users.userId,
      state: botConversations,
      question: { id: messages.id, message: messages.message, senderId: messages.senderId },
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
    .innerJoin(
      messages,
      and(
        anyOf(messages.id, sql.placeholder('messageIds'), 'bigint'),
        eq(messages.conversationId, conversations.id),
      ),
    )
    .leftJoin(botConversations, eq(botConversations.conversationId, conversations.id))
    .where(
      and(
        eq(conversations.applicationId, sql.placeholder('applicationId')),
        anyOf(conversations.id, sql.placeholder('conversationIds'), 'bigint'),
      ),
    )
    .orderBy(sql`(${bots.userId} = ${conversations.assigneeId}) desc nulls last`)
    .prepare('bot_reply_contexts');
});

/**
 * What the worker needs to answer several customer messages of one application, in two statements
 * whatever their number (the reply jobs that run at once share them): each conversation with the
 * bot that answers there (its assignee first, else a bot member), the bot's member name, its
 * state in the conversation, the question, and up to `turnLimit` recent turns. Undefined where the
 * conversation, its bot or the message is gone.
 */
export async function loadReplyContexts(
  db: Db,
  applicationId: string,
  requests: readonly ReplyRequest[],
  turnLimit = 20,
) {
  if (requests.length === 0) return [];
  const rows = await replyContextsQuery(db).execute({
    applicationId,
    conversationIds: arrayLiteral([...new Set(requests.map((r) => r.conversationId))]),
    messageIds: arrayLiteral([...new Set(requests.map((r) => r.messageId))]),
  });
  // Per question, the first row: the assignee bot before a member bot.
  const byQuestion = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.conversation.id}:${row.question.id}`;
    if (!byQuestion.has(key)) byQuestion.set(key, row);
  }
  const turns = await recentTurnsOf(db, applicationId, requests, turnLimit);
  return requests.map((r) => {
    const row = byQuestion.get(`${r.conversationId}:${r.messageId}`);
    return row ? { ...row, turns: turns.get(`${r.conversationId}:${r.messageId}`) ?? [] } : undefined;
  });
}

export type ReplyContext = NonNullable<Awaited<ReturnType<typeof loadReplyContexts>>[number]>;

export interface Turn {
  id: number;
  senderType: number;
  message: string;
}

/**
 * The newest messages people and bots wrote (no system lines) up to each question, oldest first,
 * keyed `conversationId:messageId`: one statement for all questions, each an index range scan.
 * Built once, the questions as two arrays: its text no longer changes with their number, so it
 * is neither rebuilt nor parsed and planned again for each batch of replies.
 */
const recentTurnsStatement = preparedStatement<{
  applicationId: string;
  conversationIds: string;
  upTo: string;
  limit: number;
}>(
  () => sql`
    select r.cid, r.upto, m.id, m.sender_type, m.message
    from unnest(${sql.placeholder('conversationIds')}::bigint[], ${sql.placeholder('upTo')}::bigint[]) as r(cid, upto)
    cross join lateral (
      select id, sender_type, message from ${messages}
      where application_id = ${sql.placeholder('applicationId')} and conversation_id = r.cid and id <= r.upto
        and content_type <> 10
      order by id desc
      limit ${sql.placeholder('limit')}::int
    ) m`,
);

async function recentTurnsOf(
  db: Db,
  applicationId: string,
  requests: readonly ReplyRequest[],
  limit: number,
): Promise<Map<string, Turn[]>> {
  const rows = rowsOf<{
    cid: string | number;
    upto: string | number;
    id: string | number;
    sender_type: number;
    message: string;
  }>(
    await recentTurnsStatement(db, {
      applicationId,
      conversationIds: arrayLiteral(requests.map((r) => r.conversationId)),
      upTo: arrayLiteral(requests.map((r) => r.messageId)),
      limit,
    }),
  );
  const turns = new Map<string, Turn[]>();
  for (const row of rows) {
    const key = `${Number(row.cid)}:${Number(row.upto)}`;
    const list = turns.get(key) ?? [];
    list.push({ id: Number(row.id), senderType: Number(row.sender_type), message: row.message });
    turns.set(key, list);
  }
  for (const list of turns.values()) list.sort((a, b) => a.id - b.id);
  return turns;
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

/** The bot's state in a conversation after an answer. */
export interface BotConversationState {
  conversationId: number;
  applicationId: string;
  botId: string;
  answered: number;
  consecutiveFallbacks: number;
  inputTokens: number;
  outputTokens: number;
  secondsSaved: number;
}

/**
 * Records answers and the bots' states after them in one transaction (the reply jobs that finish
 * together share it). An answer already recorded (a retried job) changes nothing: false at its place.
 */
export async function recordBotAnswers(
  db: Db,
  items: readonly { answer: typeof botAnswers.$inferInsert; state: BotConversationState }[],
): Promise<boolean[]> {
  if (items.length === 0) return [];
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(botAnswers)
      .values(items.map((i) => i.answer))
      .onConflictDoNothing({ target: botAnswers.messageId })
      .returning({ messageId: botAnswers.messageId });
    const isNew = new Set(inserted.map((r) => r.messageId));
    // One row per conversation (the last answer's state): an upsert may touch a row only once.
    const states = new Map<number, BotConversationState>();
    for (const i of items) if (isNew.has(i.answer.messageId)) states.set(i.state.conversationId, i.state);
    if (states.size > 0)
      await tx
        .insert(botConversations)
        .values([...states.values()])
        .onConflictDoUpdate({
          target: botConversations.conversationId,
          set: {
            answered: sql`excluded.answered`,
            consecutiveFallbacks: sql`excluded.consecutive_fallbacks`,
            inputTokens: sql`excluded.input_tokens`,
            outputTokens: sql`excluded.output_tokens`,
            secondsSaved: sql`excluded.seconds_saved`,
            updatedAt: sql`now()`,
          },
        });
    return items.map((i) => isNew.has(i.answer.messageId));
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

/**
 * The customer's message as an external engine passes it on (the custom webhook contract): its
 * key, sender's user id, type, metadata and time. Undefined when it is gone.
 */
export async function findInboundMessage(db: Db, applicationId: string, messageId: number) {
  const [row] = await db
    .select({
      conversationId: messages.conversationId,
      key: messages.clientKey,
      from: users.userId,
      contentType: messages.contentType,
      metadata: messages.metadata,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.applicationId, applicationId), eq(messages.id, messageId)))
    .limit(1);
  return row;
}

/** An enabled bot of the application by its member's userId (the platform names bots so). */
export async function findEnabledBotByUserName(db: Db, applicationId: string, userName: string) {
  const [row] = await db
    .select({ id: bots.id, name: bots.name, engine: bots.engine, userId: users.userId })
    .from(bots)
    .innerJoin(users, eq(users.id, bots.userId))
    .where(
      and(
        eq(bots.applicationId, applicationId),
        eq(users.applicationId, applicationId),
        eq(users.userId, userName),
        eq(bots.enabled, true),
      ),
    )
    .limit(1);
  return row ?? null;
}
