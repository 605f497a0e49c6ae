import { and, asc, eq } from 'drizzle-orm';
import { bots, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { roleNameFor } from '../accounts/provision.js';

// Bots and their member rows. Every query names the application the bot belongs to. The builder's
// intents, trained models, knowledge sources and per-conversation state have repositories of their
// own beside the code that uses them (builder/, engines/kompose/, knowledge/, runtime/).

export type BotRow = typeof bots.$inferSelect;

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

export async function listBots(db: Db, applicationId: string): Promise<BotRow[]> {
  return db
    .select()
    .from(bots)
    .where(eq(bots.applicationId, applicationId))
    .orderBy(asc(bots.createdAt), asc(bots.id));
}
