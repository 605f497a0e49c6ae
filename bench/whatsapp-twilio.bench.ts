// The messaging channels' budgets (issue 17) for WhatsApp through Twilio, against the local Twilio
// server (packages/provider-fakes twilio): inbound webhook (form-encoded, X-Twilio-Signature
// checked with Twilio's SDK) → message stored, committed and published p95 < 200 ms at 200
// inbound messages/s offered (open loop), and an agent's reply handed to Twilio through the SDK
// (message/send answered → Messages.json received by the provider) p95 < 500 ms.
// Runs the built server (apps/server/dist) on PGlite. Usage: npm run build, then
//   npx tsx bench/whatsapp-twilio.bench.ts
// Sizes: BENCH_CHANNEL_RATE (200 msg/s), BENCH_CHANNEL_MESSAGES (1000), BENCH_CHANNEL_CHATS (100),
// BENCH_CHANNEL_REPLIES (100); BENCH_PORT (5215), BENCH_TWILIO_PORT (BENCH_PORT + 1).
import { startFakeTwilio, twilioSignature } from '@convo/provider-fakes';
import { LightPool } from './lib/light-http.js';
import { startServer } from './lib/server-process.js';
import { percentile, printTable } from './lib/stats.js';

const RATE = Number(process.env.BENCH_CHANNEL_RATE ?? 200);
const MESSAGES = Number(process.env.BENCH_CHANNEL_MESSAGES ?? 1000);
const CHATS = Number(process.env.BENCH_CHANNEL_CHATS ?? 100);
const REPLIES = Number(process.env.BENCH_CHANNEL_REPLIES ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 5215);
const ACCOUNT_SID = `AC${'b3c4'.repeat(8)}`;
const AUTH_TOKEN = 'a1'.repeat(16);
const SENDER = '+14155238886';
const ms = (n: number) => `${n.toFixed(0)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const customer = (c: number) => `+1555${String(1_000_000 + c).padStart(7, '0')}`;

async function json(url: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url} ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const fake = await startFakeTwilio({ port: Number(process.env.BENCH_TWILIO_PORT ?? PORT + 1) });
fake.addAccount(ACCOUNT_SID, AUTH_TOKEN, 'Bench');
const server = await startServer({
  port: PORT,
  env: { TWILIO_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${PORT}` },
  nodeArgs: process.env.BENCH_SERVER_NODE_ARGS ?? '',
});
try {
  const base = server.base;
  const tag = Date.now().toString(36);
  const signup = (await json(`${base}/api/signup`, {
    method: 'POST',
    body: JSON.stringify({
      email: `bench-${tag}@example.com`,
      password: 'Bench1234',
      name: 'Bench',
      companyName: `Bench ${tag}`,
    }),
  })) as { data: { token: string; applicationId: string } };
  const { token, applicationId } = signup.data;
  const messaging = { 'x-authorization': token, 'application-key': applicationId };
  const connected = (await json(`${base}/api/integrations/settings/whatsapp-twilio`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, whatsAppNumber: SENDER }),
  })) as { data: { webhookUrl: string } };
  const webhookUrl = connected.data.webhookUrl;
  const hook = new URL(webhookUrl);
  const params = (i: number, c: number) => ({
    MessageSid: `SM${String(i).padStart(32, '0')}`,
    AccountSid: ACCOUNT_SID,
    From: `whatsapp:${customer(c)}`,
    To: `whatsapp:${SENDER}`,
    Body: `message ${i}`,
    NumMedia: '0',
    ProfileName: 'Customer',
  });
  const signed = (p: Record<string, string>) => ({
    body: new URLSearchParams(p),
    headers: { 'x-twilio-signature': twilioSignature(AUTH_TOKEN, webhookUrl, p) },
  });

  // Each customer's first message creates its customer and conversation: done before the clock starts.
  for (let c = 0; c < CHATS; c++) {
    const first = params(10_000_000 + c, c);
    await fake.postWebhook(webhookUrl, AUTH_TOKEN, first);
  }

  // Deliveries are signed ahead (the load generator's HMACs are not the server's latency).
  const deliveries = Array.from({ length: MESSAGES }, (_, i) => signed(params(i, i % CHATS)));
  const pool = new LightPool(hook.hostname, Number(hook.port));
  pool.warm(64);
  const inbound: number[] = [];
  let failures = 0;
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const delivery = deliveries[i]!;
    running.push(
      (async () => {
        const t0 = performance.now();
        const { status } = await pool.post(hook.pathname, delivery.body, delivery.headers);
        if (status === 200) inbound.push(performance.now() - t0);
        else failures += 1;
      })(),
    );
  }
  await Promise.all(running);
  const offeredFor = (performance.now() - started) / 1000;
  const cpuPerMessage = ((server.cpuSeconds() - cpuBefore) * 1000) / MESSAGES;
  pool.close();
  inbound.sort((a, b) => a - b);

  // Outbound: an agent's replies, one every 50 ms over the customers; provider receipt time per reply.
  const groupIds: number[] = [];
  for (let c = 0; c < Math.min(CHATS, REPLIES); c++) {
    const clientGroupId = encodeURIComponent(`whatsapp-twilio:${customer(c)}`);
    const info = (await json(`${base}/rest/ws/group/v2/info?clientGroupId=${clientGroupId}`, {
      headers: messaging,
    })) as { response: { id: number } };
    groupIds.push(info.response.id);
  }
  const sentAt = new Map<string, number>();
  for (let i = 0; i < REPLIES; i++) {
    const text = `reply ${i} ${tag}`;
    await json(`${base}/rest/ws/message/v2/send`, {
      method: 'POST',
      headers: messaging,
      body: JSON.stringify({
        groupId: groupIds[i % groupIds.length],
        key: `bench-${tag}-${i}`,
        message: text,
      }),
    });
    sentAt.set(text, performance.now());
    await sleep(50);
  }
  const until = performance.now() + 30_000;
  const received = () => fake.sent().filter((c) => sentAt.has(c.params.Body ?? ''));
  while (received().length < REPLIES && performance.now() < until) await sleep(50);
  const outbound = received()
    .map((c) => c.receivedAt - sentAt.get(c.params.Body ?? '')!)
    .sort((a, b) => a - b);

  printTable(`Messaging channels: WhatsApp through Twilio (local Twilio API, twilio SDK), PGlite`, [
    {
      figure: `inbound webhook → message stored and published, p95 (${MESSAGES} at ${RATE}/s offered, ${(MESSAGES / offeredFor).toFixed(0)}/s achieved, ${failures} failed)`,
      value: ms(percentile(inbound, 95)),
      budget: '< 200 ms',
      pass: failures === 0 && percentile(inbound, 95) < 200,
    },
    { figure: 'inbound webhook p50', value: ms(percentile(inbound, 50)), budget: '—', pass: null },
    {
      figure: 'server CPU per inbound message (the inbound phase)',
      value: `${cpuPerMessage.toFixed(2)} ms`,
      budget: '—',
      pass: null,
    },
    {
      figure: 'requests that waited in the client (all connections busy)',
      value: String(pool.queued),
      budget: '0',
      pass: pool.queued === 0,
    },
    {
      figure: `agent reply → Twilio's Messages.json, p95 (${outbound.length}/${REPLIES} delivered)`,
      value: ms(percentile(outbound, 95)),
      budget: '< 500 ms',
      pass: outbound.length === REPLIES && percentile(outbound, 95) < 500,
    },
  ]);
} finally {
  await server.stop();
  await fake.close();
}
