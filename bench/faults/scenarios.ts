import {
  type Admin,
  AgentSocket,
  call,
  newVisitor,
  sendMessage,
  sendMessageAnswer,
  signup,
  type Visitor,
} from './lib/clients.js';
import { type DbTarget, memberSeqs, messageKeyCounts } from './lib/database.js';
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

// The three fault scenarios of issue 7. Each throws with what went wrong, or returns a one-line
// summary of what it saw.

export interface FaultContext {
  cluster: Cluster;
  redis: RedisServer;
  short: boolean;
}

/** The client keys the scenarios' visitors use. */
const LOAD_KEY = /^(v\d+-m\d+|before-\d+|during-\d+|after-\d+|up-\d+|down-\d+)$/;
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
 * a. kill -9 during a load of widget messages, restart: every acknowledged message stored once,
 * every unacknowledged one stored once after its retry (same client key), and the agent that
 * reconnects with its last seq has every event of its audience.
 */
export async function killDuringLoad(ctx: FaultContext, kind: 'postgres' | 'pglite'): Promise<string> {
  const visitorsCount = ctx.short ? 6 : 25;
  const perVisitor = ctx.short ? 12 : 40;
  const data = tempDir('convo-faults-kill-');
  const databaseUrl =
    kind === 'postgres' ? await ctx.cluster.createDatabase(`faults_kill_${unique()}`) : undefined;
  const target: DbTarget = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: data.dir };
  const port = await freePort();
  const serverOpts = { port, dataDir: data.dir, ...(databaseUrl ? { databaseUrl } : {}) };
  let server: ServerProcess = await startServer(serverOpts);
  let agent: AgentSocket | null = null;
  try {
    const admin = await signup(server.base);
    const visitors: Visitor[] = [];
    for (let i = 0; i < visitorsCount; i++) visitors.push(await newVisitor(server.base, admin.appId, i));
    agent = new AgentSocket(() => server.base, admin.token);
    await agent.connect();

    const keys = visitors.flatMap((_, i) => Array.from({ length: perVisitor }, (_, j) => `v${i}-m${j}`));
    const acked = new Set<string>();
    const total = keys.length;
    let ackedBeforeCrash = 0;
    const crash: { done: Promise<void> | null } = { done: null };
    const crashAndRestart = async () => {
      ackedBeforeCrash = acked.size;
      await server.crash();
      await sleep(300);
      server = await startServer(serverOpts);
    };
    // Each visitor sends its messages in order; a failed send is retried with the same key.
    await Promise.all(
      visitors.map(async (visitor, i) => {
        for (let j = 0; j < perVisitor; j++) {
          const key = `v${i}-m${j}`;
          const deadline = Date.now() + 60_000;
          while (!(await sendMessage(server.base, visitor, key))) {
            if (Date.now() > deadline) throw new Error(`send ${key} never acknowledged`);
            await sleep(100);
          }
          acked.add(key);
          if (!crash.done && acked.size >= total * 0.4) crash.done = crashAndRestart();
        }
      }),
    );
    await crash.done;
    assert(ackedBeforeCrash > 0 && ackedBeforeCrash < total, 'the crash did not happen mid-load');
    assert(acked.size === total, `${total - acked.size} messages never acknowledged`);
    await waitFor('the agent to catch up', async () => keys.every((k) => agent!.keys.has(k)), 20_000).catch(
      () => {},
    );
    agent.close();
    if (kind === 'pglite') await server.stop(); // PGlite can be opened by one process only
    await everyMessageOnce(target, admin.appId, keys);
    const events = await checkAgent(agent, target, admin, keys);
    return `${total} messages (${ackedBeforeCrash} acknowledged before the kill), stored once each; agent reconnected ${agent.reconnects}×, ${events} events, none missing`;
  } finally {
    agent?.close();
    await server.stop();
    data.remove();
  }
}

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
    const lostLive = during.sent.filter((k) => agent!.keys.has(k)).length;
    await ctx.redis.start();
    // No new message: the nodes must notice what they missed by themselves.
    await arrive(during.sent, 'messages sent while Redis was down to be recovered', 15_000);

    const after = await sendBatch('after');
    await arrive(after.sent, 'live delivery after the Redis restart');
    agent.close();
    await everyMessageOnce(target, admin.appId, keys);
    const events = await checkAgent(agent, target, admin, keys);
    return `node A → node B live; ${batch} sends during the outage acknowledged (slowest ${during.slowest} ms, ${lostLive} delivered live) and recovered after Redis came back; ${events} events, none missing`;
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
