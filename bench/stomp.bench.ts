// STOMP on /ws (the Applozic/Kommunicate widget's real-time protocol): how long an agent's message
// takes to reach a STOMP subscriber, and what N idle STOMP sessions cost the server next to N idle
// sessions of Convo's own JSON protocol. The server runs as its own process (build it first:
// `npm run build -w apps/server`).
// Run: npx tsx bench/stomp.bench.ts
// BENCH_STOMP_MESSAGES (default 300) measured sends, BENCH_IDLE_SOCKETS (default 2000; the issue's
// budget is stated for 10000), BENCH_PORT (4625) the first of two server ports. A fresh PostgreSQL
// database when one is found (lib/fresh-postgres.ts), PGlite otherwise.
import WebSocket from 'ws';
import { freshPostgres } from './lib/fresh-postgres.js';
import { type ServerProcess, startServer } from './lib/server-process.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const MESSAGES = Number(process.env.BENCH_STOMP_MESSAGES ?? 300);
const IDLE = Number(process.env.BENCH_IDLE_SOCKETS ?? 2000);
let port = Number(process.env.BENCH_PORT ?? 4625);

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function signupAdmin(base: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const res = await post(base, '/api/signup', {
    email: `stomp-${tag}@example.com`,
    password: 'Bench1234',
    name: 'Bench',
    companyName: `Stomp ${tag}`,
  });
  const data = res.data as { token: string; applicationId: string; userKey: string };
  return { token: data.token, appId: data.applicationId, userKey: data.userKey };
}

/** A STOMP session as the widget opens it: CONNECT (login = app, passcode = token), SUBSCRIBE its topic. */
function openStomp(
  base: string,
  appId: string,
  token: string,
  topic: string,
  onMessage?: (body: string) => void,
) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['v11.stomp', 'v10.stomp']);
    let ready = false;
    ws.on('error', (e) => {
      if (!ready) reject(e);
    });
    ws.once('close', () => {
      if (!ready) reject(new Error('closed before its subscription'));
    });
    ws.once('open', () =>
      ws.send(
        `CONNECT\naccept-version:1.1,1.0\nhost:/\nheart-beat:10000,0\nlogin:${appId}\npasscode:${token}\n\n\0`,
      ),
    );
    ws.on('message', (raw) => {
      const text = String(raw);
      if (text.startsWith('CONNECTED')) {
        ws.send(`SUBSCRIBE\nid:sub-0\ndestination:${topic}\nreceipt:r0\n\n\0`);
      } else if (text.startsWith('RECEIPT')) {
        ready = true;
        resolve(ws);
      } else if (text.startsWith('MESSAGE')) {
        onMessage?.(text.slice(text.indexOf('\n\n') + 2, -1));
      } else if (text.startsWith('ERROR')) {
        reject(new Error(text));
      }
    });
  });
}

function openJson(base: string, token: string) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    ws.on('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
    ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { type: string }).type === 'resumed') resolve(ws);
    });
  });
}

