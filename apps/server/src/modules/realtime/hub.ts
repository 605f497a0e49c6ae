import { mayNameMembers } from '@convo/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { type ErrorAnswer, errorAnswer, unauthorized } from '../../http/errors.js';
import { sha256 } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import type { PubSub } from '../../platform/pubsub/pubsub.js';
import { AudienceIndex } from './audience-index.js';
import { burstWriter, type CorkableSocket } from './burst-writer.js';
import { currentSeq, eventsAfter, eventsBetween } from './event-repository.js';
import {
  AUDIENCE_MEMBERS,
  audiencesOf,
  audienceUser,
  EVENT,
  envelopeJson,
  type StoredEvent,
  toEnvelope,
} from './event-types.js';
import { OrderedStream } from './ordered-stream.js';
import { type BusMessage, EVENTS_CHANNEL, type Realtime } from './realtime.js';
import {
  DEFAULT_STOMP_OPTIONS,
  JSON_MAX_FRAME_BYTES,
  looksLikeStomp,
  type StompHubLink,
  type StompOptions,
  type StompOutlet,
  type StompPeer,
  StompSession,
} from './stomp-session.js';

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
  // A visitor's message (the widget's): `ref` is the client's, echoed by the answer.
  z.object({ type: z.literal('send'), ref: z.string().min(1).max(100), body: z.unknown() }),
  z.object({
    type: z.enum(['read', 'delivered']),
    groupId: z.number().int().positive(),
    messageId: z.number().int().positive(),
  }),
]);

/** Why a send over the socket was refused: the REST send's status, code and message. */
export type SocketSendRefusal = ErrorAnswer;

/**
 * What the hub asks of the messaging module for a send over the socket (`{type:'send', ref,
 * body}`, body as the REST send's): the REST answer or its refusal, never a throw.
 */
export type SocketSendHandler = (
  caller: AuthContext,
  body: unknown,
  address: string | undefined,
) => Promise<{ ok: true; response: unknown } | { ok: false; error: SocketSendRefusal }>;

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
  /** The application's key (a STOMP CONNECT may log in with it). */
  applicationKey: string;
  user: { id: string; userId: string; userKey: string; status: number; roleType: string | null };
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
  /** Fixed once open: the hub's index (audience-index.ts) files the connection under them. */
  readonly audiences: ReadonlySet<string>;
  lastSeq: number;
  replaying: boolean;
  buffer: StoredEvent[];
  /** An end user's connection: what they may read about the team (widget/visitor-view.ts). */
  view: VisitorView | null;
  /** A STOMP session's writer (stomp-session.ts); null for Convo's own JSON protocol. */
  out: StompOutlet | null;
  /** STOMP: live events are dropped until the first subscription starts the replay, which reads them. */
  awaitingReplay: boolean;
}

/** What the Applozic clients' STOMP SEND needs from the messages module (wired in app.ts). */
export interface StompMessageLookup {
  messageByKey(appId: string, key: string): Promise<{ groupId: number; messageId: number } | null>;
}

export interface Hub {
  /**
   * `raw`: the upgraded TCP socket under `socket`, so a burst of frames leaves in one write;
   * `address`: the client's (the upgrade's `req.ip`), which a send passes on as the REST route does.
   */
  accept(socket: WebSocket, raw?: CorkableSocket, address?: string): void;
  connectionCount(): number;
  close(): Promise<void>;
}

const asBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

