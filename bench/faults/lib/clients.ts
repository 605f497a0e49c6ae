import WebSocket from 'ws';
import { sleep } from './processes.js';

// Clients of the real APIs, as a browser tab and a website visitor use them, that survive a
// server going away: sends report whether the server acknowledged them; the agent's socket
// reconnects with the last seq it has.

const REQUEST_TIMEOUT_MS = 5000;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** One HTTP call; a network failure or a timeout is status 0 (not acknowledged). */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {}
    return { status: res.status, body: parsed, ms: Date.now() - started };
  } catch {
    return { status: 0, body: {}, ms: Date.now() - started };
  }
}

export interface Admin {
  token: string;
  appId: string;
  userName: string;
}

export async function signup(base: string): Promise<Admin> {
  const tag = Math.random().toString(36).slice(2, 10);
  const res = await call(base, 'POST', '/api/signup', {
    email: `faults-${tag}@example.com`,
    password: 'Faults1234',
    name: 'Fault Owner',
    companyName: `Faults ${tag}`,
  });
  if (res.status !== 200) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
  const data = res.body.data as { token: string; applicationId: string; userName: string };
  return { token: data.token, appId: data.applicationId, userName: data.userName };
}

export interface Visitor {
  userId: string;
  headers: Record<string, string>;
  groupId: number;
}

/** A website visitor with a conversation of their own. */
export async function newVisitor(base: string, appId: string, n: number): Promise<Visitor> {
  const userId = `faults-visitor-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const reg = await call(base, 'POST', '/rest/ws/register/client', {
    userId,
    applicationId: appId,
    authenticationTypeId: 0,
    displayName: `Visitor ${n}`,
  });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const headers = { 'x-authorization': String(reg.body.authToken), 'application-key': appId };
  const group = await call(
    base,
    'POST',
    '/rest/ws/group/v2.1/create',
    { groupName: `Visitor ${n}`, type: 10 },
    headers,
  );
  if (group.status !== 200) throw new Error(`group: ${group.status} ${JSON.stringify(group.body)}`);
  return { userId, headers, groupId: (group.body.response as { id: number }).id };
}

/** Sends one message with its client key; true when the server acknowledged it (HTTP 200). */
export async function sendMessage(base: string, visitor: Visitor, key: string): Promise<boolean> {
  return (await sendMessageAnswer(base, visitor, key)).status === 200;
}

/**
 * Sends until the server acknowledges, always with the same client key, as the widget and the
 * dashboard retry: `base()` is asked again each time (a client may move to another node).
 */
export async function sendUntilAcked(
  base: () => string,
  sender: Visitor,
  key: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await sendMessage(base(), sender, key))) {
    if (Date.now() > deadline) throw new Error(`send ${key} never acknowledged`);
    await sleep(100);
  }
}

/** The same member's messaging-API headers, to reply in a visitor's conversation as its agent. */
export function replierOf(admin: Admin, visitor: Visitor): Visitor {
  return {
    userId: admin.userName,
    headers: { 'x-authorization': admin.token, 'application-key': admin.appId },
    groupId: visitor.groupId,
  };
}

/** Adds a note (members only) to a conversation; true when acknowledged. */
export async function addNote(base: string, admin: Admin, groupId: number, body: string): Promise<boolean> {
  const res = await call(
    base,
    'POST',
    `/rest/ws/group/${groupId}/notes`,
    { body },
    { 'x-authorization': admin.token, 'application-key': admin.appId },
  );
  return res.status === 200;
}

/** Subscribes a webhook of the application to new messages. */
export async function createWebhook(base: string, admin: Admin, url: string): Promise<void> {
  const res = await call(
    base,
    'POST',
    '/api/settings/webhooks',
    { url, events: ['message.received'] },
    { authorization: `Bearer ${admin.token}` },
  );
  if (res.status !== 200) throw new Error(`webhook: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function sendMessageAnswer(base: string, visitor: Visitor, key: string): Promise<Answer> {
  return call(
    base,
    'POST',
    '/rest/ws/message/send',
    { key, message: `message ${key}`, groupId: visitor.groupId },
    visitor.headers,
  );
}

interface Frame {
  type: string;
  seq?: number;
  data?: { message?: { key?: string } };
}

/**
 * A dashboard tab's socket: records every stored event (seq and message key) and, when the
 * connection drops, reconnects to `base()` with the last seq it has until `close()`.
 */
export class AgentSocket {
  seqs: number[] = [];
  keys = new Set<string>();
  lastSeq = 0;
  /** The application's seq when this tab first connected: it sees what comes after. */
  startSeq = 0;
  reconnects = 0;
  private ws: WebSocket | null = null;
  private closed = false;
  private started = false;

  constructor(
    private readonly base: () => string,
    private readonly token: string,
  ) {}

  async connect(): Promise<void> {
    while (!this.closed) {
      try {
        await this.open();
        return;
      } catch {
        await sleep(200);
      }
    }
  }

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.base().replace('http', 'ws')}/ws`);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('socket timeout'));
      }, 5000);
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      ws.once('open', () =>
        ws.send(
          JSON.stringify({
            type: 'hello',
            token: this.token,
            ...(this.started ? { lastSeq: this.lastSeq } : {}),
          }),
        ),
      );
      ws.on('message', (raw) => {
        const f = JSON.parse(String(raw)) as Frame;
        // The first connection starts at the application's current seq; later ones resume.
        if (f.type === 'ready' && !this.started && typeof f.seq === 'number') {
          this.started = true;
          this.lastSeq = f.seq;
          this.startSeq = f.seq;
        }
        if (f.type === 'resumed') {
          clearTimeout(timer);
          this.ws = ws;
          resolve();
          return;
        }
        if (typeof f.seq !== 'number' || f.type === 'ready') return;
        this.seqs.push(f.seq);
        this.lastSeq = Math.max(this.lastSeq, f.seq);
        const key = f.data?.message?.key;
        if (f.type === 'message.received' && key) this.keys.add(key);
      });
      ws.on('close', () => {
        if (this.ws !== ws || this.closed) return;
        this.ws = null;
        this.reconnects += 1;
        void this.connect();
      });
    });
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
