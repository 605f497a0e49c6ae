import { botLanguagesOf, isBotPlatform, needsExternalCredentials, USER_STATUS } from '@convo/domain';
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  botConversations,
  botFirstResponders,
  botSuggestions,
  bots,
  teams,
  users,
} from '../../db/schema/index.js';
import { openSealedJson } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { roleNameFor } from '../accounts/index.js';
import { deleteSessionsOf, leaveAllTeams, updateMember } from '../team-members/index.js';
import type { BotRuntimeConfig } from './engine.js';

// Bots and their member rows. Every query names the application the bot belongs to. The builder's
// intents, trained models, knowledge sources and per-conversation state have repositories of their
// own beside the code that uses them (builder/, engines/kompose/, knowledge/, runtime/).

export type BotRow = typeof bots.$inferSelect;
export type SuggestionRow = typeof botSuggestions.$inferSelect;

export interface NewBot {
  applicationId: string;
  /** The member's user name (the sender of the bot's messages); unique in the application. */
  userName: string;
  name: string;
  engine: string;
  defaultLanguage: string;
}

/** A bot is a member of role type '3' (user type bot) plus its bots row; call inside a transaction. */
export async function insertBot(tx: Db, input: NewBot): Promise<BotRow> {
  const [user] = await tx
    .insert(users)
    .values({
      applicationId: input.applicationId,
      userId: input.userName,
      email: null,
      displayName: input.name,
      passwordHash: null,
      roleType: '3',
      roleName: roleNameFor('3'),
    })
    .returning({ id: users.id });
  const [row] = await tx
    .insert(bots)
    .values({
      applicationId: input.applicationId,
      userId: user!.id,
      name: input.name,
      engine: input.engine,
      defaultLanguage: input.defaultLanguage,
      languages: [input.defaultLanguage],
    })
    .returning();
  return row!;
}

export async function findBot(db: Db, applicationId: string, botId: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.applicationId, applicationId), eq(bots.id, botId)))
    .limit(1);
  return row;
}

/** The bot row locked for the rest of the transaction (edits of one bot are serialised). */
export async function lockBot(db: Db, applicationId: string, botId: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.applicationId, applicationId), eq(bots.id, botId)))
    .for('update');
  return row;
}

export async function listBots(db: Db, applicationId: string): Promise<BotRow[]> {
  return db
    .select()
    .from(bots)
    .where(eq(bots.applicationId, applicationId))
    .orderBy(asc(bots.createdAt), asc(bots.id));
}

/** The member user names of the given bots (the senders of their messages). */
export async function userNamesOf(
  db: Db,
  applicationId: string,
  memberIds: readonly string[],
): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userId })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.id, [...memberIds])));
  return new Map(rows.map((r) => [r.id, r.userName]));
}

export async function userNameTaken(db: Db, applicationId: string, userName: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.userId, userName)))
    .limit(1);
  return row !== undefined;
}

export type BotChanges = Partial<
  Pick<
    BotRow,
    | 'name'
    | 'engine'
    | 'enabled'
    | 'defaultLanguage'
    | 'languages'
    | 'operationMode'
    | 'settings'
    | 'apiKeyEncrypted'
    | 'webhookSecretSealed'
  >
>;

export async function updateBot(
  db: Db,
  applicationId: string,
  botId: string,
  changes: BotChanges,
): Promise<BotRow | undefined> {
  const [row] = await db
    .update(bots)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(bots.applicationId, applicationId), eq(bots.id, botId)))
    .returning();
  return row;
}

/** The member's display name follows the bot's name (it is what customers see as the sender). */
export async function renameBotMember(db: Db, applicationId: string, memberId: string, name: string) {
  await db
    .update(users)
    .set({ displayName: name, updatedAt: new Date() })
    .where(and(eq(users.applicationId, applicationId), eq(users.id, memberId)));
}

/**
 * Deletes the bot (its intents, models, sources and conversation state cascade) and marks its
 * member row deleted rather than removing it: its old messages keep their sender.
 */
export async function deleteBot(db: Db, applicationId: string, bot: BotRow): Promise<void> {
  await db.delete(bots).where(and(eq(bots.applicationId, applicationId), eq(bots.id, bot.id)));
  await updateMember(db, applicationId, bot.userId, { status: USER_STATUS.DELETED });
  await deleteSessionsOf(db, applicationId, bot.userId);
  await leaveAllTeams(db, applicationId, bot.userId);
}

/** Conversations each bot started handling in the last 7 days. */
export async function countConversationsSince(
  db: Db,
  applicationId: string,
  since: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ botId: botConversations.botId, n: sql<number>`count(*)::int` })
    .from(botConversations)
    .where(and(eq(botConversations.applicationId, applicationId), gte(botConversations.createdAt, since)))
    .groupBy(botConversations.botId);
  return new Map(rows.map((r) => [r.botId, Number(r.n)]));
}

// ---- First responders ------------------------------------------------------------------------

export type FirstResponderRow = typeof botFirstResponders.$inferSelect;

export async function listFirstResponders(db: Db, applicationId: string): Promise<FirstResponderRow[]> {
  return db.select().from(botFirstResponders).where(eq(botFirstResponders.applicationId, applicationId));
}

const responderSlot = (applicationId: string, teamId: string | null) =>
  and(
    eq(botFirstResponders.applicationId, applicationId),
    teamId === null ? isNull(botFirstResponders.teamId) : eq(botFirstResponders.teamId, teamId),
  );

