import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { sha256 } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import type { PubSub } from '../../platform/pubsub/pubsub.js';
import { burstWriter, type CorkableSocket } from './burst-writer.js';
import { currentSeq, eventsAfter, eventsBetween } from './event-repository.js';
import {
  AUDIENCE_MEMBERS,
  audiencesOf,
  audienceUser,
  EVENT,
  type StoredEvent,
  toEnvelope,
} from './event-types.js';
import { OrderedStream } from './ordered-stream.js';
import { type BusMessage, EVENTS_CHANNEL, type Realtime } from './realtime.js';

// One WebSocket per browser tab. The client's first frame authenticates and says the last seq it
// has; the hub replays what was stored after it, then streams live events in seq order.

const REPLAY_PAGE = 500;

/**
 * Sessions ended by an admin (member disabled or deleted): every node closes that person's open
 * sockets with 4401, which the dashboard treats as a logout. The sessions themselves are already
 * deleted, so a reconnect is refused too.
 */
export const SESSIONS_CHANNEL = 'convo:sessions';
const sessionRevokedMessage = z.object({ type: z.literal('session.revoked'), userIds: z.array(z.string()) });
export type SessionRevoker = (userIds: readonly string[]) => Promise<void>;

export function sessionRevoker(pubsub: PubSub, log: FastifyBaseLogger): SessionRevoker {
  return async (userIds) => {
    if (userIds.length === 0) return;
    try {
      await pubsub.publish(SESSIONS_CHANNEL, { type: 'session.revoked', userIds });
    } catch (err) {
      // The sockets still die at their next authenticated action; their tokens are gone.
      log.warn({ err }, 'session revocation publish failed');
    }
  };
}
const AUTH_TIMEOUT_MS = 10_000;

const clientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    token: z.string().min(1).max(200),
    lastSeq: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('typing'), groupId: z.number().int().positive(), typing: z.boolean() }),
  z.object({
    type: z.enum(['read', 'delivered']),
    groupId: z.number().int().positive(),
    messageId: z.number().int().positive(),
  }),
]);

/** What the hub asks of the messaging module for receipts (kept as a callback to avoid a cycle). */
export type ReceiptHandler = (
  caller: AuthContext,
  kind: 'read' | 'delivered',
  groupId: number,
  messageId: number,
) => Promise<void>;

/** What an end user may read about the team, applied to each frame (the widget's visitor view). */
export type VisitorView = <T>(value: T) => T;
export type VisitorViewFactory = (applicationId: string, viewerId: string) => Promise<VisitorView>;

/** A live session the hello frame's token names. */
export interface HubSession {
  auth: AuthContext;
  applicationId: string;
  user: { id: string; userId: string; status: number; roleType: string | null };
}

/**
 * What the hub asks of accounts and conversations, provided by the composition root (app.ts): every
 * module imports realtime, so realtime imports none of them.
 */
export interface HubLookups {
  /** The live session of a token's hash, or null. */
  session(db: Db, tokenHash: string, now: Date): Promise<HubSession | null>;
  /** Forgets this node's cached sessions of users whose sessions were revoked. */
  forgetSessions(userIds: Iterable<string>): void;
  findConversation(
    db: Db,
    applicationId: string,
    id: number,
  ): Promise<{ id: number; customerId: string | null } | null | undefined>;
  isMember(db: Db, conversationId: number, userId: string): Promise<boolean>;
}

interface Connection {
  socket: WebSocket;
  /** Corks the TCP socket until the next tick (see burst-writer.ts). */
  holdWrites: () => void;
  auth: AuthContext;
  appId: string;
  userId: string;
  userName: string;
  isMember: boolean;
  audiences: Set<string>;
  lastSeq: number;
  replaying: boolean;
  buffer: StoredEvent[];
  /** An end user's connection: what they may read about the team (widget/visitor-view.ts). */
  view: VisitorView | null;
}

export interface Hub {
  /** `raw`: the upgraded TCP socket under `socket`, so a burst of frames leaves in one write. */
  accept(socket: WebSocket, raw?: CorkableSocket): void;
  connectionCount(): number;
  close(): Promise<void>;
}

