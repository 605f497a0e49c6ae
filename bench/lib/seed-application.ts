// The data generator of the benches: fills one application (already signed up through the API, so
// its defaults exist) to a chosen size in a few set-based statements (generate_series), then
// rebuilds the dashboard roll-up and analyzes. Defaults: 100,000 conversations, 1,000,000 messages,
// 50 agents, 10 teams; BENCH_INBOX_MESSAGES=10000000 seeds ten times that (one conversation per ten
// messages). The secondary indexes of the bulk tables are dropped during the inserts and built
// again afterwards, as a bulk load should: maintaining a GIN index row by row is most of the time.
// Alone: SEED_DATABASE_URL=postgres://… SEED_APPLICATION_ID=… npx tsx bench/lib/seed-application.ts
import pg from 'pg';
import { backfillOf } from '../../apps/server/src/platform/db/migration-statements.js';

export interface SeedSize {
  conversations: number;
  messages: number;
  agents: number;
  teams: number;
  /** Messages of the first conversation (the one the browser opens). */
  bigConversation: number;
}

export const DEFAULT_SEED: SeedSize = {
  conversations: 100_000,
  messages: 1_000_000,
  agents: 50,
  teams: 10,
  bigConversation: 5_000,
};

export interface Seeded {
  seconds: number;
  /** The conversation with `bigConversation` messages. */
  bigId: number;
  /** An agent's userId with conversations assigned. */
  agentUserId: string;
  /** A seeded team's clientGroupId. */
  teamClientGroupId: string;
}

/**
 * The size from SEED_CONVERSATIONS, SEED_MESSAGES, SEED_AGENTS, SEED_TEAMS, SEED_BIG_CONVERSATION;
 * BENCH_INBOX_MESSAGES sets the messages and, unless SEED_CONVERSATIONS does, a conversation per ten.
 */
export function seedSizeFromEnv(): SeedSize {
  const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const scaled = process.env.BENCH_INBOX_MESSAGES ? Number(process.env.BENCH_INBOX_MESSAGES) : null;
  return {
    conversations: n('SEED_CONVERSATIONS', scaled ? Math.round(scaled / 10) : DEFAULT_SEED.conversations),
    messages: n('SEED_MESSAGES', scaled ?? DEFAULT_SEED.messages),
    agents: n('SEED_AGENTS', DEFAULT_SEED.agents),
    teams: n('SEED_TEAMS', DEFAULT_SEED.teams),
    bigConversation: n('SEED_BIG_CONVERSATION', DEFAULT_SEED.bigConversation),
  };
}

/** One word of ten in every message: a common word matches one message in ten. */
export const SEED_WORDS = [
  'order',
  'refund',
  'shipping',
  'invoice',
  'password',
  'parcel',
  'discount',
  'account',
  'delivery',
  'size',
];
/** In one message of 5,000. */
export const SEED_RARE_WORD = 'zebracrossing';

/** The tables whose secondary indexes are dropped during the bulk inserts. */
const BULK_TABLES = ['messages', 'conversations', 'conversation_members'];

/**
 * Drops the indexes of `tables` that back no constraint and returns their definitions, to be run
 * again once the rows are in (one sorted build instead of ten million insertions into each).
 */
async function dropSecondaryIndexes(db: pg.Client, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const r of rows) await db.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
}

