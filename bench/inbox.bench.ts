// The inbox's budgets (issue 39 item 4) on PostgreSQL: first page of every list filter (p95 < 50 ms,
// at most 3 SQL statements per request), full-text search for a common and a rare word (p95 < 100
// ms each), opening a 5,000-message conversation (the API call the dashboard makes on the click,
// its time and bytes, p95 < 200 ms; and in Chromium, click to first message shown, < 200 ms) and
// scrolling it without dropped frames, and the dashboard's initial JavaScript (<= 300 KB gzip).
// Default size 100,000 conversations and 1,000,000 messages in one application; the size,
// 1,000,000 conversations and 10,000,000 messages, with BENCH_INBOX_MESSAGES=10000000 (minutes of
// seeding). The server runs as its own process (apps/server/dist).
// Run: npm run bench:inbox (builds first; TEST_DATABASE_URL, else the machine's PostgreSQL at
// 127.0.0.1:5432, else it measures nothing and says so)
// Sizes: SEED_CONVERSATIONS, SEED_MESSAGES, BENCH_INBOX_MESSAGES, SEED_AGENTS (50), SEED_TEAMS (10),
// SEED_BIG_CONVERSATION (5000) (bench/lib/seed-application.ts); BENCH_REQUESTS per filter (30);
// BENCH_INBOX_OPENS (5): the big conversation's opens in Chromium, each the first of a new page.
// BENCH_KEEP_DB=1 keeps the seeded database; BENCH_INBOX_DATABASE_URL=postgres://…/db seeds that
// database (kept) or, when it already holds a seeded application, measures it again without seeding.
// Also: analytics at that size, uncached (p95 < 1 s, our own target).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { freshPostgres } from './lib/fresh-postgres.js';
import { clickAfterRest, OPEN_TIMER_SCRIPT } from './lib/open-timer.js';
import {
  findSeeded,
  SEED_RARE_WORD,
  type Seeded,
  seedApplication,
  seedSizeFromEnv,
} from './lib/seed-application.js';
import { startServer } from './lib/server-process.js';
import { describePostgres } from './lib/services.js';
import { statementCounter } from './lib/statement-counter.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const SIZE = seedSizeFromEnv();
// The seeded size (counted again when a database seeded before is measured).
let CONVERSATIONS = SIZE.conversations;
let TOTAL_MESSAGES = SIZE.messages;
const BIG = SIZE.bigConversation;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Bench1234';

async function json(
  base: string,
  urlPath: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${urlPath}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${urlPath} ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function measure(
  label: string,
  counter: ReturnType<typeof statementCounter>,
  call: () => Promise<unknown>,
) {
  const first = await call(); // warm the plan caches and the connection pool
  const times: number[] = [];
  const statements: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const before = counter.count();
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
    statements.push(counter.count() - before);
  }
  times.sort((a, b) => a - b);
  statements.sort((a, b) => a - b);
  return { label, p95: percentile(times, 95), statements: percentile(statements, 50), first };
}

/**
 * The conversations a list answered. A fast empty page is no measurement (a seed that had not
 * filled a table the lists read once gave good times on empty pages), so the lists the seed fills
 * must answer some.
 */
function conversationsOf(body: unknown): number {
  const feeds = (body as { response?: { groupFeeds?: unknown } } | null)?.response?.groupFeeds;
  return Array.isArray(feeds) ? feeds.length : 0;
}

function initialJsGzipKb(dist: string): number {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0) / 1024;
}

/** Scrolls the message list up for 6 s, one step a frame; a frame over two 60 Hz frames is dropped. */
const SCROLL_SCRIPT = `(async () => {
  const scroller = document.querySelector('[data-testid="message-list"]');
  if (!scroller) return { total: 0, long: 0 };
  const gaps = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => { gaps.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const until = performance.now() + 6000;
  while (performance.now() < until) {
    scroller.scrollBy({ top: -120 });
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
  running = false;
  return { total: gaps.length, long: gaps.filter((g) => g > 33.4).length };
})()`;

const OPENS = Math.max(1, Number(process.env.BENCH_INBOX_OPENS ?? 5));

