// The plans of the inbox's hot queries on a database the inbox bench seeded (docs/performance.md):
// each is run once through the server's own repository functions to capture its SQL, then
// EXPLAIN (ANALYZE, BUFFERS) twice, the second printed (warm, as a busy inbox is).
// Run: BENCH_INBOX_DATABASE_URL=postgres://…/db npx tsx bench/inbox-explain.ts [label filter]
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema/index.js';
import { lexemesOf, planFor } from '../apps/server/src/modules/conversation-search/content-plan.js';
import {
  type ConversationQuery,
  commonLexemeShares,
  countConversations,
  countTagged,
  findConversationPage,
} from '../apps/server/src/modules/conversation-search/repository.js';
import {
  CONVERSATIONS_CAP,
  TAGGED_CAP,
  tagPlanFor,
} from '../apps/server/src/modules/conversation-search/tag-plan.js';
import {
  findConversation,
  findUsersByIds,
  listFeedParts,
  listReceiptPositions,
} from '../apps/server/src/modules/conversations/repository.js';
import { listConversationMessages } from '../apps/server/src/modules/messages/repository.js';
import type { Db } from '../apps/server/src/platform/db/database.js';
import { findSeeded, SEED_RARE_WORD } from './lib/seed-application.js';

const url = process.env.BENCH_INBOX_DATABASE_URL;
if (!url) throw new Error('Set BENCH_INBOX_DATABASE_URL to a database the inbox bench seeded.');
const only = process.argv[2];
const seeded = await findSeeded(url);
if (!seeded) throw new Error('No seeded application in that database.');
const pool = new pg.Pool({ connectionString: url, max: 2 });
const captured: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Db;
const app = seeded.applicationId;
const { rows: owner } = await pool.query<{ user_id: string }>(
  `select user_id from users where application_id = $1 and user_id = $2`,
  [app, seeded.ownerEmail],
);
const shares = await commonLexemeShares(db);
const active = [-1, 0, 1, 6, 7];
const page = (q: Partial<ConversationQuery>) => () =>
  findConversationPage(db, app, { sort: 'newest', offset: 0, limit: 31, ...q });
const search = (content: string) => page({ content, contentPlan: planFor(lexemesOf(content), shares) });
// The tag's plan as the server chooses it, from the same counts.
const tagPlan = tagPlanFor(
  await countTagged(db, app, ['Reopen'], TAGGED_CAP),
  await countConversations(db, app, CONVERSATIONS_CAP),
  31,
);

const hot: [string, () => Promise<unknown>][] = [
  ['list: all active, newest', page({ statuses: active })],
  ['list: assigned to me', page({ statuses: active, assignee: { userId: owner[0]!.user_id } })],
  ['list: a teammate', page({ statuses: active, assignee: { userId: seeded.agentUserId } })],
  ['list: unassigned', page({ statuses: active, assignee: 'unassigned' })],
  ['list: resolved', page({ statuses: [2] })],
  ['list: waiting longest', page({ statuses: [7], sort: 'waiting' })],
  ['list: oldest first', page({ sort: 'oldest' })],
  ['list: team', page({ teamClientGroupId: seeded.teamClientGroupId })],
  [`list: tag Reopen (${tagPlan})`, page({ tagNames: ['Reopen'], tagPlan })],
  ['list: everything', page({})],
  [
    "list: the page's members, tags, teams and previews",
    async () => {
      const rows = await findConversationPage(db, app, {
        statuses: active,
        sort: 'newest',
        offset: 0,
        limit: 31,
      });
      captured.length = 0;
      const teamIds = [...new Set(rows.map((r) => r.teamId).filter((t): t is string => t !== null))];
      const last = rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null);
      await listFeedParts(
        db,
        app,
        rows.map((r) => r.id),
        teamIds,
        last,
      );
    },
  ],
  ['search: common word (refund)', search('refund')],
  [`search: rare word (${SEED_RARE_WORD})`, search(SEED_RARE_WORD)],
  ['search: a name (Conversation 4242)', search('Conversation 4242')],
  [
    'open the big conversation: the conversation, its 50 newest messages, senders, receipts',
    async () => {
      await findConversation(db, app, seeded.bigId);
      const rows = await listConversationMessages(db, app, seeded.bigId, { pageSize: 50, startIndex: 0 });
      const senders = [...new Set(rows.map((r) => r.senderId).filter((s): s is string => s !== null))];
      await findUsersByIds(db, app, senders);
      await listReceiptPositions(db, seeded.bigId);
    },
  ],
];

for (const [label, run] of hot) {
  if (only && !label.includes(only)) continue;
  captured.length = 0;
  await run();
  process.stdout.write(`\n### ${label}\n`);
  for (const { sql, params } of [...captured]) {
    const explain = `explain (analyze, buffers, costs off, summary on) ${sql}`;
    await pool.query(explain, params);
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(explain, params);
    process.stdout.write(`${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\n`);
  }
}
await pool.end();
