// Bot analytics and insights budgets (issue 36 item 5) on PostgreSQL:
// - one bot's analytics (overview, intents, sentences, feedback) at 1,000,000 messages: p95 < 500 ms;
// - the cached insights read by the page: p95 < 200 ms;
// - clustering 50,000 unanswered sentences in the worker (the job: read, cluster, cache): < 60 s.
// Seeds set-based: the application of bench/lib/seed-application.ts (100,000 conversations,
// 1,000,000 messages), then one bot answer per two messages (500,000, through the roll-up trigger,
// over three bots of the application and one of a second application), a quarter of them fallbacks
// with the customer's question, a tenth rated. BENCH_EXPLAIN=1 prints the hot queries' plans.
// Run: npx tsx bench/bot-analytics.bench.ts (TEST_DATABASE_URL, else the machine's PostgreSQL).

import { sql } from 'drizzle-orm';
import type { AuthContext } from '../apps/server/src/http/auth.js';
import { provisionWorkspace } from '../apps/server/src/modules/accounts/provision.js';
import {
  BOT_INSIGHTS_QUEUE,
  botAnalytics,
  botInsights,
  botInsightsJobHandler,
  requestBotInsights,
} from '../apps/server/src/modules/analytics/bot-analytics.js';
import * as analyticsRepo from '../apps/server/src/modules/analytics/bot-analytics-repository.js';
import { clusterSentences } from '../apps/server/src/modules/analytics/insight-clusters.js';
import { analyse } from '../apps/server/src/modules/bots/index.js';
import { openDatabase, rowsOf } from '../apps/server/src/platform/db/database.js';
import { addTestBot } from '../apps/server/src/testing/bots.js';
import { freshPostgres } from './lib/fresh-postgres.js';
import { seedApplication, seedSizeFromEnv } from './lib/seed-application.js';
import { percentile, printTable, type Row, timeMany } from './lib/stats.js';

const SIZE = seedSizeFromEnv();
const RUNS = Number(process.env.ANALYTICS_RUNS ?? 20);
const CLUSTER_SENTENCES = 50_000;

const tokenize = (text: string, language: string) =>
  analyse(text, language === 'es' || language === 'fr' || language === 'kn' ? language : 'en')
    .filter((t) => !t.stop)
    .map((t) => ({ term: t.group ?? t.stem, word: t.word }));

// Questions customers ask that a bot has no answer for: 60 topics, each a few wordings, with
// extra words so that most sentences are distinct (as real ones are).
const TOPICS = [
  'reset my password',
  'ship to canada',
  'pay with paypal',
  'delete my account',
  'track my parcel',
  'change delivery address',
  'cancel my subscription',
  'student discount',
  'gift card balance',
  'warranty for headphones',
  'return a damaged item',
  'invoice with vat number',
  'opening hours on sunday',
  'loyalty points expire',
  'size guide for shoes',
  'bulk order pricing',
  'change email address',
  'two factor login code',
  'refund takes too long',
  'coupon code not working',
];
const EXTRA = [
  'today',
  'urgently',
  'again',
  'for my sister',
  'from my phone',
  'since yesterday',
  'last week',
  'on the website',
  'in the app',
  'for the third time',
  'before friday',
  'this month',
];
const FRAMES = ['how do I %', 'can I %', 'I want to %', 'is it possible to %', 'help me %', '% please'];

function sentence(i: number): string {
  const topic = TOPICS[i % TOPICS.length] as string;
  const frame = FRAMES[Math.floor(i / TOPICS.length) % FRAMES.length] as string;
  const extra = EXTRA[Math.floor(i / 7) % EXTRA.length] as string;
  return `${frame.replace('%', topic)} ${extra} #${Math.floor(i / 997)}`;
}