/** Click to the frame with the big conversation's first message, in a new signed-in page (ms). */
async function timedOpen(page: Page, base: string, bigId: number): Promise<number> {
  await page.goto(`${base}/conversations`);
  await page.getByTestId('conversation-search').waitFor();
  // Opened from the list, as an agent does (the app is loaded; only the conversation is fetched).
  const rowButton = page.locator(`[data-group-id="${bigId}"]`).getByRole('button');
  await rowButton.waitFor();
  // Timed in the page, from the click event to the frame after the first message is in the
  // document: Playwright's own polling and actionability checks would add up to half a second.
  await page.evaluate(OPEN_TIMER_SCRIPT);
  await clickAfterRest(rowButton);
  let openMs = 0;
  for (let waited = 0; openMs <= 0 && waited < 30_000; waited += 20) {
    await new Promise((r) => setTimeout(r, 20));
    openMs = (await page.evaluate('window.__openMs')) as number;
  }
  if (openMs <= 0) throw new Error('the conversation did not open within 30 s');
  return openMs;
}

/**
 * Opens the big conversation in Chromium OPENS times, each the first open of a new page (one
 * sample is as noisy as the machine), then scrolls up through the last, counting long frames.
 */
async function browserFigures(base: string, email: string, bigId: number) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    let page = await context.newPage();
    const emailBox = page.getByRole('textbox', { name: 'Email', exact: true });
    // The first load of a busy machine can be slow; one reload before giving up.
    await page.goto(`${base}/loginv2`);
    if (
      !(await emailBox.waitFor({ timeout: 30_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      if (process.env.BENCH_DEBUG_SHOT) await page.screenshot({ path: process.env.BENCH_DEBUG_SHOT });
      await page.reload();
    }
    await emailBox.fill(email, { timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => !u.pathname.includes('login'));
    const opens: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      if (i > 0) {
        await page.close();
        page = await context.newPage();
      }
      opens.push(await timedOpen(page, base, bigId));
    }
    // A string, not a function: the TypeScript runner would inject helpers the page lacks.
    const frames = (await page.evaluate(SCROLL_SCRIPT)) as { total: number; long: number };
    return { opens, ...frames };
  } finally {
    await browser.close();
  }
}

/** The database to seed: BENCH_INBOX_DATABASE_URL's (kept), else a new one beside the machine's. */
async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const given = process.env.BENCH_INBOX_DATABASE_URL;
  if (!given) return freshPostgres();
  const name = new URL(given).pathname.slice(1);
  const admin = new URL(given);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
  return { url: given, drop: async () => {} };
}

