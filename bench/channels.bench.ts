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
import {
  CHANNEL_SIZES,
  json,
  offerInbound,
  printChannelTable,
  signUpWorkspace,
  timeReplies,
} from './lib/channel-bench.js';
import { LightPool } from './lib/light-http.js';
import { startServer } from './lib/server-process.js';

const CHATS = CHANNEL_SIZES.chats;
const PORT = Number(process.env.BENCH_PORT ?? 5205);
const TOKEN = '7777777:AAHbenchTelegramTokenForChannels_01';

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
  const { bearer, messaging } = await signUpWorkspace(base, tag);
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

  const inbound = await offerInbound(server, pool, (i) => pool.post(hook.pathname, update(i), headers));
  const outbound = await timeReplies({
    base,
    messaging,
    tag,
    clientGroupId: (c) => `telegram:${10_000 + c}`,
    received: () => fake.sent(TOKEN).map((c) => [String(c.body.text), c.receivedAt]),
  });
  printChannelTable(
    'Messaging channels: Telegram (local Bot API), PGlite',
    "provider's sendMessage",
    pool,
    inbound,
    outbound,
  );
} finally {
  await server.stop();
  await fake.close();
}
