import type { WebSocket } from 'ws';
import {
  parseMessageStatusBody,
  parseTypingBody,
  presencePush,
  toApplozicPush,
  typingBody,
} from './applozic-push.js';
import { EVENT, type StoredEvent } from './event-types.js';
import {
  DEFAULT_STOMP_LIMITS,
  negotiateHeartBeat,
  parseHeartBeat,
  type StompFrame,
  StompParser,
  StompProtocolError,
  serializeFrame,
} from './stomp-frame.js';

// One STOMP 1.1 session on the `/ws` socket, speaking to the Applozic/Kommunicate clients the
// way their broker did (reference/applozic-api.md §7): CONNECT with login = application key (or
// userId) and passcode = the messaging authToken; SUBSCRIBE to `/topic/<userKey>` and the typing
// and group topics; SEND typing and message status. Events come from the hub (the same ordered,
// stored stream as Convo's own protocol); this file only speaks the wire.

/** What the hub does for a STOMP session (authentication, replay, typing, receipts). */
export interface StompHubLink {
  attach(token: string, lastSeq: number | undefined, outlet: StompOutlet): Promise<StompPeer | null>;
}

/** The authenticated person behind a session, and what they may ask of the hub. */
export interface StompPeer {
  appId: string;
  appKey: string;
  userId: string;
  userKey: string;
  isMember: boolean;
  /** The seq the session starts after (the client's `convo-last-seq`, or the current one). */
  lastSeq(): number;
  /** Sends what was stored after `lastSeq`, then releases live events. */
  startReplay(): Promise<void>;
  canSee(groupId: number): Promise<boolean>;
  typing(groupId: number, typing: boolean): Promise<void>;
  receiptByKey(kind: 'read' | 'delivered', messageKey: string): Promise<void>;
  detach(): void;
}

/** How the hub hands events to the session. */
export interface StompOutlet {
  stored(e: StoredEvent): void;
  ephemeral(event: { type: string; conversationId?: number; data: Record<string, unknown> }): void;
  revoked(): void;
}

export interface StompOptions {
  /** The heart-beat this server offers and wants, in ms (CONNECTED `heart-beat`). */
  heartBeatMs: number;
  maxFrameBytes: number;
  maxSubscriptions: number;
  /** Frames waiting for an earlier one to finish (a SUBSCRIBE's check reads the database). */
  maxQueuedFrames: number;
  authTimeoutMs: number;
}

export const DEFAULT_STOMP_OPTIONS: StompOptions = {
  heartBeatMs: 10_000,
  maxFrameBytes: DEFAULT_STOMP_LIMITS.maxFrameBytes,
  maxSubscriptions: 32,
  maxQueuedFrames: 64,
  authTimeoutMs: 10_000,
};

/** STOMP subprotocols a WebSocket client may offer (stomp.js, @stomp/stompjs). */
export const STOMP_SUBPROTOCOLS = ['v11.stomp', 'v12.stomp', 'v10.stomp'] as const;

/**
 * The WebSocket layer's own cap on one message (ws' maxPayload), well above either protocol's
 * frame limit: past maxPayload ws closes with 1009 before our code sees a byte, so a STOMP client
 * would get no ERROR frame. Each protocol enforces its own 64 KiB limit on what it is given (STOMP
 * answers ERROR then closes; Convo's JSON closes with 1009 as before); only a single message past
 * this cap is cut off by ws alone.
 */
export const WS_MAX_MESSAGE_BYTES = 1024 * 1024;
/** Convo's own JSON protocol: one frame at most (the limit ws used to enforce). */
export const JSON_MAX_FRAME_BYTES = 64 * 1024;

/** A socket speaks STOMP when it negotiated a STOMP subprotocol or its first frame is CONNECT/STOMP. */
export function looksLikeStomp(protocol: string, firstChunk: Buffer | null): boolean {
  if ((STOMP_SUBPROTOCOLS as readonly string[]).includes(protocol)) return true;
  if (!firstChunk) return false;
  const head = firstChunk
    .subarray(0, 16)
    .toString('latin1')
    .replace(/^[\r\n]+/, '');
  return /^(CONNECT|STOMP)\r?\n/.test(head);
}

type TopicKind = 'user' | 'encr' | 'typing' | 'group' | 'support';
interface Subscription {
  destination: string;
  kind: TopicKind;
  groupId: number | null;
  /** The application name the client used in the topic (echoed in typing bodies). */
  appRef: string;
}

