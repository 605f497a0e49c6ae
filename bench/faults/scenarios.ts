import {
  type Admin,
  AgentSocket,
  addNote,
  call,
  createWebhook,
  newVisitor,
  replierOf,
  sendMessage,
  sendMessageAnswer,
  sendUntilAcked,
  signup,
  type Visitor,
} from './lib/clients.js';
import { type DbTarget, memberSeqs, messageKeyCounts, noteBodyCounts } from './lib/database.js';
import {
  type Cluster,
  freePort,
  type RedisServer,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
  waitFor,
} from './lib/processes.js';
import { startWebhookReceiver } from './lib/webhook-receiver.js';

// The three fault scenarios of issue 7. Each throws with what went wrong, or returns a one-line
// summary of what it saw.

export interface FaultContext {
  cluster: Cluster;
  redis: RedisServer;
  short: boolean;
}

/** The client keys the scenarios' visitors use. */
const LOAD_KEY = /^(v\d+-m\d+|r\d+-m\d+|before-\d+|during-\d+|after-\d+|up-\d+|down-\d+)$/;
const unique = () => Math.random().toString(36).slice(2, 8);

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The agent saw every event of its audience exactly once, and every message of the load. */
async function checkAgent(agent: AgentSocket, target: DbTarget, admin: Admin, keys: readonly string[]) {
  const dup = agent.seqs.length - new Set(agent.seqs).size;
  assert(dup === 0, `the agent received ${dup} events twice`);
  const stored = (await memberSeqs(target, admin.appId, admin.userName)).filter((s) => s > agent.startSeq);
  const seen = new Set(agent.seqs);
  const missing = stored.filter((s) => !seen.has(s));
  assert(
    missing.length === 0,
    `the agent missed ${missing.length} stored events (first seqs ${missing.slice(0, 5)})`,
  );
  const sorted = agent.seqs.every((s, i) => i === 0 || s > agent.seqs[i - 1]!);
  assert(sorted, 'the agent received events out of seq order');
  const lost = keys.filter((k) => !agent.keys.has(k));
  assert(lost.length === 0, `the agent never saw ${lost.length} messages (${lost.slice(0, 3)})`);
  return stored.length;
}

async function everyMessageOnce(target: DbTarget, appId: string, keys: readonly string[]) {
  const counts = await messageKeyCounts(target, appId);
  const wrong = keys.filter((k) => counts.get(k) !== 1);
  assert(
    wrong.length === 0,
    `${wrong.length} messages not stored exactly once (${wrong.slice(0, 3).map((k) => `${k}×${counts.get(k) ?? 0}`)})`,
  );
  // Other messages (a conversation's system messages) have keys of their own.
  const extra = [...counts.keys()].filter((k) => LOAD_KEY.test(k) && !keys.includes(k));
  assert(extra.length === 0, `${extra.length} unexpected messages stored`);
}

/**
 * The job lock of a webhook delivery (apps/server/src/modules/webhooks/worker.ts: 60 s): a delivery
 * claimed by a process that is then killed goes out again once its claim expires.
 */
const WEBHOOK_CLAIM_MS = 60_000;

/**
 * a. kill -9 during a load of visitor messages, agent replies and notes, with a webhook
 * subscribed, then restart: every acknowledged message stored once, every unacknowledged one
 * stored once after its retry (same client key), every acknowledged note stored once (a note has
 * no client key: one whose answer was lost is not retried, and is stored at most once), every
 * stored message's webhook delivered at least once within the claim bound, and the agent that
 * reconnects with its last seq has every event of its audience.
 */