export async function seedApplication(
  url: string,
  appId: string,
  size: SeedSize = DEFAULT_SEED,
): Promise<Seeded> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const started = Date.now();
  // Each statement's time, for a seed of millions (SEED_VERBOSE=1, or at 10 million messages).
  if (process.env.SEED_VERBOSE || size.messages >= 5_000_000) {
    const query = db.query.bind(db) as (text: string, values?: unknown[]) => Promise<unknown>;
    (db as unknown as { query: typeof query }).query = async (text: string, values?: unknown[]) => {
      const t0 = Date.now();
      const result = await query(text, values);
      const ms = Date.now() - t0;
      if (ms > 1000)
        process.stdout.write(
          `  seed: ${((Date.now() - started) / 1000).toFixed(0)} s, ${(ms / 1000).toFixed(1)} s for ${text.replace(/\s+/g, ' ').slice(0, 70)}\n`,
        );
      return result;
    };
  }
  try {
    // Bulk rows without the per-row triggers that keep the dashboard roll-up (migration 0022):
    // it is rebuilt set-based at the end, as the migration's backfill builds it.
    await db.query(`set session_replication_role = replica`);
    // A bulk load: big sorts in memory, index builds with room and helpers, no flush per statement.
    await db.query(`set work_mem = '256MB'`);
    await db.query(`set maintenance_work_mem = '1GB'`);
    await db.query(`set synchronous_commit = off`);
    const indexes = await dropSecondaryIndexes(db, BULK_TABLES);
    const { rows: staff } = await db.query<{ id: string }>(
      `select id from users where application_id = $1 and role_type is not null`,
      [appId],
    );
    // Agents (support role, online) until the application has `agents` members.
    const more = Math.max(0, size.agents - staff.length);
    const { rows: added } = await db.query<{ id: string }>(
      `insert into users (application_id, user_id, email, display_name, role_type, role_name, status)
       select $1, 'agent' || g || '@bench.local', 'agent' || g || '@bench.local', 'Agent ' || g, '2', 'SUPPORT', 1
       from generate_series(0, $2 - 1) g returning id`,
      [appId, more],
    );
    const agentIds = [...staff, ...added].map((r) => r.id);
    // Teams (the default team plus named ones), five agents in each.
    await db.query(
      `insert into teams (application_id, client_group_id, name)
       select $1, 'bench-team-' || g, 'Team ' || g from generate_series(1, $2) g`,
      [appId, Math.max(0, size.teams - 1)],
    );
    const { rows: teamRows } = await db.query<{ id: string; client_group_id: string }>(
      `select id, client_group_id from teams where application_id = $1 order by created_at, client_group_id`,
      [appId],
    );
    const teamIds = teamRows.map((t) => t.id);
    await db.query(
      `insert into team_members (team_id, user_id, application_id)
       select ($2::uuid[])[1 + (a.n + k) % array_length($2::uuid[], 1)], a.id, $1
       from unnest($3::uuid[]) with ordinality as a(id, n), generate_series(0, 4) k
       on conflict do nothing`,
      [appId, teamIds, agentIds],
    );
    const customers = Math.max(1, Math.round(size.conversations / 10));
    await db.query(
      `insert into users (application_id, user_id, display_name, email, role_name)
       select $1, 'customer-' || g, 'Customer ' || g, case when g % 3 = 0 then 'c' || g || '@example.com' end, 'USER'
       from generate_series(1, $2) g`,
      [appId, customers],
    );
    // Every state, a third unassigned, some bot-handled, one in eleven by mail; resolved ones
    // resolved an hour after they started.
    await db.query(
      `insert into conversations (application_id, client_group_id, name, type, status, assignee_id, team_id,
          customer_id, metadata, bot_active, channel, last_message_at, waiting_since, resolved_at, created_at, updated_at)
       select $1, 'bench-' || g, 'Conversation ' || g, 10, s.status,
          case when g % 3 = 0 then null else ($2::uuid[])[1 + g % array_length($2::uuid[], 1)] end,
          ($3::uuid[])[1 + g % array_length($3::uuid[], 1)],
          (select id from users u where u.application_id = $1 and u.user_id = 'customer-' || (1 + g % $4)),
          '{}'::jsonb, g % 7 = 0, case when g % 11 = 0 then 'mail' else 'web' end,
          now() - (g || ' seconds')::interval,
          case when s.status = 7 then now() - (g || ' seconds')::interval end,
          case when s.status = 2 then now() - ((g * 2) || ' seconds')::interval + interval '1 hour' end,
          now() - ((g * 2) || ' seconds')::interval, now()
       from generate_series(1, $5) g, lateral (select (array[-1,0,0,0,1,2,2,2,3,4,5,6,7])[1 + g % 13] as status) s`,
      [appId, agentIds, teamIds, customers, size.conversations],
    );
    const { rows: bounds } = await db.query<{ min: string }>(
      `select min(id) as min from conversations where application_id = $1`,
      [appId],
    );
    const first = Number(bounds[0]!.min);
    await db.query(
      `insert into conversation_members (conversation_id, user_id, application_id, role, unread_count)
       select id, customer_id, application_id, '3', 0 from conversations where application_id = $1
       union all
       select id, assignee_id, application_id, '1', (id % 4)::int from conversations
         where application_id = $1 and assignee_id is not null`,
      [appId],
    );
    await db.query(
      `insert into conversation_tags (conversation_id, tag_id, application_id)
       select c.id, t.id, c.application_id from conversations c
       join tags t on t.application_id = c.application_id and t.name = 'Reopen'
       where c.application_id = $1 and c.id % 17 = 0`,
      [appId],
    );
    const words = `array[${SEED_WORDS.map((w) => `'${w}'`).join(',')}]`;
    // The big conversation (the first), then the rest spread over every other conversation;
    // customers and agents take turns.
    await db.query(
      `insert into messages (application_id, conversation_id, sender_id, sender_type, content_type, message, client_key, created_at)
       select $1, $2, case when g % 2 = 0 then c.customer_id else c.assignee_id end, case when g % 2 = 0 then 2 else 0 end,
          0, 'Message ' || g || ' about the ' || (${words})[1 + g % 10], 'big-' || g,
          now() - (($3 - g) || ' minutes')::interval
       from generate_series(1, $3) g, conversations c where c.id = $2`,
      [appId, first, size.bigConversation],
    );
    await db.query(
      `insert into messages (application_id, conversation_id, sender_id, sender_type, content_type, message, client_key, created_at)
       select $1, $2 + 1 + (g % ($3 - 1)), null, case when g % 2 = 0 then 2 else 0 end, 0,
          'Hello ' || g || ', a question on my ' || (${words})[1 + (g / 7) % 10]
            || case when g % 5000 = 0 then ' ${SEED_RARE_WORD}' else '' end,
          'm-' || g, now() - (g || ' seconds')::interval
       from generate_series(1, $4) g`,
      [appId, first, size.conversations, Math.max(0, size.messages - size.bigConversation)],
    );
    // What the sends record for the statistics, computed by the migrations' own backfills: the
    // customer's first message and first human answer (0011), every answered turn (0012).
    for (const tag of ['0011_first_response', '0012_response_turns']) await db.query(backfillOf(tag));
    for (const def of indexes) await db.query(def);
    await db.query(`set session_replication_role = origin`);
    await db.query(`select conversation_rollup_rebuild($1)`, [appId]);
    // The inbox's order (migration 0050): its insert trigger did not run in the bulk load either.
    await db.query(
      `insert into conversation_activity (conversation_id, application_id, status, assignee_id, last_activity_at)
       select id, application_id, status, assignee_id, coalesce(last_message_at, created_at)
       from conversations where application_id = $1
       on conflict (conversation_id) do nothing`,
      [appId],
    );
    await db.query('analyze');
    const { rows: agent } = await db.query<{ user_id: string }>(
      `select u.user_id from users u where u.id = $1`,
      [agentIds[1 % agentIds.length]],
    );
    return {
      seconds: (Date.now() - started) / 1000,
      bigId: first,
      agentUserId: agent[0]!.user_id,
      teamClientGroupId: teamRows.at(-1)!.client_group_id,
    };
  } finally {
    await db.end();
  }
}

