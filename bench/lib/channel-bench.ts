// What the messaging channels' benches share (channels.bench.ts, whatsapp-twilio.bench.ts): the
// sizes, a workspace to connect the channel in, the open-loop inbound phase, the agent's replies
// timed to the provider's receipt, and the budgets' table. Each bench brings its provider: how a
// delivery is posted and how the provider's receipt of a reply is read.
import type { LightPool } from './light-http.js';
import type { ServerProcess } from './server-process.js';
import { percentile, printTable } from './stats.js';

export const CHANNEL_SIZES = {
  rate: Number(process.env.BENCH_CHANNEL_RATE ?? 200),
  messages: Number(process.env.BENCH_CHANNEL_MESSAGES ?? 1000),
  chats: Number(process.env.BENCH_CHANNEL_CHATS ?? 100),
  replies: Number(process.env.BENCH_CHANNEL_REPLIES ?? 100),
};
const { rate: RATE, messages: MESSAGES, chats: CHATS, replies: REPLIES } = CHANNEL_SIZES;

export const ms = (n: number) => `${n.toFixed(0)} ms`;
export const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

export async function json(url: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url} ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A new workspace: its owner's token, and the headers of the product API and of the messaging API. */
export async function signUpWorkspace(base: string, tag: string) {
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
  return {
    bearer: { authorization: `Bearer ${token}` },
    messaging: { 'x-authorization': token, 'application-key': applicationId },
  };
}

export interface InboundResult {
  /** Webhook answer times of the accepted deliveries, sorted. */
  inbound: number[];
  failures: number;
  offeredFor: number;
  cpuPerMessage: number;
}

/**
 * Inbound at RATE msg/s, open loop: each delivery starts on schedule whether or not the last ended.
 * `post(i)` posts delivery i on the pool and answers its status.
 */
export async function offerInbound(
  server: ServerProcess,
  pool: LightPool,
  post: (i: number) => Promise<{ status: number }>,
): Promise<InboundResult> {
  const inbound: number[] = [];
  let failures = 0;
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(
      (async () => {
        const t0 = performance.now();
        const { status } = await post(i);
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
  return { inbound, failures, offeredFor, cpuPerMessage };
}

/**
 * Outbound: an agent's replies, one every 50 ms over the chats (their client group ids by chat
 * number); the provider's receipt time per reply, sorted. `received` lists the provider's receipts
 * as [reply text, received at].
 */
export async function timeReplies(opts: {
  base: string;
  messaging: Record<string, string>;
  tag: string;
  clientGroupId: (chat: number) => string;
  received: () => [text: string, receivedAt: number][];
}): Promise<number[]> {
  const { base, messaging, tag } = opts;
  const groupIds: number[] = [];
  for (let c = 0; c < Math.min(CHATS, REPLIES); c++) {
    const clientGroupId = encodeURIComponent(opts.clientGroupId(c));
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
  const ours = () => opts.received().filter(([text]) => sentAt.has(text));
  const until = performance.now() + 30_000;
  while (ours().length < REPLIES && performance.now() < until) await sleep(50);
  return ours()
    .map(([text, receivedAt]) => receivedAt - sentAt.get(text)!)
    .sort((a, b) => a - b);
}

/** The budgets: inbound p95 < 200 ms with nothing failed or queued, replies p95 < 500 ms. */
export function printChannelTable(
  title: string,
  providerCall: string,
  pool: LightPool,
  { inbound, failures, offeredFor, cpuPerMessage }: InboundResult,
  outbound: number[],
) {
  printTable(title, [
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
      figure: `agent reply → ${providerCall}, p95 (${outbound.length}/${REPLIES} delivered)`,
      value: ms(percentile(outbound, 95)),
      budget: '< 500 ms',
      pass: outbound.length === REPLIES && percentile(outbound, 95) < 500,
    },
  ]);
}