async function latency(kind: string, base: string): Promise<Row[]> {
  const admin = await signupAdmin(base);
  const reg = await post(base, '/rest/ws/register/client', {
    userId: `v-${Math.random().toString(36).slice(2, 8)}`,
    applicationId: admin.appId,
    authenticationTypeId: 0,
  });
  const visitorHeaders = { 'x-authorization': reg.authToken as string, 'application-key': admin.appId };
  const group = await post(base, '/rest/ws/group/v2.1/create', { groupName: 'Stomp bench' }, visitorHeaders);
  const groupId = (group.response as { id: number }).id;
  const arrived = new Map<string, number>();
  let waiting: { key: string; resolve: () => void } | null = null;
  const ws = await openStomp(
    base,
    admin.appId,
    reg.authToken as string,
    `/topic/${reg.userKey as string}`,
    (body) => {
      const push = JSON.parse(body) as { type: string; message: { key?: string } };
      if (push.type !== 'APPLOZIC_01' || !push.message.key) return;
      arrived.set(push.message.key, performance.now());
      if (waiting?.key === push.message.key) waiting.resolve();
    },
  );
  const agentHeaders = { 'x-authorization': admin.token, 'application-key': admin.appId };
  const times: number[] = [];
  for (let i = 0; i < MESSAGES + 20; i++) {
    const key = `b-${groupId}-${i}`;
    const got = new Promise<void>((resolve) => {
      waiting = { key, resolve };
    });
    const start = performance.now();
    await post(base, '/rest/ws/message/v2/send', { key, groupId, message: `agent says ${i}` }, agentHeaders);
    await Promise.race([got, new Promise((r) => setTimeout(r, 5000))]);
    const at = arrived.get(key);
    // The first 20 warm the server up.
    if (i >= 20) times.push(at === undefined ? Number.POSITIVE_INFINITY : at - start);
  }
  ws.close();
  const sorted = times.sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return [
    {
      figure: `${kind}: agent message → STOMP subscriber, p50`,
      value: `${percentile(sorted, 50).toFixed(1)} ms`,
      budget: '–',
      pass: null,
    },
    {
      figure: `${kind}: agent message → STOMP subscriber, p95 (${MESSAGES} sends)`,
      value: `${p95.toFixed(1)} ms`,
      budget: '< 100 ms',
      pass: p95 < 100,
    },
  ];
}

async function idle(server: ServerProcess, open: () => Promise<WebSocket>) {
  const before = server.rssMb();
  const sockets: WebSocket[] = [];
  let failed = 0;
  for (let i = 0; i < IDLE; i += 100) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(100, IDLE - i) }, open));
    for (const b of batch) {
      if (b.status === 'fulfilled') sockets.push(b.value);
      else failed += 1;
    }
  }
  await new Promise((r) => setTimeout(r, 3000));
  const added = server.rssMb() - before;
  for (const s of sockets) s.terminate();
  return { added, failed };
}

const rows: Row[] = [];
const pg = await freshPostgres();
const databaseUrl = pg?.url;
const kind = databaseUrl ? 'postgres' : 'pglite';
// One server per protocol for the idle figure, so neither pays for the other's garbage.
const stompServer = await startServer({ port: port++, databaseUrl });
let stompIdle: { added: number; failed: number };
try {
  rows.push(...(await latency(kind, stompServer.base)));
  const admin = await signupAdmin(stompServer.base);
  stompIdle = await idle(stompServer, () =>
    openStomp(stompServer.base, admin.appId, admin.token, `/topic/${admin.userKey}`),
  );
} finally {
  await stompServer.stop();
}
const jsonServer = await startServer({ port: port++, databaseUrl });
let jsonIdle: { added: number; failed: number };
try {
  const admin = await signupAdmin(jsonServer.base);
  jsonIdle = await idle(jsonServer, () => openJson(jsonServer.base, admin.token));
} finally {
  await jsonServer.stop();
}
await pg?.drop();
rows.push(
  {
    figure: `${IDLE} idle STOMP sessions: server memory added`,
    value: `${stompIdle.added.toFixed(0)} MB (${stompIdle.failed} failed)`,
    budget: '–',
    pass: stompIdle.failed === 0,
  },
  {
    figure: `${IDLE} idle Convo JSON sessions: server memory added`,
    value: `${jsonIdle.added.toFixed(0)} MB (${jsonIdle.failed} failed)`,
    budget: '–',
    pass: jsonIdle.failed === 0,
  },
  {
    figure: 'idle STOMP / idle Convo JSON memory',
    value: (stompIdle.added / Math.max(1, jsonIdle.added)).toFixed(2),
    // RSS moves by a few MB on its own: within 10% counts as "no more".
    budget: '≤ 1.10',
    pass: stompIdle.added <= jsonIdle.added * 1.1,
  },
);
printTable('STOMP (server process on loopback; npx tsx bench/stomp.bench.ts)', rows);