/** Closes after an ERROR frame: a protocol error, a refused login, a forbidden subscription. */
const CLOSE = { protocol: 1002, unauthorized: 4401, forbidden: 4403, timeout: 4408 } as const;

class Failure extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly detail = '',
  ) {
    super(message);
  }
}

let sessionCounter = 0;

export class StompSession implements StompOutlet {
  private readonly parser: StompParser;
  private peer: StompPeer | null = null;
  private connecting = false;
  private closed = false;
  private readonly subs = new Map<string, Subscription>();
  private replayStarted = false;
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
  private messageCounter = 0;
  private timer: NodeJS.Timeout | null;
  /** Negotiated heart-beats (0: none) and the last traffic each way, for the hub's sweep. */
  serverSends = 0;
  serverExpects = 0;
  lastIn = Date.now();
  lastOut = Date.now();

  constructor(
    private readonly socket: WebSocket,
    private readonly holdWrites: () => void,
    private readonly link: StompHubLink,
    private readonly options: StompOptions,
    private readonly onEnd: (s: StompSession) => void,
    private readonly log: { debug(obj: object, msg?: string): void; warn(obj: object, msg?: string): void },
  ) {
    this.parser = new StompParser({ maxFrameBytes: options.maxFrameBytes, maxHeaders: 32 });
    this.timer = setTimeout(() => {
      if (!this.peer) this.fail(new Failure('Authentication timeout.', CLOSE.timeout));
    }, options.authTimeoutMs);
    socket.on('close', () => this.end());
  }

  /** Bytes of one WebSocket message. */
  receive(chunk: Buffer) {
    if (this.closed) return;
    this.lastIn = Date.now();
    let items: ReturnType<StompParser['push']>;
    try {
      items = this.parser.push(chunk);
    } catch (err) {
      this.fail(err instanceof StompProtocolError ? new Failure(err.message, CLOSE.protocol) : err);
      return;
    }
    for (const item of items) {
      if (item.kind !== 'frame') continue;
      if (++this.queued > this.options.maxQueuedFrames) {
        this.fail(new Failure('Too many frames in flight.', CLOSE.protocol));
        return;
      }
      const frame = item.frame;
      this.chain = this.chain
        .then(() => (this.closed ? undefined : this.handle(frame)))
        .catch((err: unknown) => this.fail(err, frame))
        .finally(() => {
          this.queued -= 1;
        });
    }
  }

  /** A heart-beat sweep tick (one timer for every session of the hub). */
  tick(now: number) {
    if (this.closed) return;
    if (this.serverExpects > 0 && now - this.lastIn > 2 * this.serverExpects) {
      // Nothing from the client for two periods: the connection is dead (STOMP 1.1 "Heart-beating").
      this.closed = true;
      this.socket.terminate();
      return;
    }
    if (this.serverSends > 0 && now - this.lastOut >= this.serverSends) this.write('\n');
  }

  // --- StompOutlet ---------------------------------------------------------------------------

  stored(e: StoredEvent) {
    const peer = this.peer;
    if (!peer || this.closed) return;
    let body: string | null | undefined;
    for (const [id, sub] of this.subs) {
      if (sub.kind === 'user' || (sub.kind === 'group' && sub.groupId === e.conversationId)) {
        if (body === undefined) {
          const push = toApplozicPush(e, { userId: peer.userId });
          body = push ? JSON.stringify(push) : null;
        }
        if (body === null) return;
        this.message(id, sub.destination, body, 'application/json', { 'convo-seq': String(e.seq) });
      }
    }
  }

  ephemeral(event: { type: string; conversationId?: number; data: Record<string, unknown> }) {
    if (!this.peer || this.closed) return;
    for (const [id, sub] of this.subs) {
      if (event.type === EVENT.TYPING && sub.kind === 'typing' && sub.groupId === event.conversationId) {
        const { userId, typing } = event.data;
        if (typeof userId !== 'string') continue;
        this.message(id, sub.destination, typingBody(sub.appRef, userId, typing === true), 'text/plain');
      } else if (event.type === EVENT.PRESENCE && sub.kind === 'support') {
        const { userId, status } = event.data;
        if (typeof userId !== 'string') continue;
        const push = presencePush(userId, status === 1, Date.now());
        this.message(id, sub.destination, JSON.stringify(push), 'application/json');
      }
    }
  }

  revoked() {
    this.fail(new Failure('Sign in again.', CLOSE.unauthorized));
  }