export async function killDuringLoad(ctx: FaultContext, kind: 'postgres' | 'pglite'): Promise<string> {
  const visitorsCount = ctx.short ? 6 : 25;
  const perVisitor = ctx.short ? 12 : 40;
  const notesPerVisitor = Math.ceil(perVisitor / 4);
  const data = tempDir('convo-faults-kill-');
  const databaseUrl =
    kind === 'postgres' ? await ctx.cluster.createDatabase(`faults_kill_${unique()}`) : undefined;
  const target: DbTarget = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: data.dir };
  const port = await freePort();
  const serverOpts = { port, dataDir: data.dir, ...(databaseUrl ? { databaseUrl } : {}) };
  const hooks = await startWebhookReceiver();
  let server: ServerProcess = await startServer(serverOpts);
  let agent: AgentSocket | null = null;
  try {
    const admin = await signup(server.base);
    await createWebhook(server.base, admin, hooks.url);
    const visitors: Visitor[] = [];
    for (let i = 0; i < visitorsCount; i++) visitors.push(await newVisitor(server.base, admin.appId, i));
    agent = new AgentSocket(() => server.base, admin.token);
    await agent.connect();

    // Each visitor's messages and its agent's replies, in order per sender.
    const senders = visitors.flatMap((visitor, i) => [
      { sender: visitor, prefix: `v${i}` },
      { sender: replierOf(admin, visitor), prefix: `r${i}` },
    ]);
    const keys = senders.flatMap(({ prefix }) =>
      Array.from({ length: perVisitor }, (_, j) => `${prefix}-m${j}`),
    );
    const acked = new Set<string>();
    const notesAcked: string[] = [];
    const notesLost: string[] = [];
    const total = keys.length;
    let ackedBeforeCrash = 0;
    const crash: { done: Promise<void> | null } = { done: null };
    const crashAndRestart = async () => {
      ackedBeforeCrash = acked.size;
      await server.crash();
      await sleep(300);
      server = await startServer(serverOpts);
    };
    const base = () => server.base;
    let messagesDone = false;
    const messaging = Promise.all(
      senders.map(async ({ sender, prefix }) => {
        for (let j = 0; j < perVisitor; j++) {
          const key = `${prefix}-m${j}`;
          await sendUntilAcked(base, sender, key);
          acked.add(key);
          if (!crash.done && acked.size >= total * 0.4) crash.done = crashAndRestart();
        }
      }),
    ).finally(() => {
      messagesDone = true;
    });
    // Notes go on for as long as the messages do, so some are in flight at the kill.
    const noting = Promise.all(
      visitors.map(async (visitor, i) => {
        for (let j = 0; !messagesDone || j < notesPerVisitor; j++) {
          const body = `note v${i}-n${j}`;
          ((await addNote(server.base, admin, visitor.groupId, body)) ? notesAcked : notesLost).push(body);
          await sleep(100);
        }
      }),
    );
    await Promise.all([messaging, noting]);
    await crash.done;
    assert(ackedBeforeCrash > 0 && ackedBeforeCrash < total, 'the crash did not happen mid-load');
    assert(acked.size === total, `${total - acked.size} messages never acknowledged`);
    await waitFor('the agent to catch up', async () => keys.every((k) => agent!.keys.has(k)), 20_000).catch(
      () => {},
    );
    const hooksFrom = Date.now();
    await waitFor(
      'every message webhook to be delivered',
      async () => keys.every((k) => (hooks.byKey.get(k) ?? 0) > 0),
      WEBHOOK_CLAIM_MS + 30_000,
    ).catch(() => {});
    const hooksMs = Date.now() - hooksFrom;
    agent.close();
    if (kind === 'pglite') await server.stop(); // PGlite can be opened by one process only
    await everyMessageOnce(target, admin.appId, keys);
    const notHooked = keys.filter((k) => !hooks.byKey.has(k));
    assert(
      notHooked.length === 0,
      `${notHooked.length} stored messages never reached the webhook within ${WEBHOOK_CLAIM_MS + 30_000} ms (${notHooked.slice(0, 3)})`,
    );
    const strange = [...hooks.byKey.keys()].filter((k) => !keys.includes(k));
    assert(strange.length === 0, `webhooks for messages never sent: ${strange.slice(0, 3)}`);
    const hookedTwice = [...hooks.byKey.values()].filter((n) => n > 1).length;
    const notes = await noteBodyCounts(target, admin.appId);
    const badNotes = notesAcked.filter((b) => notes.get(b) !== 1);
    assert(
      badNotes.length === 0,
      `${badNotes.length} acknowledged notes not stored exactly once (${badNotes.slice(0, 3).map((b) => `${b}×${notes.get(b) ?? 0}`)})`,
    );
    const lostTwice = notesLost.filter((b) => (notes.get(b) ?? 0) > 1);
    assert(lostTwice.length === 0, `${lostTwice.length} unacknowledged notes stored twice`);
    assert(notesAcked.length > 0, 'no note was acknowledged');
    const events = await checkAgent(agent, target, admin, keys);
    return (
      `${total} messages (visitors and agent replies; ${ackedBeforeCrash} acknowledged before the kill), stored once each; ` +
      `${notesAcked.length} notes acknowledged, stored once (${notesLost.length} unanswered, not retried, ${notesLost.filter((b) => notes.has(b)).length} of them stored); ` +
      `webhooks: all ${total} delivered (${hookedTwice} twice) ${hooksMs} ms after the load; agent reconnected ${agent.reconnects}×, ${events} events, none missing`
    );
  } finally {
    agent?.close();
    await server.stop();
    await hooks.close();
    data.remove();
  }
}