const fresh = await freshPostgres();
if (!fresh) {
  process.stdout.write('No PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432): nothing measured.\n');
  process.exit(0);
}
const database = await openDatabase({ databaseUrl: fresh.url, dataDir: 'unused', poolSize: 4 });
const rows: Row[] = [];
try {
  const db = database.db;
  const provision = (name: string) =>
    db.transaction((tx) =>
      provisionWorkspace(tx, {
        companyName: name,
        owner: {
          email: `owner@${name.toLowerCase()}.local`,
          name: 'Owner',
          passwordHash: null,
          roleType: '0',
        },
        product: 'classic',
      }),
    );
  const ws = await provision('Bench');
  const other = await provision('Other');
  const seeded = await seedApplication(fresh.url, ws.application.id, SIZE);
  process.stdout.write(
    `seeded ${SIZE.messages.toLocaleString('en')} messages in ${seeded.seconds.toFixed(0)} s\n`,
  );

  const bots = [
    await addTestBot(database, ws.application.id, 'kompose', 'Main'),
    await addTestBot(database, ws.application.id, 'kompose', 'Second'),
    await addTestBot(database, ws.application.id, 'kompose', 'Third'),
  ];
  const otherBot = await addTestBot(database, other.application.id, 'kompose', 'Elsewhere');
  const botArray = sql.raw(`array[${bots.map((b) => `'${b.id}'::uuid`).join(',')}]`);
  // A text[] of constants (drizzle spreads a bare JS array into a record, which does not cast).
  const textArray = (values: readonly string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const topicArray = textArray(TOPICS);
  const extraArray = textArray(EXTRA);
  const frameArray = textArray(FRAMES.map((f) => f.replace(' %', '').replace('% ', '')));
  const t0 = performance.now();
  // Each conversation gets a bot (the main one for half of them, the other two a quarter each;
  // `c.id % 2` alone gave every odd conversation to the third bot) and a start spread over the last
  // 120 days, so a 30-day range reads a quarter of the rows and a 90-day one three quarters (the
  // seeded messages span only 12 days, which made both ranges read everything).
  await db.execute(sql`
    insert into bot_conversations (conversation_id, application_id, bot_id, handed_off_at, created_at)
    select c.id, c.application_id,
      (${botArray})[case when c.id % 2 = 0 then 1 else 2 + (c.id / 2 % 2)::int end],
      case when c.id % 5 = 0 then s.at + interval '10 minutes' end, s.at
    from conversations c,
      lateral (select now() - ((c.id * 7919) % (120 * 86400)) * interval '1 second' as at) s
    where c.application_id = ${ws.application.id}`);
  // One answer per even message, at its conversation's time. Which answers are fallbacks (a
  // quarter, carrying a customer's question: a third in few words that repeat, the rest mostly
  // distinct), which are rated (one in ten, half helpful) and their intent are drawn by a hash of
  // the message id: `m.id % 10 = 1` made the rated answers' query run on no rows (m.id is even
  // here), and `m.id % 4` tied the fallbacks to the bot (seeded message ids follow their
  // conversation's), giving the main bot one fallback in two answers and only ten intents.
  await db.execute(sql`
    insert into bot_answers (message_id, application_id, bot_id, conversation_id, intent, confidence_pct,
      fallback, question, helpful, rated_at, created_at)
    select m.id, m.application_id, bc.bot_id, m.conversation_id,
      case when h.fallback then 'fallback' else 'intent ' || h.intent::text end, 80,
      h.fallback,
      case when h.fallback then (${frameArray})[1 + (h.n / ${TOPICS.length} % ${FRAMES.length})::int]
        || ' ' || (${topicArray})[1 + (h.n % ${TOPICS.length})::int]
        -- a third asked in few words (the head of the list), the rest in many (the long tail)
        || case when h.n % 3 = 0 then '' else ' ' || (${extraArray})[1 + (h.n / 7 % ${EXTRA.length})::int]
          || ' #' || (h.n / 3989 % 250)::text end end,
      case when h.rated then h.helpful end,
      case when h.rated then a.at + interval '1 minute' end,
      a.at
    from messages m join bot_conversations bc on bc.conversation_id = m.conversation_id,
      lateral (select bc.created_at + (m.id % 3600) * interval '1 second' as at) a,
      lateral (select abs(hashint8(m.id)::bigint) % 4 = 0 as fallback, abs(hashint8(m.id + 1)::bigint) % 10 = 0 as rated,
        abs(hashint8(m.id + 2)::bigint) % 2 = 0 as helpful, abs(hashint8(m.id + 3)::bigint) % 40 as intent,
        abs(hashint8(m.id + 4)::bigint) as n) h
    where m.application_id = ${ws.application.id} and m.id % 2 = 0`);
  // The second application: its own bot, the same intent names.
  const otherConv = await db.execute(sql`
    insert into conversations (application_id, client_group_id, name, status, channel)
    values (${other.application.id}, 'other-1', 'Other', 0, 'web') returning id`);
  const otherId = rowsOf<{ id: number }>(otherConv)[0]?.id;
  await db.execute(sql`
    insert into bot_answers (message_id, application_id, bot_id, conversation_id, intent, confidence_pct, created_at)
    select 10000000000 + g, ${other.application.id}, ${otherBot.id}::uuid, ${otherId}, 'intent ' || (g % 40)::text, 80,
      now() - (g % 30) * interval '1 day'
    from generate_series(1, 10000) g`);
  await db.execute(sql`analyze bot_answers; analyze bot_conversations; analyze bot_answer_rollups`);
  const counted = rowsOf<{
    n: number;
    f: number;
    d: number;
    r: number;
    m30: number;
    m90: number;
    f90: number;
  }>(
    await db.execute(
      sql`select count(*)::int as n, count(*) filter (where fallback)::int as f,
        count(distinct lower(question))::int as d, count(helpful)::int as r,
        count(*) filter (where bot_id = ${bots[0]!.id}::uuid and created_at > now() - interval '30 days')::int as m30,
        count(*) filter (where bot_id = ${bots[0]!.id}::uuid and created_at > now() - interval '90 days')::int as m90,
        count(*) filter (where bot_id = ${bots[0]!.id}::uuid and fallback and created_at > now() - interval '90 days')::int as f90
        from bot_answers`,
    ),
  )[0];
  process.stdout.write(
    `seeded ${counted?.n.toLocaleString('en')} bot answers (${counted?.f.toLocaleString('en')} unanswered, ${counted?.d.toLocaleString('en')} distinct questions, ${counted?.r.toLocaleString('en')} rated; the main bot's in 30 / 90 days: ${counted?.m30.toLocaleString('en')} / ${counted?.m90.toLocaleString('en')}, unanswered in 90 days: ${counted?.f90.toLocaleString('en')}) in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );

  const owner: AuthContext = {
    tokenHash: '',
    userId: ws.owner.id,
    userName: ws.owner.userId,
    applicationId: ws.application.id,
    roleType: '0',
    product: 'classic',
    sessionExpiresAt: new Date(Date.now() + 3_600_000),
  };
  const to = Date.now() + 60_000;
  const main = bots[0]!.id;
  const ranges: [string, number][] = [
    ['last 30 days', 30],
    ['last 90 days', 90],
  ];
  for (const [label, days] of ranges) {
    const range = { from: to - days * 86_400_000, to, timeZone: 'UTC' };
    const run = () => botAnalytics(db, owner, main, range);
    await run();
    const times = await timeMany(RUNS, async () => {
      await run();
    });
    const p95 = percentile(times, 95);
    const seen = await run();
    rows.push({
      figure: `bot analytics (overview, intents, sentences, feedback), ${label}, p95 (${RUNS} runs): ${seen.overview.conversations.toLocaleString('en')} conversations, ${seen.overview.answers.toLocaleString('en')} answers, ${seen.intents.length} intents, ${seen.sentences.length} sentences, ${seen.feedback.length} rated`,
      value: `${p95.toFixed(0)} ms`,
      budget: '< 500 ms',
      pass: p95 < 500,
    });
    // Each statement alone (the endpoint runs them at once on the pool).
    const from = new Date(range.from);
    const until = new Date(range.to);
    const fromDay = from.toISOString().slice(0, 10);
    const toDay = new Date(range.to - 1).toISOString().slice(0, 10);
    const app = ws.application.id;
    const statements: [string, () => Promise<unknown>][] = [
      ['conversations', () => analyticsRepo.conversationCounts(db, app, main, from, until)],
      ['daily counts', () => analyticsRepo.dailyCounts(db, app, main, fromDay, toDay)],
      ['intents', () => analyticsRepo.intentCounts(db, app, main, fromDay, toDay)],
      ['unanswered sentences', () => analyticsRepo.unansweredSentences(db, app, main, from, until)],
      ['rated answers', () => analyticsRepo.ratedAnswers(db, app, main, from, until)],
    ];
    for (const [name, statement] of statements) {
      await statement();
      const one = percentile(await timeMany(RUNS, async () => void (await statement())), 95);
      rows.push({
        figure: `  ${name}, ${label}, p95`,
        value: `${one.toFixed(1)} ms`,
        budget: '< 500 ms',
        pass: one < 500,
      });
    }
  }

  // Insights: the worker's job on the seeded fallbacks (it reads the newest 50,000).
  const range = { from: to - 90 * 86_400_000, to };
  await requestBotInsights(db, owner, main, range);
  const job = rowsOf<{ id: string; payload: Record<string, unknown> }>(
    await db.execute(
      sql`select id::text as id, payload from jobs where queue = ${BOT_INSIGHTS_QUEUE} limit 1`,
    ),
  )[0]!;
  const handler = botInsightsJobHandler({ db, tokenize });
  const j0 = performance.now();
  await handler({
    id: job.id,
    queue: BOT_INSIGHTS_QUEUE,
    applicationId: ws.application.id,
    payload: job.payload,
    attempts: 1,
    maxAttempts: 2,
  } as Parameters<typeof handler>[0]);
  const jobSeconds = (performance.now() - j0) / 1000;
  const cached = await botInsights(db, owner, main);
  rows.push({
    figure: `insights job: ${cached.sentenceCount.toLocaleString('en')} seeded questions read, clustered (${cached.topics.length} topics), cached`,
    value: `${jobSeconds.toFixed(1)} s`,
    budget: '< 60 s',
    pass: jobSeconds < 60 && cached.status === 'ready',
  });
  const readTimes = await timeMany(RUNS, async () => {
    await botInsights(db, owner, main);
  });
  const readP95 = percentile(readTimes, 95);
  rows.push({
    figure: `cached insights read p95 (${RUNS} runs)`,
    value: `${readP95.toFixed(0)} ms`,
    budget: '< 200 ms',
    pass: readP95 < 200,
  });

  // Clustering alone on 50,000 mostly distinct sentences.
  const sentences = Array.from({ length: CLUSTER_SENTENCES }, (_, i) => sentence(i));
  const c0 = performance.now();
  const topics = clusterSentences(sentences, (text) => tokenize(text, 'en'));
  const clusterSeconds = (performance.now() - c0) / 1000;
  rows.push({
    figure: `clustering ${CLUSTER_SENTENCES.toLocaleString('en')} sentences (${new Set(sentences).size.toLocaleString('en')} distinct) into ${topics.length} topics`,
    value: `${clusterSeconds.toFixed(1)} s`,
    budget: '< 60 s',
    pass: clusterSeconds < 60,
  });

  if (process.env.BENCH_EXPLAIN === '1') {
    const from = new Date(to - Number(process.env.BENCH_EXPLAIN_DAYS ?? 90) * 86_400_000).toISOString();
    const until = new Date(to).toISOString();
    const app = ws.application.id;
    const plans: [string, ReturnType<typeof sql>][] = [
      [
        'conversations',
        sql`select count(*), count(b.handed_off_at), count(*) filter (where b.handed_off_at is null and b.paused_at is null and c.status = 2)
          from bot_conversations b join conversations c on c.id = b.conversation_id
          where b.bot_id = ${main}::uuid and b.application_id = ${app} and b.created_at >= ${from}::timestamptz and b.created_at < ${until}::timestamptz`,
      ],
      [
        'days',
        sql`select day, sum(answers), sum(fallbacks), sum(helpful), sum(not_helpful) from bot_answer_rollups
          where application_id = ${app} and bot_id = ${main}::uuid and day >= ${from.slice(0, 10)}::date and day <= ${until.slice(0, 10)}::date group by day order by day`,
      ],
      [
        'intents',
        sql`select intent, sum(answers - fallbacks) as hits from bot_answer_rollups
          where application_id = ${app} and bot_id = ${main}::uuid and day >= ${from.slice(0, 10)}::date and day <= ${until.slice(0, 10)}::date
          group by intent having sum(answers - fallbacks) > 0 order by hits desc, intent limit 50`,
      ],
      [
        'sentences',
        sql`select min(question), count(*) as n, max(created_at) as last_at from bot_answers
          where application_id = ${app} and bot_id = ${main}::uuid and fallback and question is not null
            and created_at >= ${from}::timestamptz and created_at < ${until}::timestamptz
          group by lower(question) order by n desc, last_at desc limit 50`,
      ],
      [
        'feedback',
        sql`select conversation_id, intent, helpful, rated_at from bot_answers
          where application_id = ${app} and bot_id = ${main}::uuid and helpful is not null
            and rated_at >= ${from}::timestamptz and rated_at < ${until}::timestamptz order by rated_at desc limit 20`,
      ],
    ];
    for (const [name, q] of plans) {
      const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${q}`));
      process.stdout.write(`\n-- ${name}\n${plan.map((r) => Object.values(r)[0]).join('\n')}\n`);
    }
  }
} finally {
  await database.close();
  await fresh.drop();
}
printTable(`Bot analytics on PostgreSQL (${SIZE.messages.toLocaleString('en')} messages)`, rows);