/** The bot answering first for the application (teamId null) or a team; replaces the previous one. */
export async function setFirstResponder(
  db: Db,
  applicationId: string,
  teamId: string | null,
  botId: string,
): Promise<void> {
  await db.delete(botFirstResponders).where(responderSlot(applicationId, teamId));
  await db.insert(botFirstResponders).values({ applicationId, teamId, botId });
}

/** True when there was one to remove. */
export async function clearFirstResponder(db: Db, applicationId: string, teamId: string | null) {
  const removed = await db
    .delete(botFirstResponders)
    .where(responderSlot(applicationId, teamId))
    .returning({ id: botFirstResponders.id });
  return removed.length > 0;
}

/**
 * The bot answering a conversation first: the team's slot when the conversation has a team and
 * that bot is enabled, else the application's slot if its bot is enabled; undefined when none.
 * `teamId` is the internal team id (conversations.team_id).
 */
export async function findFirstResponderBot(
  db: Db,
  applicationId: string,
  teamId: string | null,
): Promise<BotRow | undefined> {
  const rows = await db
    .select({ bot: bots, teamId: botFirstResponders.teamId })
    .from(botFirstResponders)
    .innerJoin(bots, and(eq(bots.id, botFirstResponders.botId), eq(bots.applicationId, applicationId)))
    .where(
      and(
        eq(botFirstResponders.applicationId, applicationId),
        eq(bots.enabled, true),
        teamId === null
          ? isNull(botFirstResponders.teamId)
          : or(isNull(botFirstResponders.teamId), eq(botFirstResponders.teamId, teamId)),
      ),
    );
  return (rows.find((r) => r.teamId !== null) ?? rows[0])?.bot;
}

/** A team's internal id from its wire teamId (clientGroupId), in this application only. */
export async function findTeamId(db: Db, applicationId: string, clientGroupId: string) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.applicationId, applicationId), eq(teams.clientGroupId, clientGroupId)))
    .limit(1);
  return row?.id;
}

/** Internal team id → wire teamId (clientGroupId). */
export async function teamWireIds(
  db: Db,
  applicationId: string,
  teamIds: readonly string[],
): Promise<Map<string, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ id: teams.id, clientGroupId: teams.clientGroupId })
    .from(teams)
    .where(and(eq(teams.applicationId, applicationId), inArray(teams.id, [...teamIds])));
  return new Map(rows.map((r) => [r.id, r.clientGroupId]));
}

// ---- Suggestions (SPEC §7 auto-suggest) ------------------------------------------------------

export async function listSuggestions(
  db: Db,
  applicationId: string,
  botId: string | undefined,
): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(botSuggestions)
    .where(
      and(
        eq(botSuggestions.applicationId, applicationId),
        botId === undefined ? undefined : eq(botSuggestions.botId, botId),
      ),
    )
    .orderBy(asc(botSuggestions.category), asc(botSuggestions.name), asc(botSuggestions.id));
}

export type SuggestionValues = Pick<
  SuggestionRow,
  'botId' | 'category' | 'name' | 'content' | 'supportsRichMessage'
>;

export async function insertSuggestion(
  db: Db,
  applicationId: string,
  values: SuggestionValues,
): Promise<SuggestionRow> {
  const [row] = await db
    .insert(botSuggestions)
    .values({ applicationId, ...values })
    .returning();
  return row!;
}

export async function updateSuggestion(
  db: Db,
  applicationId: string,
  id: string,
  values: SuggestionValues,
): Promise<SuggestionRow | undefined> {
  const [row] = await db
    .update(botSuggestions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(botSuggestions.applicationId, applicationId), eq(botSuggestions.id, id)))
    .returning();
  return row;
}

export async function deleteSuggestion(db: Db, applicationId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(botSuggestions)
    .where(and(eq(botSuggestions.applicationId, applicationId), eq(botSuggestions.id, id)))
    .returning({ id: botSuggestions.id });
  return removed.length > 0;
}

// ---- Runtime ---------------------------------------------------------------------------------

/** Decrypts a stored provider key; null when none is stored or it no longer opens (secret changed). */
export function openApiKey(appSecret: string, sealed: string | null): string | null {
  if (sealed === null) return null;
  const value = openSealedJson(appSecret, sealed);
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The bot as an engine needs it, key decrypted, or undefined when the application has no such
 * bot. Called per answer by the runtime and the emulator; the key never leaves the server.
 */
export async function loadBotRuntime(
  db: Db,
  applicationId: string,
  botId: string,
  appSecret: string,
): Promise<BotRuntimeConfig | undefined> {
  const row = await findBot(db, applicationId, botId);
  return row ? runtimeConfigOf(row, appSecret) : undefined;
}

/** A stored bot as engines see it (key decrypted); undefined for an engine the product lacks. */
export function runtimeConfigOf(row: BotRow, appSecret: string): BotRuntimeConfig | undefined {
  if (!isBotPlatform(row.engine)) return undefined;
  const languages = botLanguagesOf(row);
  return {
    id: row.id,
    applicationId: row.applicationId,
    engine: row.engine,
    name: row.name,
    defaultLanguage: languages[0]!,
    languages,
    settings: { ...row.settings },
    apiKey: openApiKey(appSecret, row.apiKeyEncrypted),
    ...(needsExternalCredentials(row.engine)
      ? { credentials: openCredentials(appSecret, row.apiKeyEncrypted) }
      : {}),
  };
}

/** An external engine's sealed credentials (the engine validates them); null when none or unreadable. */
export function openCredentials(appSecret: string, sealed: string | null): unknown {
  return sealed === null ? null : openSealedJson(appSecret, sealed);
}