/**
 * How soon after Redis answers again the events it missed reach the agent: ioredis reconnects
 * (its retry delay grows to 2 s), resubscribes, and the hub reads the missed seqs.
 */
const REDIS_RECOVERY_MS = 8000;

/**
 * b. Two server processes on one PostgreSQL and one Redis: a message through node A reaches an
 * agent on node B; Redis killed and restarted mid-run: what was sent meanwhile is recovered
 * without any new traffic, and delivery goes on live.
 */
export async function twoNodesRedisRestart(ctx: FaultContext): Promise<string> {
  const batch = ctx.short ? 5 : 20;
  const databaseUrl = await ctx.cluster.createDatabase(`faults_nodes_${unique()}`);
  const target: DbTarget = { kind: 'postgres', url: databaseUrl };
  const dirA = tempDir('convo-faults-a-');
  const dirB = tempDir('convo-faults-b-');
  const servers: ServerProcess[] = [];
  let agent: AgentSocket | null = null;
  try {
    for (const dir of [dirA.dir, dirB.dir]) {
      servers.push(
        await startServer({ port: await freePort(), dataDir: dir, databaseUrl, redisUrl: ctx.redis.url }),
      );
    }
    const [nodeA, nodeB] = servers as [ServerProcess, ServerProcess];
    const admin = await signup(nodeA.base);
    const visitor = await newVisitor(nodeA.base, admin.appId, 0);
    agent = new AgentSocket(() => nodeB.base, admin.token);
    await agent.connect();
    const keys: string[] = [];
    const sendBatch = async (label: string) => {
      const sent: string[] = [];
      let slowest = 0;
      for (let i = 0; i < batch; i++) {
        const key = `${label}-${i}`;
        const res = await sendMessageAnswer(nodeA.base, visitor, key);
        assert(res.status === 200, `send ${key} through node A answered ${res.status} after ${res.ms} ms`);
        slowest = Math.max(slowest, res.ms);
        sent.push(key);
      }
      keys.push(...sent);
      return { sent, slowest };
    };
    const arrive = (sent: string[], what: string, ms = 5000) =>
      waitFor(what, async () => sent.every((k) => agent!.keys.has(k)), ms);

    const before = await sendBatch('before');
    await arrive(before.sent, 'messages through node A to reach the agent on node B');

    await ctx.redis.stop();
    const during = await sendBatch('during');
    await sleep(500);
    // While Redis is away a node publishes nothing (pubsub.ts fails the publish at once): what
    // node B's agent has of them came live before the bus noticed, the rest must be recovered.
    const live = during.sent.filter((k) => agent!.keys.has(k)).length;
    // Timed from the restart: start() returns only once Redis answers, by when the nodes may
    // already have resubscribed and recovered.
    const back = Date.now();
    await ctx.redis.start();
    // No new message: the nodes must notice what they missed by themselves (docs/realtime.md: on
    // resubscribing, each hub reads what it missed from the database), within the bound.
    await arrive(
      during.sent,
      `messages sent while Redis was down to be recovered within ${REDIS_RECOVERY_MS} ms`,
      REDIS_RECOVERY_MS,
    );
    const recoveredMs = Date.now() - back;

    const after = await sendBatch('after');
    await arrive(after.sent, 'live delivery after the Redis restart');
    agent.close();
    await everyMessageOnce(target, admin.appId, keys);
    const events = await checkAgent(agent, target, admin, keys);
    const dup = agent.seqs.length - new Set(agent.seqs).size;
    assert(dup === 0, `${dup} events delivered twice after the recovery`);
    return `node A → node B live; ${batch} sends during the outage acknowledged (slowest ${during.slowest} ms), ${live} delivered live, ${batch - live} lost live and all recovered ${recoveredMs} ms after Redis was restarted (bound ${REDIS_RECOVERY_MS} ms), none twice; ${events} events, none missing`;
  } finally {
    agent?.close();
    for (const server of servers) await server.stop();
    dirA.remove();
    dirB.remove();
  }
}

/**
 * c. PostgreSQL stopped and started under a running server: requests fail fast with a clear
 * error while it is down, and the same process serves again once it is back.
 */
