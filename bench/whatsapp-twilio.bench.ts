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

const { chats: CHATS, messages: MESSAGES } = CHANNEL_SIZES;
const PORT = Number(process.env.BENCH_PORT ?? 5215);
const ACCOUNT_SID = `AC${'b3c4'.repeat(8)}`;
const AUTH_TOKEN = 'a1'.repeat(16);
const SENDER = '+14155238886';
const customer = (c: number) => `+1555${String(1_000_000 + c).padStart(7, '0')}`;

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
  const { bearer, messaging } = await signUpWorkspace(base, tag);
  const connected = (await json(`${base}/api/integrations/settings/whatsapp-twilio`, {
    method: 'POST',
    headers: bearer,
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
  const inbound = await offerInbound(server, pool, (i) => {
    const delivery = deliveries[i]!;
    return pool.post(hook.pathname, delivery.body, delivery.headers);
  });
  const outbound = await timeReplies({
    base,
    messaging,
    tag,
    clientGroupId: (c) => `whatsapp-twilio:${customer(c)}`,
    received: () => fake.sent().map((c) => [c.params.Body ?? '', c.receivedAt]),
  });
  printChannelTable(
    'Messaging channels: WhatsApp through Twilio (local Twilio API, twilio SDK), PGlite',
    "Twilio's Messages.json",
    pool,
    inbound,
    outbound,
  );
} finally {
  await server.stop();
  await fake.close();
}