export async function createHub(
  db: Db,
  pubsub: PubSub,
  realtime: Realtime,
  log: FastifyBaseLogger,
  onReceipt: ReceiptHandler,
  lookups: HubLookups,
  visitorViews?: VisitorViewFactory,
): Promise<Hub> {
  const byApp = new Map<string, Set<Connection>>();
  // One ordered stream per application with sockets on this node.
  const streams = new Map<string, OrderedStream>();

  const streamOf = async (appId: string) => {
    let stream = streams.get(appId);
    if (!stream) {
      const s = new OrderedStream(
        (e) => {
          // One JSON text per event, shared by every socket it goes to.
          let frame: string | null = null;
          for (const conn of byApp.get(appId) ?? []) {
            if (!conn.audiences.has(e.audience)) continue;
            if (conn.view) {
              deliverStored(conn, e);
              continue;
            }
            frame ??= JSON.stringify(toEnvelope(e));
            deliverStored(conn, e, frame);
          }
        },
        (from, to) => eventsBetween(db, appId, from, to),
      );
      streams.set(appId, s);
      s.startAfter(await currentSeq(db, appId));
      stream = s;
    }
    return stream;
  };

  const send = (conn: Connection, payload: unknown) => {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.holdWrites();
    conn.socket.send(JSON.stringify(conn.view ? conn.view(payload) : payload));
  };

  const deliverStored = (conn: Connection, e: StoredEvent, frame?: string) => {
    if (!conn.audiences.has(e.audience)) return;
    if (conn.replaying) {
      conn.buffer.push(e);
      return;
    }
    if (e.seq <= conn.lastSeq) return;
    conn.lastSeq = e.seq;
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.holdWrites();
    const envelope = toEnvelope(e);
    conn.socket.send(frame ?? JSON.stringify(conn.view ? conn.view(envelope) : envelope));
  };

  await pubsub.subscribe(EVENTS_CHANNEL, (message) => {
    // Only this server's own realtime publishes on this channel.
    const msg = message as BusMessage;
    if (msg.kind === 'stored') {
      for (const e of msg.events) streams.get(e.appId)?.push(e);
      return;
    }
    for (const conn of byApp.get(msg.appId) ?? []) {
      if (msg.audiences.some((a) => conn.audiences.has(a))) send(conn, { appId: msg.appId, ...msg.event });
    }
  });

  await pubsub.subscribe(SESSIONS_CHANNEL, (message) => {
    const found = sessionRevokedMessage.safeParse(message);
    if (!found.success) return;
    const parsed = found.data;
    const revoked = new Set(parsed.userIds);
    // Another node revoked them: this node's session cache must not answer for them either.
    lookups.forgetSessions(revoked);
    for (const set of byApp.values()) {
      for (const conn of set) {
        if (!revoked.has(conn.userId)) continue;
        send(conn, { type: 'error', code: 'UNAUTHORIZED', message: 'Sign in again.' });
        conn.socket.close(4401, 'unauthorized');
      }
    }
  });

  // Events published while the bus was cut off never arrive: read them from the database.
  pubsub.onReconnect?.(() => {
    for (const stream of streams.values()) void stream.catchUp();
  });

  /** Sends everything stored after the client's seq, then whatever arrived live meanwhile. */
  async function replay(conn: Connection) {
    for (;;) {
      const page = await eventsAfter(db, conn.appId, conn.lastSeq, [...conn.audiences], REPLAY_PAGE);
      for (const e of page) {
        conn.lastSeq = e.seq;
        send(conn, toEnvelope(e));
      }
      if (page.length < REPLAY_PAGE) break;
    }
    conn.replaying = false;
    const pending = conn.buffer.sort((a, b) => a.seq - b.seq);
    conn.buffer = [];
    for (const e of pending) deliverStored(conn, e);
  }

  async function authenticate(
    socket: WebSocket,
    holdWrites: () => void,
    hello: { token: string; lastSeq?: number | undefined },
  ) {
    const tokenHash = sha256(hello.token);
    const found = await lookups.session(db, tokenHash, new Date());
    if (!found || found.user.status === 2 || found.user.status === 3) {
      socket.send(JSON.stringify({ type: 'error', code: 'UNAUTHORIZED', message: 'Sign in again.' }));
      socket.close(4401, 'unauthorized');
      return null;
    }
    const isMemberUser = found.user.roleType !== null;
    const conn: Connection = {
      socket,
      holdWrites,
      auth: found.auth,
      appId: found.applicationId,
      userId: found.user.id,
      userName: found.user.userId,
      isMember: isMemberUser,
      audiences: new Set(
        isMemberUser ? [AUDIENCE_MEMBERS, audienceUser(found.user.id)] : [audienceUser(found.user.id)],
      ),
      lastSeq: hello.lastSeq ?? (await currentSeq(db, found.applicationId)),
      replaying: true,
      buffer: [],
      view: !isMemberUser && visitorViews ? await visitorViews(found.applicationId, found.user.userId) : null,
    };
    let set = byApp.get(conn.appId);
    if (!set) {
      set = new Set();
      byApp.set(conn.appId, set);
    }
    set.add(conn);
    await streamOf(conn.appId);
    send(conn, { type: 'ready', appId: conn.appId, userId: conn.userName, seq: conn.lastSeq });
    await replay(conn);
    send(conn, { type: 'resumed', seq: conn.lastSeq });
    return conn;
  }

  async function typing(conn: Connection, groupId: number, isTyping: boolean) {
    const conv = await lookups.findConversation(db, conn.appId, groupId);
    if (!conv) return;
    if (!conn.isMember && !(await lookups.isMember(db, conv.id, conn.userId))) return;
    await realtime.publishEphemeral({
      kind: 'ephemeral',
      appId: conn.appId,
      audiences: audiencesOf(conv),
      event: {
        type: EVENT.TYPING,
        conversationId: conv.id,
        data: { groupId: conv.id, userId: conn.userName, typing: isTyping },
      },
    });
  }

  return {
    accept(socket, raw) {
      const holdWrites = burstWriter(raw);
      let conn: Connection | null = null;
      let authenticating = false;
      const timer = setTimeout(() => {
        if (!conn) socket.close(4408, 'authentication timeout');
      }, AUTH_TIMEOUT_MS);
      socket.on('message', (raw) => {
        let frame: z.infer<typeof clientFrame>;
        try {
          frame = clientFrame.parse(JSON.parse(String(raw)));
        } catch {
          socket.send(
            JSON.stringify({
              type: 'error',
              code: 'INVALID_PARAMETER',
              message: 'Unknown or malformed frame.',
            }),
          );
          return;
        }
        if (frame.type === 'ping') {
          socket.send(JSON.stringify({ type: 'pong' }));
          return;
        }
        if (frame.type === 'hello') {
          if (conn || authenticating) return;
          authenticating = true;
          authenticate(socket, holdWrites, frame)
            .then((c) => {
              conn = c;
              clearTimeout(timer);
            })
            .catch((err: unknown) => {
              log.error({ err }, 'websocket authentication failed');
              socket.close(1011, 'server error');
            });
          return;
        }
        if (!conn) return;
        if (frame.type === 'typing') {
          typing(conn, frame.groupId, frame.typing).catch((err: unknown) =>
            log.warn({ err }, 'typing failed'),
          );
          return;
        }
        onReceipt(conn.auth, frame.type, frame.groupId, frame.messageId).catch((err: unknown) =>
          log.debug({ err }, 'receipt refused'),
        );
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (!conn) return;
        const set = byApp.get(conn.appId);
        set?.delete(conn);
        if (set && set.size === 0) {
          byApp.delete(conn.appId);
          streams.get(conn.appId)?.dispose();
          streams.delete(conn.appId);
        }
      });
      socket.on('error', () => socket.terminate());
    },
    connectionCount() {
      let n = 0;
      for (const set of byApp.values()) n += set.size;
      return n;
    },
    async close() {
      for (const set of byApp.values()) for (const c of set) c.socket.close(1001, 'server shutting down');
      byApp.clear();
      for (const s of streams.values()) s.dispose();
      streams.clear();
    },
  };
}