async function main() {
  const fresh = await benchDatabase();
  if (!fresh) {
    // Said once, in the one table: the inbox's figures are PostgreSQL's only.
    printTable('Inbox (PostgreSQL)', [
      { figure: 'inbox figures (need PostgreSQL)', value: 'not measured', budget: '—', pass: null },
    ]);
    process.stdout.write(`inbox bench: ${describePostgres({ url: null })}\n`);
    return;
  }
  const keep = Boolean(process.env.BENCH_KEEP_DB || process.env.BENCH_INBOX_DATABASE_URL);
  const target = new URL(fresh.url);
  const counter = statementCounter(target);
  const proxyPort = await counter.listen();
  const proxied = new URL(fresh.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxyPort);
  // A copy of the built dashboard: other builds may rewrite apps/dashboard/dist during the run.
  const dist = mkdtempSync(path.join(tmpdir(), 'convo-bench-dashboard-'));
  cpSync(path.join(root, 'apps/dashboard/dist'), dist, { recursive: true });
  const server = await startServer({
    port: Number(process.env.BENCH_INBOX_PORT ?? 3390),
    databaseUrl: proxied.toString(),
    env: { DASHBOARD_DIST: dist },
  });
  const rows: Row[] = [];
  try {
    const before = await findSeeded(fresh.url);
    let email: string;
    let session: { token: string; applicationId: string; userName: string };
    let seeded: Omit<Seeded, 'seconds'>;
    if (before) {
      email = before.ownerEmail;
      session = (
        (await json(server.base, '/api/login', {
          method: 'POST',
          body: JSON.stringify({ userName: email, password: PASSWORD }),
        })) as { data: typeof session }
      ).data;
      seeded = before;
      CONVERSATIONS = before.conversations;
      TOTAL_MESSAGES = before.messages;
      process.stdout.write(`measuring the application seeded before in ${target.pathname.slice(1)}\n`);
    } else {
      email = `inbox-bench-${Date.now()}@example.com`;
      session = (
        (await json(server.base, '/api/signup', {
          method: 'POST',
          body: JSON.stringify({
            email,
            password: PASSWORD,
            name: 'Bench Owner',
            companyName: 'Inbox Bench',
          }),
        })) as { data: typeof session }
      ).data;
      const done = await seedApplication(fresh.url, session.applicationId, SIZE);
      seeded = done;
      process.stdout.write(
        `seeded ${CONVERSATIONS} conversations, ${TOTAL_MESSAGES} messages, ${SIZE.agents} agents and ` +
          `${SIZE.teams} teams in ${done.seconds.toFixed(0)} s\n`,
      );
    }
    const { token, applicationId, userName } = session;
    const headers = { 'x-authorization': token, 'application-key': applicationId };
    const search = (body: Record<string, unknown>) => () =>
      json(server.base, '/rest/ws/group/support/search', {
        method: 'POST',
        headers,
        body: JSON.stringify({ pageSize: 30, ...body }),
      });
    // What a trivial request (one ping of the database) costs on this machine right now: read the
    // list figures against it.
    const baseline = await measure('baseline', counter, () =>
      fetch(`${server.base}/health`).then((r) => r.text()),
    );
    rows.push({
      figure: 'baseline: GET /health (one ping) p95',
      value: `${baseline.p95.toFixed(1)} ms`,
      budget: '—',
      pass: null,
    });
    const active = [-1, 0, 1, 6, 7];
    const filters: [string, Record<string, unknown>][] = [
      ['all active, newest', { status: active }],
      ['assigned to me', { status: active, assignee: userName }],
      ['a teammate', { status: active, assignee: seeded.agentUserId }],
      ['unassigned', { status: active, assignee: 'unassigned' }],
      ['resolved', { status: [2] }],
      ['spam', { status: [3] }],
      ['waiting longest', { status: [7], sort: 'waiting' }],
      ['oldest first', { sort: 'oldest' }],
      ['team', { teamId: seeded.teamClientGroupId }],
      ['tag Reopen', { tags: ['Reopen'] }],
      ['bot-handled', { handledBy: 'bot' }],
      ['channel mail', { channel: 'mail' }],
      ['everything', {}],
    ];
    // Empty when the database was seeded more than an hour ago (BENCH_INBOX_DATABASE_URL reused).
    const mayBeEmpty = 'created in the last hour';
    filters.push([mayBeEmpty, { searchFilter: { startTime: Date.now() - 3_600_000 } }]);
    for (const [label, body] of filters) {
      const r = await measure(label, counter, search(body));
      const found = conversationsOf(r.first);
      rows.push({
        figure: `list "${r.label}" p95 (conversations on the page)`,
        value: `${r.p95.toFixed(1)} ms (${found})`,
        budget: label === mayBeEmpty ? '< 50 ms' : '< 50 ms, > 0',
        pass: r.p95 < 50 && (found > 0 || label === mayBeEmpty),
      });
      rows.push({
        figure: `list "${r.label}" SQL statements`,
        value: String(r.statements),
        budget: '<= 3',
        pass: r.statements <= 3,
      });
    }
    for (const [label, content] of [
      ['full-text common word', 'refund'],
      ['full-text rare word', SEED_RARE_WORD],
    ] as const) {
      const r = await measure(label, counter, search({ content }));
      const found = conversationsOf(r.first);
      rows.push({
        figure: `${label} p95 (conversations on the page)`,
        value: `${r.p95.toFixed(1)} ms (${found})`,
        budget: '< 100 ms, > 0',
        pass: r.p95 < 100 && found > 0,
      });
    }
    // Analytics at the seeded size. Statistics are kept in memory for 120 s: every request asks for
    // a range one millisecond different, so each one is computed (x-cache: miss).
    let shift = 0;
    const day = 86_400_000;
    const range = () => {
      shift += 1;
      const end = Date.now() + day - shift;
      return { start: end - 30 * day, end };
    };
    const analytics: [string, () => Promise<unknown>][] = [
      [
        'conversation statistics, 30 days by day (group/stats/v2)',
        () => {
          const r = range();
          return json(
            server.base,
            `/rest/ws/group/stats/v2?startTime=${r.start}&endTime=${r.end}&groupBy=day`,
            { headers },
          );
        },
      ],
      [
        'average response time, 30 days (stats/response/average)',
        () => {
          const r = range();
          return json(server.base, '/rest/ws/stats/response/average', {
            method: 'POST',
            headers,
            body: JSON.stringify({ startDate: r.start, endDate: r.end }),
          });
        },
      ],
      [
        'agent scoreboard, 30 days (group/agent/scoreboard)',
        () => {
          const r = range();
          return json(server.base, `/rest/ws/group/agent/scoreboard?startTime=${r.start}&endTime=${r.end}`, {
            headers,
          });
        },
      ],
    ];
    for (const [label, call] of analytics) {
      const r = await measure(label, counter, call);
      rows.push({
        figure: `${label} p95`,
        value: `${r.p95.toFixed(1)} ms`,
        budget: '< 1000 ms',
        pass: r.p95 < 1000,
      });
    }
    // The timed answers must have counted the seeded turns, not an empty table.
    const last = range();
    const averaged = (await json(server.base, '/rest/ws/stats/response/average', {
      method: 'POST',
      headers,
      body: JSON.stringify({ startDate: last.start, endDate: last.end }),
    })) as { response: { responses: number } };
    rows.push({
      figure: 'average response time, 30 days: answered turns counted',
      value: String(averaged.response.responses),
      budget: '> 0',
      pass: averaged.response.responses > 0,
    });
    // What the dashboard fetches on the click (conversation-pane.tsx, use-messages.ts): the
    // conversation and its newest page of messages, at once. The bytes are the bodies as sent
    // (the API answers uncompressed).
    let openBytes = 0;
    const openOne = (urlPath: string) => async () => {
      const res = await fetch(`${server.base}${urlPath}`, { headers });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`${urlPath} ${res.status}`);
      return body.byteLength;
    };
    const info = openOne(`/rest/ws/group/v2/info?groupId=${seeded.bigId}`);
    const page = openOne(`/rest/ws/message/v3/list?groupId=${seeded.bigId}&pageSize=50`);
    const open = await measure('open big', counter, async () => {
      const [a, b] = await Promise.all([info(), page()]);
      openBytes = a + b;
    });
    const openPage = await measure('open big, messages', counter, page);
    rows.push({
      figure: `open a ${BIG}-message conversation (API: info + 50 messages, in parallel) p95`,
      value: `${open.p95.toFixed(1)} ms, ${(openBytes / 1024).toFixed(1)} KB, ${open.statements} statements`,
      budget: '< 200 ms',
      pass: open.p95 < 200,
    });
    rows.push({
      figure: `  of which message/v3/list alone p95`,
      value: `${openPage.p95.toFixed(1)} ms`,
      budget: '—',
      pass: null,
    });
    const browser = await browserFigures(server.base, email, seeded.bigId).catch((error: unknown) => {
      process.stdout.write(`browser figures failed: ${String(error)}\n`);
      return { opens: [Number.NaN], total: 0, long: Number.NaN };
    });
    const opens = [...browser.opens].sort((a, b) => a - b);
    const openMedian = percentile(opens, 50);
    rows.push({
      figure: `open a ${BIG}-message conversation (Chromium), median of ${browser.opens.length} (min–max)`,
      value: `${Math.round(openMedian)} ms (${Math.round(opens[0] ?? Number.NaN)}–${Math.round(opens.at(-1) ?? Number.NaN)})`,
      budget: '< 200 ms',
      pass: openMedian < 200,
    });
    rows.push({
      figure: 'scrolling it: frames over 33 ms',
      value: `${browser.long} of ${browser.total}`,
      budget: 'none dropped',
      pass: browser.long === 0,
    });
    const js = initialJsGzipKb(dist);
    rows.push({
      figure: 'dashboard initial JavaScript',
      value: `${js.toFixed(1)} KB gz`,
      budget: '<= 300 KB',
      pass: js <= 300,
    });
  } finally {
    await server.stop();
    await counter.close();
    rmSync(dist, { recursive: true, force: true });
    // BENCH_KEEP_DB=1 keeps the seeded database for EXPLAIN sessions.
    if (keep) process.stdout.write(`kept database: ${fresh.url}\n`);
    else await fresh.drop();
  }
  printTable(`Inbox (PostgreSQL, ${CONVERSATIONS} conversations, ${TOTAL_MESSAGES} messages)`, rows);
}

await main();