  // --- frames ----------------------------------------------------------------------------------

  private async handle(frame: StompFrame) {
    const h = frame.headers;
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
      await this.connect(frame);
      return;
    }
    const peer = this.peer;
    if (!peer) throw new Failure('Send CONNECT first.', CLOSE.protocol);
    switch (frame.command) {
      case 'SUBSCRIBE':
        await this.subscribe(peer, frame);
        break;
      case 'UNSUBSCRIBE': {
        const id = h.get('id');
        if (!id) throw new Failure('UNSUBSCRIBE needs an id header.', CLOSE.protocol);
        this.subs.delete(id);
        break;
      }
      case 'SEND':
        await this.send(peer, frame);
        break;
      case 'ACK':
      case 'NACK':
        // Every subscription is ack:auto here; an acknowledgement changes nothing.
        break;
      case 'DISCONNECT':
        this.receipt(frame);
        this.closed = true;
        this.socket.close(1000, 'disconnect');
        return;
      default:
        throw new Failure(`${frame.command} is not supported.`, CLOSE.protocol);
    }
    this.receipt(frame);
  }

  private async connect(frame: StompFrame) {
    if (this.peer || this.connecting) throw new Failure('Already connected.', CLOSE.protocol);
    const h = frame.headers;
    const versions = (h.get('accept-version') ?? '').split(',');
    if (!versions.includes('1.1'))
      throw new Failure('Supported protocol versions are 1.1', CLOSE.protocol, 'version:1.1');
    const client = parseHeartBeat(h.get('heart-beat'));
    if (!client) throw new Failure('Malformed heart-beat header.', CLOSE.protocol);
    const token = h.get('passcode') || h.get('x-authorization') || h.get('X-Authorization');
    if (!token || token.length > 200) throw new Failure('Sign in again.', CLOSE.unauthorized);
    const lastSeqHeader = h.get('convo-last-seq');
    if (lastSeqHeader !== undefined && !/^\d{1,15}$/.test(lastSeqHeader))
      throw new Failure('Malformed convo-last-seq header.', CLOSE.protocol);
    this.connecting = true;
    const peer = await this.link.attach(
      token,
      lastSeqHeader === undefined ? undefined : Number(lastSeqHeader),
      this,
    );
    if (!peer) throw new Failure('Sign in again.', CLOSE.unauthorized);
    // Applozic's web client logs in with the application key, its mobile SDKs with the userId.
    const login = h.get('login') || h.get('application-key') || h.get('Application-Key');
    if (login && login !== peer.appId && login !== peer.appKey && login !== peer.userId) {
      peer.detach();
      throw new Failure('This token does not belong to that application.', CLOSE.unauthorized);
    }
    if (this.closed) {
      peer.detach();
      return;
    }
    this.peer = peer;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const offer = this.options.heartBeatMs;
    const negotiated = negotiateHeartBeat(client, [offer, offer]);
    this.serverSends = negotiated.serverSends;
    this.serverExpects = negotiated.serverExpects;
    sessionCounter += 1;
    this.write(
      serializeFrame('CONNECTED', {
        version: '1.1',
        'heart-beat': `${offer},${offer}`,
        server: 'Convo',
        session: `s${sessionCounter}`,
        'user-name': peer.userId,
        'convo-seq': String(peer.lastSeq()),
      }),
    );
  }

  private async subscribe(peer: StompPeer, frame: StompFrame) {
    const id = frame.headers.get('id');
    const destination = frame.headers.get('destination');
    if (!id || !destination) throw new Failure('SUBSCRIBE needs id and destination headers.', CLOSE.protocol);
    if (this.subs.has(id)) throw new Failure(`Subscription ${id} already exists.`, CLOSE.protocol);
    if (this.subs.size >= this.options.maxSubscriptions)
      throw new Failure('Too many subscriptions.', CLOSE.protocol);
    const sub = await this.authorize(peer, destination);
    if (!sub) throw new Failure(`Not allowed to subscribe to ${destination}.`, CLOSE.forbidden);
    this.subs.set(id, sub);
    if ((sub.kind === 'user' || sub.kind === 'group') && !this.replayStarted) {
      this.replayStarted = true;
      await peer.startReplay();
    }
  }

  /** The subscription a destination names, when this session's user may read it. */
  private async authorize(peer: StompPeer, destination: string): Promise<Subscription | null> {
    if (!destination.startsWith('/topic/')) return null;
    const name = destination.slice('/topic/'.length);
    const base = { destination, groupId: null, appRef: peer.appKey };
    for (const kind of ['typing', 'group'] as const) {
      const scoped = this.scopedTopic(peer, name, `${kind}-`);
      if (scoped === null) continue;
      if (scoped.rest === peer.userId) return { ...base, kind, appRef: scoped.appRef };
      if (!/^\d{1,12}$/.test(scoped.rest)) return null;
      const groupId = Number(scoped.rest);
      if (!(await peer.canSee(groupId))) return null;
      return { ...base, kind, groupId, appRef: scoped.appRef };
    }
    if (name.startsWith('support-channel-')) {
      const app = name.slice('support-channel-'.length);
      if (!peer.isMember || (app !== peer.appId && app !== peer.appKey)) return null;
      return { ...base, kind: 'support', appRef: app };
    }
    if (name === `encr-${peer.userKey}`) return { ...base, kind: 'encr' };
    if (name === peer.userKey) return { ...base, kind: 'user' };
    return null;
  }

  /** `<prefix><app>-<rest>` for this session's own application, or null. */
  private scopedTopic(peer: StompPeer, name: string, prefix: string) {
    if (!name.startsWith(prefix)) return null;
    const tail = name.slice(prefix.length);
    for (const appRef of [peer.appKey, peer.appId]) {
      if (tail.startsWith(`${appRef}-`)) return { appRef, rest: tail.slice(appRef.length + 1) };
    }
    return { appRef: '', rest: '\0' };
  }

  private async send(peer: StompPeer, frame: StompFrame) {
    const destination = frame.headers.get('destination');
    if (!destination) throw new Failure('SEND needs a destination header.', CLOSE.protocol);
    const body = frame.body.toString('utf8');
    if (destination === '/topic/status-v2') return; // Presence follows Convo's own status rules.
    if (destination === '/topic/message-status') {
      const status = parseMessageStatusBody(body);
      if (status) await this.quietly(peer.receiptByKey(status.kind, status.messageKey));
      return;
    }
    if (destination.startsWith('/topic/typing-')) {
      // The widget also sends to `typing-<app>-` before it knows its conversation: nothing to do.
      const scoped = this.scopedTopic(peer, destination.slice('/topic/'.length), 'typing-');
      const typing = parseTypingBody(body);
      if (scoped && typing && /^\d{1,12}$/.test(scoped.rest))
        await this.quietly(peer.typing(Number(scoped.rest), typing.typing));
      return;
    }
    throw new Failure(`Unknown destination ${destination}.`, CLOSE.protocol);
  }

  private async quietly(p: Promise<void>) {
    try {
      await p;
    } catch (err) {
      // A receipt or typing the person may not send (another conversation's message): dropped.
      this.log.debug({ err }, 'stomp send refused');
    }
  }

  // --- output ----------------------------------------------------------------------------------

  private message(
    subscription: string,
    destination: string,
    body: string,
    contentType: string,
    extra: Record<string, string> = {},
  ) {
    this.messageCounter += 1;
    this.write(
      serializeFrame(
        'MESSAGE',
        {
          subscription,
          'message-id': `${subscription}-${this.messageCounter}`,
          destination,
          'content-type': contentType,
          ...extra,
        },
        body,
      ),
    );
  }

  private receipt(frame: StompFrame) {
    const receipt = frame.headers.get('receipt');
    if (receipt !== undefined) this.write(serializeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  private write(text: string) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.lastOut = Date.now();
    this.holdWrites();
    this.socket.send(text);
  }

  /** One ERROR frame, then the socket closes (STOMP 1.1: the server closes after ERROR). */
  private fail(err: unknown, frame?: StompFrame) {
    if (this.closed) return;
    const failure = err instanceof Failure ? err : new Failure('Server error.', 1011);
    if (!(err instanceof Failure)) this.log.warn({ err }, 'stomp session failed');
    const headers: Record<string, string> = { message: failure.message, 'content-type': 'text/plain' };
    const receipt = frame?.headers.get('receipt');
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    if (failure.detail.startsWith('version:')) headers.version = failure.detail.slice('version:'.length);
    this.write(serializeFrame('ERROR', headers, failure.message));
    this.closed = true;
    this.socket.close(failure.code, failure.message.slice(0, 100));
  }

  /** The server is shutting down. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(1001, 'server shutting down');
  }

  private end() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.peer?.detach();
    this.peer = null;
    this.onEnd(this);
  }
}
