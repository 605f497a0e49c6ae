// Issue 35's budgets for campaigns: a campaign to 100,000 recipients is accepted and queued in
// under 10 s; it sends at the configured rate; a kill -9 of the worker in the middle and a restart
// send nobody twice and nobody zero times, counted against the provider's log.
// The server runs as two processes of the built server (apps/server/dist) on one fresh PostgreSQL
// database: the web role, and the worker role that sends; the provider is the local Twilio server
// (packages/provider-fakes twilio, WhatsApp templates). The worker is killed with SIGKILL just after
// the provider logged send 55 % of the way (mid-batch; the window where the provider has it and our database does
// not yet), restarted, and the campaign runs to its end; then the fake's log is counted per number.
// Needs PostgreSQL (two processes share the database; PGlite is one process's): without it the
// bench says so and measures nothing. Usage: npm run build, then npx tsx bench/campaigns-crash.bench.ts
// Sizes: BENCH_CAMPAIGN_SIZE (2000), BENCH_CAMPAIGN_SCALE (100000; 0 skips it), BENCH_CAMPAIGN_RATE
// (sends per second, 200); BENCH_PORT (5241; the worker BENCH_PORT + 1, Twilio BENCH_PORT + 2).
import { randomBytes } from 'node:crypto';
import { CAMPAIGN_PATHS } from '@convo/api';
import { startFakeTwilio } from '@convo/provider-fakes';
import pg from 'pg';
import { json, signUpWorkspace, sleep } from './lib/channel-bench.js';
import { freshPostgres } from './lib/fresh-postgres.js';
import { type ServerProcess, startServer } from './lib/server-process.js';
import { printTable, type Row } from './lib/stats.js';

const SIZE = Number(process.env.BENCH_CAMPAIGN_SIZE ?? 2000);
const SCALE = Number(process.env.BENCH_CAMPAIGN_SCALE ?? 100_000);
const RATE = Number(process.env.BENCH_CAMPAIGN_RATE ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 5241);
const ACCOUNT_SID = `AC${'c4a7'.repeat(8)}`;
const AUTH_TOKEN = 'b7'.repeat(16);
const SENDER = '+14155238886';
const TITLE = 'Campaigns: a kill -9 of the worker mid-send (PostgreSQL, local Twilio API)';
// Mid-batch (a batch is up to 500): the dead run leaves untouched claims as well as the attempted one.
const KILL_AT = Math.max(1, Math.floor(SIZE * 0.55));
const number = (i: number) => `+1555${String(i).padStart(7, '0')}`;

const database = await freshPostgres();
if (!database) {
  printTable(TITLE, [
    { figure: 'campaign crash bench', value: 'skipped: needs PostgreSQL', budget: '—', pass: null },
  ]);
  process.exit(0);
}

const fake = await startFakeTwilio({ port: Number(process.env.BENCH_TWILIO_PORT ?? PORT + 2) });
fake.addAccount(ACCOUNT_SID, AUTH_TOKEN, 'Bench');
fake.addContent(ACCOUNT_SID, {
  friendlyName: 'order_delay',
  language: 'en',
  body: 'Hi {{1}}, your order is delayed by {{2}} days.',
  status: 'approved',
  category: 'UTILITY',
});
const env = {
  // One secret for both processes: the web role seals the Twilio credentials, the worker opens them.
  APP_SECRET: randomBytes(32).toString('hex'),
  TWILIO_API_URL: fake.url,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  CAMPAIGN_RATE_PER_SECOND: String(RATE),
};
const sql = new pg.Client({ connectionString: database.url });
const processes: ServerProcess[] = [];
const worker = async () => {
  const p = await startServer({
    port: PORT + 1,
    databaseUrl: database.url,
    env,
    serverArgs: '--roles=worker',
  });
  processes.push(p);
  return p;
};