export async function postgresRestart(ctx: FaultContext): Promise<string> {
  const databaseUrl = await ctx.cluster.createDatabase(`faults_pg_${unique()}`);
  const data = tempDir('convo-faults-pg-');
  const server = await startServer({ port: await freePort(), dataDir: data.dir, databaseUrl });
  try {
    const admin = await signup(server.base);
    const visitor = await newVisitor(server.base, admin.appId, 0);
    assert(await sendMessage(server.base, visitor, 'up-1'), 'send before the restart failed');

    ctx.cluster.stop();
    const health = await call(server.base, 'GET', '/health');
    const send = await call(
      server.base,
      'POST',
      '/rest/ws/message/send',
      { key: 'down-1', message: 'while down', groupId: visitor.groupId },
      visitor.headers,
    );
    const me = await call(server.base, 'GET', '/api/users/me', undefined, {
      authorization: `Bearer ${admin.token}`,
    });
    const downAnswers = [health, send, me].map((r) => `${r.status} ${String(r.body.code ?? '')} ${r.ms}ms`);
    for (const r of [health, send, me]) {
      assert(
        r.status === 503,
        `while PostgreSQL is down a request answered ${r.status} ${JSON.stringify(r.body)}`,
      );
      assert(typeof r.body.code === 'string', 'the error has no code');
      assert(r.ms < 5000, `a request took ${r.ms} ms while PostgreSQL was down`);
    }
    assert(server.alive(), 'the server died while PostgreSQL was down');

    ctx.cluster.start();
    const back = Date.now();
    await waitFor(
      'the server to serve again',
      async () => (await call(server.base, 'GET', '/health')).status === 200,
      20_000,
    );
    const recoveredMs = Date.now() - back;
    assert(await sendMessage(server.base, visitor, 'down-1'), 'the send retried after the restart failed');
    assert(await sendMessage(server.base, visitor, 'up-2'), 'a send after the restart failed');
    const again = await call(server.base, 'GET', '/api/users/me', undefined, {
      authorization: `Bearer ${admin.token}`,
    });
    assert(again.status === 200, `after the restart /api/users/me answered ${again.status}`);
    await everyMessageOnce({ kind: 'postgres', url: databaseUrl }, admin.appId, ['up-1', 'down-1', 'up-2']);
    return `while down: ${downAnswers.join(', ')}; serving again ${recoveredMs} ms after PostgreSQL started, same process`;
  } finally {
    await server.stop();
    data.remove();
  }
}

/**
 * d. PostgreSQL crashes while sends are in flight (`immediate`: pg_ctl stop -m immediate, then
 * start; `kill-backend`: kill -9 of one of the server's backends, after which the postmaster
 * resets every connection and recovers by itself). The server process survives, every send is
 * acknowledged after its retries (same client key) and stored once, and the agent has every event.
 */
export async function postgresCrash(ctx: FaultContext, mode: 'immediate' | 'kill-backend'): Promise<string> {
  const visitorsCount = ctx.short ? 4 : 10;
  const perVisitor = ctx.short ? 10 : 30;
  const name = `faults_pgcrash_${unique()}`;
  const databaseUrl = await ctx.cluster.createDatabase(name);
  const target: DbTarget = { kind: 'postgres', url: databaseUrl };
  const data = tempDir('convo-faults-pgcrash-');
  const server = await startServer({ port: await freePort(), dataDir: data.dir, databaseUrl });
  let agent: AgentSocket | null = null;
  try {
    const admin = await signup(server.base);
    const visitors: Visitor[] = [];
    for (let i = 0; i < visitorsCount; i++) visitors.push(await newVisitor(server.base, admin.appId, i));
    agent = new AgentSocket(() => server.base, admin.token);
    await agent.connect();
    const keys = visitors.flatMap((_, i) => Array.from({ length: perVisitor }, (_, j) => `v${i}-m${j}`));
    const acked = new Set<string>();
    let ackedBeforeCrash = 0;
    let killed = '';
    const crash: { done: Promise<void> | null } = { done: null };
    const crashAndRecover = async () => {
      ackedBeforeCrash = acked.size;
      if (mode === 'immediate') {
        ctx.cluster.crash();
        killed = 'cluster stopped -m immediate';
        await sleep(1000);
        ctx.cluster.start();
      } else {
        killed = `backend ${await ctx.cluster.killBackend(name)} killed -9`;
      }
      await ctx.cluster.ready();
    };
    await Promise.all(
      visitors.map(async (visitor, i) => {
        for (let j = 0; j < perVisitor; j++) {
          const key = `v${i}-m${j}`;
          await sendUntilAcked(() => server.base, visitor, key, 90_000);
          acked.add(key);
          if (!crash.done && acked.size >= keys.length * 0.4) crash.done = crashAndRecover();
          // Sends keep coming while the database is away: some are in flight at the crash.
          await sleep(20);
        }
      }),
    );
    await crash.done;
    assert(server.alive(), 'the server died with PostgreSQL');
    assert(ackedBeforeCrash > 0 && ackedBeforeCrash < keys.length, 'the crash did not happen mid-load');
    await waitFor('the agent to catch up', async () => keys.every((k) => agent!.keys.has(k)), 20_000).catch(
      () => {},
    );
    agent.close();
    await everyMessageOnce(target, admin.appId, keys);
    const events = await checkAgent(agent, target, admin, keys);
    return `${killed} after ${ackedBeforeCrash} of ${keys.length} sends; all acknowledged after retries, stored once; same server process; agent reconnected ${agent.reconnects}×, ${events} events, none missing`;
  } finally {
    agent?.close();
    await server.stop();
    data.remove();
  }
}

