import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { botFlowRuns, botFlows, botFlowVersions } from '../../../db/schema/index.js';
import { anyOf, arrayLiteral } from '../../../platform/db/any-of.js';
import type { Db } from '../../../platform/db/database.js';
import { preparedPerDatabase, preparedStatement } from '../../../platform/db/prepared.js';

// The Flow Designer's tables: flows with their draft, their published versions, and each
// conversation's run. Every query names the application.

export type FlowRow = typeof botFlows.$inferSelect;
export type FlowVersionRow = typeof botFlowVersions.$inferSelect;
export type FlowRunRow = typeof botFlowRuns.$inferSelect;

const ofBot = (applicationId: string | SQLWrapper, botId: string | SQLWrapper) =>
  and(eq(botFlows.applicationId, applicationId), eq(botFlows.botId, botId));

export async function listFlows(db: Db, applicationId: string, botId: string): Promise<FlowRow[]> {
  return db
    .select()
    .from(botFlows)
    .where(ofBot(applicationId, botId))
    .orderBy(botFlows.createdAt, botFlows.id);
}

export async function findFlow(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
  lock = false,
): Promise<FlowRow | undefined> {
  const q = db
    .select()
    .from(botFlows)
    .where(and(ofBot(applicationId, botId), eq(botFlows.id, flowId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** A flow's name alone (a running flow's turn needs only that, not the draft's JSON). */
export async function findFlowName(
  db: Db,
  applicationId: string,
  flowId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: botFlows.name })
    .from(botFlows)
    .where(and(eq(botFlows.applicationId, applicationId), eq(botFlows.id, flowId)));
  return row?.name;
}

export async function insertFlow(
  db: Db,
  values: { applicationId: string; botId: string; name: string; draft: unknown },
): Promise<FlowRow> {
  const [row] = await db.insert(botFlows).values(values).returning();
  if (!row) throw new Error('flow insert returned nothing');
  return row;
}

export async function updateFlow(
  db: Db,
  applicationId: string,
  flowId: string,
  values: Partial<Pick<FlowRow, 'name' | 'intent' | 'isDefault' | 'draft' | 'publishedVersion'>>,
): Promise<FlowRow | undefined> {
  const [row] = await db
    .update(botFlows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(botFlows.applicationId, applicationId), eq(botFlows.id, flowId)))
    .returning();
  return row;
}

/** Clears the bot's default flow (before another becomes it). */
export async function clearDefault(db: Db, applicationId: string, botId: string): Promise<void> {
  await db
    .update(botFlows)
    .set({ isDefault: false })
    .where(and(ofBot(applicationId, botId), eq(botFlows.isDefault, true)));
}

export async function deleteFlow(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
): Promise<boolean> {
  const rows = await db
    .delete(botFlows)
    .where(and(ofBot(applicationId, botId), eq(botFlows.id, flowId)))
    .returning({ id: botFlows.id });
  return rows.length > 0;
}

export async function listVersions(db: Db, applicationId: string, flowId: string): Promise<FlowVersionRow[]> {
  return db
    .select()
    .from(botFlowVersions)
    .where(and(eq(botFlowVersions.applicationId, applicationId), eq(botFlowVersions.flowId, flowId)))
    .orderBy(desc(botFlowVersions.version));
}

export async function findVersion(
  db: Db,
  applicationId: string,
  flowId: string,
  version: number,
): Promise<FlowVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(botFlowVersions)
    .where(
      and(
        eq(botFlowVersions.applicationId, applicationId),
        eq(botFlowVersions.flowId, flowId),
        eq(botFlowVersions.version, version),
      ),
    );
  return row;
}

/** Adds the next version (the caller holds the flow's row lock). */
export async function insertVersion(
  db: Db,
  values: { applicationId: string; flowId: string; graph: unknown; rolledBackFrom: number | null },
): Promise<FlowVersionRow> {
  const [last] = await db
    .select({ v: sql<number>`coalesce(max(${botFlowVersions.version}), 0)` })
    .from(botFlowVersions)
    .where(eq(botFlowVersions.flowId, values.flowId));
  const [row] = await db
    .insert(botFlowVersions)
    .values({ ...values, version: Number(last?.v ?? 0) + 1 })
    .returning();
  if (!row) throw new Error('flow version insert returned nothing');
  return row;
}

// The bot runtime reads these on every customer turn: built once per database handle (the
// builder cost more CPU than the lookups), lists as array parameters so the texts never change.
const startingFlowQueries = preparedPerDatabase((db) => {
  const starting = (which: SQL | undefined, name: string) =>
    db
      .select()
      .from(botFlows)
      .where(
        and(
          ofBot(sql.placeholder('applicationId'), sql.placeholder('botId')),
          which,
          sql`${botFlows.publishedVersion} is not null`,
        ),
      )
      .orderBy(botFlows.createdAt)
      .limit(1)
      .prepare(name);
  return {
    byDefault: starting(eq(botFlows.isDefault, true), 'bot_default_flow'),
    byIntent: starting(eq(botFlows.intent, sql.placeholder('intent')), 'bot_intent_flow'),
  };
});

const runsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(botFlowRuns)
    .where(
      and(
        eq(botFlowRuns.applicationId, sql.placeholder('applicationId')),
        anyOf(botFlowRuns.conversationId, sql.placeholder('conversationIds'), 'bigint'),
      ),
    )
    .prepare('bot_flow_runs_of'),
);

const defaultFlowsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(botFlows)
    .where(
      and(
        eq(botFlows.applicationId, sql.placeholder('applicationId')),
        anyOf(botFlows.botId, sql.placeholder('botIds'), 'uuid'),
        eq(botFlows.isDefault, true),
        sql`${botFlows.publishedVersion} is not null`,
      ),
    )
    .prepare('bot_default_flows_of'),
);

/** The published flow an answer starts, or the bot's default flow (intent null). */
export async function findStartingFlow(
  db: Db,
  applicationId: string,
  botId: string,
  intent: string | null,
): Promise<FlowRow | undefined> {
  const queries = startingFlowQueries(db);
  const [row] =
    intent === null
      ? await queries.byDefault.execute({ applicationId, botId })
      : await queries.byIntent.execute({ applicationId, botId, intent });
  return row;
}

export async function findRun(
  db: Db,
  applicationId: string,
  conversationId: number,
): Promise<FlowRunRow | undefined> {
  const [row] = await db
    .select()
    .from(botFlowRuns)
    .where(and(eq(botFlowRuns.applicationId, applicationId), eq(botFlowRuns.conversationId, conversationId)));
  return row;
}

/** The runs of these conversations of the application: one statement for a batch of turns. */
export async function findRuns(
  db: Db,
  applicationId: string,
  conversationIds: readonly number[],
): Promise<FlowRunRow[]> {
  if (conversationIds.length === 0) return [];
  return runsQuery(db).execute({ applicationId, conversationIds: arrayLiteral(conversationIds) });
}

/** These bots' published default flows (a bot has one default at most: bot_flows_default_uq). */
export async function findDefaultFlows(
  db: Db,
  applicationId: string,
  botIds: readonly string[],
): Promise<FlowRow[]> {
  if (botIds.length === 0) return [];
  return defaultFlowsQuery(db).execute({ applicationId, botIds: arrayLiteral(botIds) });
}

/** Whether the conversation ever had a run (the default flow starts only once). */
export async function hasRun(db: Db, applicationId: string, conversationId: number): Promise<boolean> {
  return (await findRun(db, applicationId, conversationId)) !== undefined;
}

export type FlowRunWrite = Omit<FlowRunRow, 'createdAt' | 'updatedAt'>;

// The runs of a batch of turns go in as one JSON parameter: the text stays the same whatever the
// batch's size, so it is built once and stays prepared. Built by drizzle's insert builder, 200 starts'
// 2,000 parameters cost 10 ms of CPU a burst (docs/performance.md, "Bot flows").
const saveRunsStatement = preparedStatement<{ rows: string }>(
  () => sql`
    insert into ${botFlowRuns} (conversation_id, application_id, bot_id, flow_id, version, node_id,
      waiting, attributes, status, last_message_id)
    select r.conversation_id, r.application_id, r.bot_id, r.flow_id, r.version, r.node_id,
      r.waiting, r.attributes, r.status, r.last_message_id
    from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(conversation_id bigint,
      application_id text, bot_id uuid, flow_id uuid, version integer, node_id text,
      waiting boolean, attributes jsonb, status text, last_message_id bigint)
    on conflict (conversation_id) do update set
      application_id = excluded.application_id, bot_id = excluded.bot_id,
      flow_id = excluded.flow_id, version = excluded.version, node_id = excluded.node_id,
      waiting = excluded.waiting, attributes = excluded.attributes, status = excluded.status,
      last_message_id = excluded.last_message_id, updated_at = now()`,
);

/**
 * Stores several conversations' runs in one statement (one row per conversation: the caller
 * keeps the last write of a conversation, as one upsert after the other would leave it).
 */
export async function saveRuns(db: Db, values: readonly FlowRunWrite[]): Promise<void> {
  if (values.length === 0) return;
  const rows = values.map((v) => ({
    conversation_id: v.conversationId,
    application_id: v.applicationId,
    bot_id: v.botId,
    flow_id: v.flowId,
    version: v.version,
    node_id: v.nodeId,
    waiting: v.waiting,
    attributes: v.attributes,
    status: v.status,
    last_message_id: v.lastMessageId,
  }));
  await saveRunsStatement(db, { rows: JSON.stringify(rows) });
}