try {
  const web = await startServer({
    port: PORT,
    databaseUrl: database.url,
    env,
    serverArgs: '--roles=web,realtime',
  });
  processes.push(web);
  await sql.connect();
  const base = web.base;

  /** A workspace with Twilio connected and `count` customers with numbers; its API headers. */
  const workspace = async (tag: string, count: number, firstNumber: number) => {
    const { bearer, messaging } = await signUpWorkspace(base, tag);
    await json(`${base}/api/integrations/settings/whatsapp-twilio`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, whatsAppNumber: SENDER }),
    });
    await sql.query(
      `insert into users (application_id, user_id, display_name, contact_number)
       select $1, 'customer-' || g, 'Customer ' || g, '+1555' || lpad((g + $3)::text, 7, '0')
       from generate_series(1, $2::int) g`,
      [messaging['application-key'], count, firstNumber - 1],
    );
    return messaging;
  };
  const campaign = {
    platforms: {
      whatsApp: {
        selectedProvider: 'twilio',
        selectedTemplate: 'order_delay',
        selectedTemplateData: { language: 'en', parameters: ['friend', '2'] },
      },
    },
    sendMessageToAll: true,
  };
  const rows: Row[] = [];

  // 1. The 100,000 budget: accepted (checked, stored, queued) with no worker running, then cancelled.
  if (SCALE > 0) {
    const headers = await workspace(`scale${Date.now().toString(36)}`, SCALE, 5_000_000);
    const started = performance.now();
    const res = (await json(`${base}${CAMPAIGN_PATHS.send}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...campaign, name: 'Scale' }),
    })) as { response: { campaignId: string; total: number } };
    const ms = performance.now() - started;
    await json(`${base}${CAMPAIGN_PATHS.cancel}?campaignId=${res.response.campaignId}`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    rows.push({
      figure: `campaign to ${res.response.total.toLocaleString('en')} recipients accepted and queued`,
      value: `${(ms / 1000).toFixed(2)} s`,
      budget: '< 10 s',
      pass: ms < 10_000 && res.response.total === SCALE,
    });
  }

  process.stderr.write(`  ${rows[0]?.figure ?? 'scale skipped'}: ${rows[0]?.value ?? ''}\n`);
  // 2. The crash: SIZE recipients, the worker killed just after the provider logged send KILL_AT.
  const headers = await workspace(`crash${Date.now().toString(36)}`, SIZE, 1);
  let first = await worker();
  const queued = performance.now();
  const sent = (await json(`${base}${CAMPAIGN_PATHS.send}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...campaign, name: 'Crash' }),
  })) as { response: { campaignId: string } };
  const campaignId = sent.response.campaignId;
  const ours = () => fake.sent().filter((c) => c.params.To?.startsWith('whatsapp:+1555'));
  const statusOf = async () =>
    (await sql.query<{ status: string }>('select status from campaigns where id = $1', [campaignId])).rows[0]
      ?.status ?? '';
  // Looked at every millisecond, so the kill lands close after the provider logged the send.
  let looks = 0;
  while (ours().length < KILL_AT) {
    await sleep(1);
    if (++looks % 1000 === 0 && (await statusOf()) === 'done')
      throw new Error('the campaign ended before the kill point reached the provider (see its errors)');
  }
  await first.kill9();
  const atKill = ours().length;
  const sendingMs = performance.now() - queued;
  processes.splice(processes.indexOf(first), 1);
  const left = await sql.query<{ attempted: string; claimed: string }>(
    `select count(*) filter (where attempted_at is not null) as attempted, count(*) as claimed
     from campaign_recipients where campaign_id = $1 and status = 'sending'`,
    [campaignId],
  );
  const restarted = performance.now();
  first = await worker();
  process.stderr.write(
    `  killed the worker at ${atKill} sends; restarted; waiting for the campaign to end\n`,
  );
  let status = '';
  for (let i = 0; i < 600 && status !== 'done'; i++) {
    status = await statusOf();
    if (status !== 'done') await sleep(500);
  }
  const recoveredMs = performance.now() - restarted;
  const [counts] = (
    await sql.query<{ sent: number; failed: number }>('select sent, failed from campaigns where id = $1', [
      campaignId,
    ])
  ).rows;

  const perNumber = new Map<string, number>();
  for (const c of ours()) perNumber.set(c.params.To!, (perNumber.get(c.params.To!) ?? 0) + 1);
  let once = 0;
  let twice = 0;
  let zero = 0;
  for (let i = 1; i <= SIZE; i++) {
    const n = perNumber.get(`whatsapp:${number(i)}`) ?? 0;
    if (n === 0) zero += 1;
    else if (n === 1) once += 1;
    else twice += 1;
  }
  rows.push(
    {
      figure: `worker killed (SIGKILL) after the provider logged send ${atKill.toLocaleString('en')} of ${SIZE.toLocaleString('en')}`,
      value: `claims left: ${left.rows[0]?.claimed ?? 0}, of them attempted: ${left.rows[0]?.attempted ?? 0}`,
      budget: '—',
      pass: null,
    },
    {
      figure: `send rate before the kill (configured ${RATE}/s)`,
      value: `${(atKill / (sendingMs / 1000)).toFixed(0)}/s`,
      budget: `≤ ${RATE}/s`,
      pass: atKill / (sendingMs / 1000) <= RATE * 1.05,
    },
    {
      figure: 'restart → campaign done (the dead run’s job lock expires first)',
      value: `${(recoveredMs / 1000).toFixed(1)} s`,
      budget: '—',
      pass: null,
    },
    {
      figure: 'recipients sent exactly once (provider log)',
      value: String(once),
      budget: `= ${SIZE}`,
      pass: once === SIZE,
    },
    { figure: 'recipients sent twice or more', value: String(twice), budget: '= 0', pass: twice === 0 },
    { figure: 'recipients sent zero times', value: String(zero), budget: '= 0', pass: zero === 0 },
    {
      figure: 'campaign counts (sent / failed) agree with the log',
      value: `${counts?.sent ?? 0} / ${counts?.failed ?? 0} (status ${status})`,
      budget: `${SIZE} / 0`,
      pass: counts?.sent === SIZE && counts?.failed === 0 && status === 'done',
    },
  );
  printTable(TITLE, rows);
} finally {
  for (const p of processes) await p.stop().catch(() => undefined);
  await sql.end().catch(() => undefined);
  await fake.close();
  await database.drop();
}
