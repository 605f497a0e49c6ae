// Messaging channels' budgets (issue 17), Telegram against the local Bot API server
// (packages/provider-fakes): inbound webhook → message stored, committed and published to the
// inbox (the webhook answers after the commit that publishes the inbox's events) p95 < 200 ms at
// 200 inbound messages/s offered (open loop), and an agent's reply handed to the provider
// (message/send answered → sendMessage received by the provider) p95 < 500 ms.
// Runs the built server (apps/server/dist) on PGlite. Usage: npm run build, then
//   npx tsx bench/channels.bench.ts
// Sizes: BENCH_CHANNEL_RATE (200 msg/s), BENCH_CHANNEL_MESSAGES (1000), BENCH_CHANNEL_CHATS (100),
// BENCH_CHANNEL_REPLIES (100); BENCH_PORT (5205), BENCH_TELEGRAM_PORT (5206).
import { startFakeTelegram } from '@convo/provider-fakes';
import { LightPool } from './lib/light-http.js';
import { startServer } from './lib/server-process.js';
import { percentile, printTable } from './lib/stats.js';

const RATE = Number(process.env.BENCH_CHANNEL_RATE ?? 200);
const MESSAGES = Number(process.env.BENCH_CHANNEL_MESSAGES ?? 1000);
const CHATS = Number(process.env.BENCH_CHANNEL_CHATS ?? 100);
const REPLIES = Number(process.env.BENCH_CHANNEL_REPLIES ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 5205);
const TOKEN = '7777777:AAHbenchTelegramTokenForChannels_01';
const ms = (n: number) => `${n.toFixed(0)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

async function json(url: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url} ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const fake = await startFakeTelegram({ port: Number(process.env.BENCH_TELEGRAM_PORT ?? PORT + 1) });
fake.addBot(TOKEN, 'convo_bench_bot');
const server = await startServer({
  port: PORT,
  env: { TELEGRAM_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${PORT}` },
  // A profile of the server: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
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
  const bearer = { authorization: `Bearer ${token}` };
  const messaging = { 'x-authorization': token, 'application-key': applicationId };
  await json(`${base}/api/integrations/settings/telegram`, {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ botToken: TOKEN }),
  });

  // Each chat's first message creates its customer and conversation: done before the clock starts.
  for (let c = 0; c < CHATS; c++) await fake.postUpdate(TOKEN, { chatId: 10_000 + c, text: 'hello' });

  // The provider's deliveries, as Telegram posts them (the fake's Update shape, with the secret
  // token the bot's webhook was set with), go out on the bench's raw keep-alive client
  // (lib/light-http.ts): the fake's own `postUpdate` uses fetch, whose per-request cost in this
  // process put the load generator's queue into the measured latency at 200/s on a busy machine.
  const webhook = fake.webhookOf(TOKEN);
  if (!webhook?.secretToken) throw new Error('the bot has no webhook after connecting');
  const hook = new URL(webhook.url);
  const pool = new LightPool(hook.hostname, Number(hook.port));
  pool.warm(64);
  const headers = { 'x-telegram-bot-api-secret-token': webhook.secretToken };
  const update = (i: number) => {
    const chatId = 10_000 + (i % CHATS);
    const from = { id: chatId, is_bot: false, first_name: 'Customer' };
    return {
      update_id: 1_000_000 + i,
      message: {
        message_id: 1_000_000 + i,
        from,
        chat: { ...from, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        text: `message ${i}`,
      },
    };
  };

  // Inbound at RATE msg/s, open loop: each delivery starts on schedule whether or not the last ended.
  const inbound: number[] = [];
  let failures = 0;
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const deliveries: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    deliveries.push(
      (async () => {
        const t0 = performance.now();
        const { status } = await pool.post(hook.pathname, update(i), headers);
        if (status === 200) inbound.push(performance.now() - t0);
        else failures += 1;
      })(),
    );
  }
  await Promise.all(deliveries);
  const offeredFor = (performance.now() - started) / 1000;
  const cpuPerMessage = ((server.cpuSeconds() - cpuBefore) * 1000) / MESSAGES;
  pool.close();
  inbound.sort((a, b) => a - b);

  // Outbound: an agent's replies, one every 50 ms over the chats; provider receipt time per reply.
  const groupIds: number[] = [];
  for (let c = 0; c < Math.min(CHATS, REPLIES); c++) {
    const info = (await json(`${base}/rest/ws/group/v2/info?clientGroupId=telegram:${10_000 + c}`, {
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
  const received = () => fake.sent(TOKEN).filter((c) => sentAt.has(String(c.body.text)));
  while (received().length < REPLIES && performance.now() < until) await sleep(50);
  const outbound = received()
    .map((c) => c.receivedAt - sentAt.get(String(c.body.text))!)
    .sort((a, b) => a - b);

  printTable(`Messaging channels: Telegram (local Bot API), PGlite`, [
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
      figure: `agent reply → provider's sendMessage, p95 (${outbound.length}/${REPLIES} delivered)`,
      value: ms(percentile(outbound, 95)),
      budget: '< 500 ms',
      pass: outbound.length === REPLIES && percentile(outbound, 95) < 500,
    },
  ]);
} finally {
  await server.stop();
  await fake.close();
}