/**
 * e. Two nodes on one PostgreSQL and one Redis, visitors on both, the agent on node B: node A is
 * killed -9 while Redis fans its messages out. A's visitors move to B and retry with the same
 * keys; the agent on the surviving node misses nothing, sees nothing twice, in seq order.
 */
export async function nodeKilledDuringFanOut(ctx: FaultContext): Promise<string> {
  const visitorsCount = ctx.short ? 4 : 10;
  const perVisitor = ctx.short ? 10 : 30;
  const databaseUrl = await ctx.cluster.createDatabase(`faults_nodekill_${unique()}`);
  const target: DbTarget = { kind: 'postgres', url: databaseUrl };
  const dirs = [tempDir('convo-faults-na-'), tempDir('convo-faults-nb-')];
  const servers: ServerProcess[] = [];
  let agent: AgentSocket | null = null;
  try {
    for (const d of dirs)
      servers.push(
        await startServer({ port: await freePort(), dataDir: d.dir, databaseUrl, redisUrl: ctx.redis.url }),
      );
    const [nodeA, nodeB] = servers as [ServerProcess, ServerProcess];
    const admin = await signup(nodeB.base);
    const visitors: Visitor[] = [];
    for (let i = 0; i < visitorsCount; i++) visitors.push(await newVisitor(nodeB.base, admin.appId, i));
    agent = new AgentSocket(() => nodeB.base, admin.token);
    await agent.connect();
    let aDown = false;
    // Even visitors go through node A until it dies (a load balancer then sends them to B).
    const baseOf = (i: number) => () => (i % 2 === 0 && !aDown ? nodeA.base : nodeB.base);
    const keys = visitors.flatMap((_, i) => Array.from({ length: perVisitor }, (_, j) => `v${i}-m${j}`));
    const acked = new Set<string>();
    let ackedBeforeKill = 0;
    const kill: { done: Promise<void> | null } = { done: null };
    await Promise.all(
      visitors.map(async (visitor, i) => {
        for (let j = 0; j < perVisitor; j++) {
          const key = `v${i}-m${j}`;
          await sendUntilAcked(baseOf(i), visitor, key);
          acked.add(key);
          if (!kill.done && acked.size >= keys.length * 0.4) {
            ackedBeforeKill = acked.size;
            kill.done = nodeA.crash().then(() => {
              aDown = true;
            });
          }
        }
      }),
    );
    await kill.done;
    assert(ackedBeforeKill > 0 && ackedBeforeKill < keys.length, 'node A was not killed mid-load');
    assert(nodeB.alive(), 'node B died');
    await waitFor(
      'the agent on node B to have every message',
      async () => keys.every((k) => agent!.keys.has(k)),
      20_000,
    ).catch(() => {});
    agent.close();
    await everyMessageOnce(target, admin.appId, keys);
    const events = await checkAgent(agent, target, admin, keys);
    assert(agent.reconnects === 0, `the agent on the surviving node was disconnected ${agent.reconnects}×`);
    return `node A killed after ${ackedBeforeKill} of ${keys.length} sends; its visitors retried through B; agent on B: ${events} events, none missing or twice, never disconnected`;
  } finally {
    agent?.close();
    for (const server of servers) await server.stop();
    for (const d of dirs) d.remove();
  }
}