export async function createHub(
  db: Db,
  pubsub: PubSub,
  realtime: Realtime,
  log: FastifyBaseLogger,
  onReceipt: ReceiptHandler,
  onSend: SocketSendHandler,
  lookups: HubLookups,
  visitorViews?: VisitorViewFactory,
  stomp?: { lookup: StompMessageLookup; options?: Partial<StompOptions> },
): Promise<Hub> {
  const stompOptions: StompOptions = { ...DEFAULT_STOMP_OPTIONS, ...stomp?.options };
  const connections = new AudienceIndex<Connection>();
  // One ordered stream per application with sockets on this node.
  const streams = new Map<string, OrderedStream>();

  const streamOf = async (appId: string) => {
    let stream = streams.get(appId);
    if (!stream) {
      const s = new OrderedStream(
        (e) => {
          // One JSON text per event, shared by every socket it goes to. A socket listening to two
          // of its audiences gets it once (deliverStored skips a seq it has had).
          let frame: string | null = null;
          for (const audience of e.audiences) {
            for (const conn of connections.listening(appId, audience)) {
              if (conn.out) {
                deliverStored(conn, e);
                continue;
              }
              frame ??= envelopeJson(e);
              deliverStored(conn, e, frame);
            }
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

  // Only for a connection listening to one of the event's audiences: the index gave it, or it was buffered so.
  const deliverStored = (conn: Connection, e: StoredEvent, frame?: string) => {
    if (conn.replaying) {
      // Events come in seq order: a repeat of the last one is the same event by another audience.
      if (!conn.awaitingReplay && conn.buffer.at(-1) !== e) conn.buffer.push(e);
      return;
    }
    if (e.seq <= conn.lastSeq) return;
    conn.lastSeq = e.seq;
    if (conn.out) {
      conn.out.stored(e);
      return;
    }
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.holdWrites();
    conn.socket.send(frameFor(conn, e, frame ?? envelopeJson(e)));
  };

  // An end user's frame is the shared one unless it may name a member (their own message, mostly,
  // does not): walking every event for them was some 4 % of the server's time under load.
  const frameFor = (conn: Connection, e: StoredEvent, frame: string) =>
    conn.view && mayNameMembers(frame) ? JSON.stringify(conn.view(toEnvelope(e))) : frame;

  await pubsub.subscribe(EVENTS_CHANNEL, (message) => {
    // Only this server's own realtime publishes on this channel.
    const msg = message as BusMessage;
    if (msg.kind === 'stored') {
      for (const e of msg.events) streams.get(e.appId)?.push(e);
      return;
    }
    for (const conn of connections.reaching(msg.appId, msg.audiences)) {
      if (conn.out) conn.out.ephemeral(msg.event);
      else send(conn, { appId: msg.appId, ...msg.event });
    }
  });

  await pubsub.subscribe(SESSIONS_CHANNEL, (message) => {
    const found = sessionRevokedMessage.safeParse(message);
    if (!found.success) return;
    const parsed = found.data;
    const revoked = new Set(parsed.userIds);
    // Another node revoked them: this node's session cache must not answer for them either.
    lookups.forgetSessions(revoked);
    for (const conn of connections.all()) {
      if (!revoked.has(conn.userId)) continue;
      if (conn.out) {
        conn.out.revoked();
        continue;
      }
      send(conn, { type: 'error', code: 'UNAUTHORIZED', message: 'Sign in again.' });
      conn.socket.close(4401, 'unauthorized');
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
        if (conn.out) conn.out.stored(e);
        else send(conn, toEnvelope(e));
      }
      if (page.length < REPLAY_PAGE) break;
    }
    conn.replaying = false;
    const pending = conn.buffer.sort((a, b) => a.seq - b.seq);
    conn.buffer = [];
    for (const e of pending) deliverStored(conn, e);
  }

  /** The connection of a live session's token, registered with its application; null when refused. */
  async function open(
    socket: WebSocket,
    holdWrites: () => void,
    token: string,
    lastSeq: number | undefined,
    out: StompOutlet | null,
  ) {
    const tokenHash = sha256(token);
    const found = await lookups.session(db, tokenHash, new Date());
    if (!found || found.user.status === 2 || found.user.status === 3) return null;
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
      lastSeq: lastSeq ?? (await currentSeq(db, found.applicationId)),
      replaying: true,
      buffer: [],
      view: !isMemberUser && visitorViews ? await visitorViews(found.applicationId, found.user.userId) : null,
      out,
      awaitingReplay: out !== null,
    };
    connections.add(conn);
    await streamOf(conn.appId);
    return { conn, found };
  }

  function detach(conn: Connection) {
    if (connections.remove(conn)) {
      streams.get(conn.appId)?.dispose();
      streams.delete(conn.appId);
    }
  }

  async function authenticate(
    socket: WebSocket,
    holdWrites: () => void,
    hello: { token: string; lastSeq?: number | undefined },
  ) {
    const opened = await open(socket, holdWrites, hello.token, hello.lastSeq, null);
    if (!opened) {
      socket.send(JSON.stringify({ type: 'error', code: 'UNAUTHORIZED', message: 'Sign in again.' }));
      socket.close(4401, 'unauthorized');
      return null;
    }
    const { conn } = opened;
    try {
      send(conn, { type: 'ready', appId: conn.appId, userId: conn.userName, seq: conn.lastSeq });
      await replay(conn);
      send(conn, { type: 'resumed', seq: conn.lastSeq });
    } catch (error) {
      // The socket is closed for it by the caller, which never learns of this connection.
      detach(conn);
      throw error;
    }
    return conn;
  }

  // STOMP sessions (the Applozic clients): the same connections, streams and replay as above.
  const stompSessions = new Set<StompSession>();
  let heartBeatSweep: NodeJS.Timeout | null = null;
  const stompLink = (socket: WebSocket, holdWrites: () => void): StompHubLink => ({
    async attach(token, lastSeq, outlet): Promise<StompPeer | null> {
      // The visitor view rewrites what an end user may read about the team, as for JSON frames.
      let conn: Connection | null = null;
      const viewed: StompOutlet = {
        stored: (e) => outlet.stored(conn?.view ? conn.view(e) : e),
        ephemeral: (e) => outlet.ephemeral(conn?.view ? conn.view(e) : e),
        revoked: () => outlet.revoked(),
      };
      const opened = await open(socket, holdWrites, token, lastSeq, viewed);
      if (!opened) return null;
      conn = opened.conn;
      const c = conn;
      return {
        appId: c.appId,
        appKey: opened.found.applicationKey,
        userId: c.userName,
        userKey: opened.found.user.userKey,
        isMember: c.isMember,
        lastSeq: () => c.lastSeq,
        async startReplay() {
          c.awaitingReplay = false;
          await replay(c);
        },
        async canSee(groupId) {
          const conv = await lookups.findConversation(db, c.appId, groupId);
          if (!conv) return false;
          return c.isMember || lookups.isMember(db, conv.id, c.userId);
        },
        typing: (groupId, isTyping) => typing(c, groupId, isTyping),
        async receiptByKey(kind, messageKey) {
          const found = await stomp?.lookup.messageByKey(c.appId, messageKey);
          if (found) await onReceipt(c.auth, kind, found.groupId, found.messageId);
        },
        detach: () => detach(c),
      };
    },
  });
  function acceptStomp(socket: WebSocket, holdWrites: () => void) {
    const session = new StompSession(
      socket,
      holdWrites,
      stompLink(socket, holdWrites),
      stompOptions,
      (s) => stompSessions.delete(s),
      log,
    );
    stompSessions.add(session);
    if (!heartBeatSweep) {
      // One timer for every session (a timer each would cost memory per idle socket).
      const every = Math.max(50, Math.min(1000, Math.floor(stompOptions.heartBeatMs / 4)));
      heartBeatSweep = setInterval(() => {
        const now = Date.now();
        for (const s of stompSessions) s.tick(now);
      }, every);
      heartBeatSweep.unref();
    }
    return session;
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
    accept(socket, raw, address) {
      const holdWrites = burstWriter(raw);
      // STOMP beside our JSON protocol on the same path (docs/decisions.md): a STOMP subprotocol,
      // or a first frame that is CONNECT/STOMP, makes the socket a STOMP session for good.
      const toStomp = (first: Buffer | null) => {
        const session = acceptStomp(socket, holdWrites);
        socket.removeAllListeners('message');
        socket.on('message', (data) => session.receive(asBuffer(data)));
        if (first) session.receive(first);
      };
      if (looksLikeStomp(socket.protocol, null)) {
        toStomp(null);
        socket.on('error', () => socket.terminate());
        return;
      }
      let conn: Connection | null = null;
      let closed = false;
      let authenticating = false;
      let first = true;
      const timer = setTimeout(() => {
        if (!conn) socket.close(4408, 'authentication timeout');
      }, AUTH_TIMEOUT_MS);
      // The answer leaves with the frames of the same tick (its own event's, often).
      const answer = (frame: object) => {
        holdWrites();
        socket.send(JSON.stringify(frame));
      };
      const takeSend = (c: Connection | null, ref: string, body: unknown) => {
        if (!c) {
          const error = errorAnswer(unauthorized('Say hello with a token before sending.'), log);
          answer({ type: 'send.error', ref, error });
          return;
        }
        onSend(c.auth, body, address)
          .then((outcome) =>
            answer(
              outcome.ok
                ? { type: 'sent', ref, response: outcome.response }
                : { type: 'send.error', ref, error: outcome.error },
            ),
          )
          .catch((err: unknown) => log.warn({ err }, 'send answer not written'));
      };
      socket.on('message', (raw) => {
        if (first) {
          first = false;
          const bytes = asBuffer(raw);
          if (looksLikeStomp('', bytes)) {
            clearTimeout(timer);
            toStomp(bytes);
            return;
          }
        }
        // ws lets through up to WS_MAX_MESSAGE_BYTES (for STOMP's ERROR); ours stays at 64 KiB.
        if (asBuffer(raw).length > JSON_MAX_FRAME_BYTES) {
          clearTimeout(timer);
          socket.close(1009, 'message too big');
          return;
        }
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
              // Closed while it was being opened or replayed: the close below found no connection
              // to take out of the index, so it leaves now (else it stayed there for ever).
              if (c && closed) detach(c);
            })
            .catch((err: unknown) => {
              log.error({ err }, 'websocket authentication failed');
              socket.close(1011, 'server error');
            });
          return;
        }
        if (frame.type === 'send') {
          takeSend(conn, frame.ref, frame.body);
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
        closed = true;
        clearTimeout(timer);
        if (conn) detach(conn);
      });
      socket.on('error', () => socket.terminate());
    },
    connectionCount() {
      return connections.size;
    },
    async close() {
      if (heartBeatSweep) clearInterval(heartBeatSweep);
      heartBeatSweep = null;
      for (const s of stompSessions) s.close();
      stompSessions.clear();
      for (const c of connections.all()) c.socket.close(1001, 'server shutting down');
      connections.clear();
      for (const s of streams.values()) s.dispose();
      streams.clear();
    },
  };
}