/**
 * The application a previous run seeded in this database (the inbox bench's owner, signed up as
 * inbox-bench-…@example.com), to measure it again without seeding; null when there is none.
 */
export async function findSeeded(url: string): Promise<
  | (Omit<Seeded, 'seconds'> & {
      applicationId: string;
      ownerEmail: string;
      conversations: number;
      messages: number;
    })
  | null
> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ application_id: string; email: string }>(
      `select u.application_id, u.user_id as email from users u
       where u.user_id like 'inbox-bench-%@example.com'
         and exists (select 1 from conversations c where c.application_id = u.application_id and c.client_group_id = 'bench-1')
       order by u.created_at desc limit 1`,
    );
    const found = rows[0];
    if (!found) return null;
    const appId = found.application_id;
    const { rows: big } = await db.query<{ id: string }>(
      `select min(id) as id from conversations where application_id = $1`,
      [appId],
    );
    const { rows: agent } = await db.query<{ user_id: string }>(
      `select u.user_id from conversations c join users u on u.id = c.assignee_id
       where c.application_id = $1 and c.client_group_id = 'bench-1'`,
      [appId],
    );
    const { rows: team } = await db.query<{ client_group_id: string }>(
      `select client_group_id from teams where application_id = $1
       order by created_at desc, client_group_id desc limit 1`,
      [appId],
    );
    const { rows: counts } = await db.query<{ conversations: string; messages: string }>(
      `select (select count(*) from conversations where application_id = $1) as conversations,
              (select count(*) from messages where application_id = $1) as messages`,
      [appId],
    );
    return {
      applicationId: appId,
      ownerEmail: found.email,
      conversations: Number(counts[0]!.conversations),
      messages: Number(counts[0]!.messages),
      bigId: Number(big[0]!.id),
      agentUserId: agent[0]!.user_id,
      teamClientGroupId: team[0]!.client_group_id,
    };
  } finally {
    await db.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.SEED_DATABASE_URL;
  const appId = process.env.SEED_APPLICATION_ID;
  if (!url || !appId) {
    process.stderr.write(
      'Set SEED_DATABASE_URL and SEED_APPLICATION_ID (an application signed up through the API).\n',
    );
    process.exit(1);
  }
  const size = seedSizeFromEnv();
  const seeded = await seedApplication(url, appId, size);
  process.stdout.write(`${JSON.stringify({ size, ...seeded })}\n`);
}
