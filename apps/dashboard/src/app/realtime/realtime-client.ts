// The dashboard's one WebSocket per tab (docs/realtime.md): authenticates with the session token,
// remembers the last seq (memory + sessionStorage) and resumes from it after a drop or a reload,
// reconnects with backoff, and fans events out to subscribers.

import { MESSAGING_PATHS } from '@convo/api';
import { createStore } from 'zustand';
import {
  backoffDelayMs,
  CLOSE_UNAUTHORIZED,
  parseServerFrame,
  type RealtimeEvent,
  socketUrl,
} from './realtime-protocol';

/** idle: not started; connecting: first connection; open: live; lost: dropped, reconnecting. */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'lost';

interface StateShape {
  state: ConnectionState;
  /** Bumped after every (re)connection's replay, so screens can refetch what they hold. */
  resumedCount: number;
}

export const connectionStore = createStore<StateShape>(() => ({ state: 'idle', resumedCount: 0 }));

export type EventHandler = (event: RealtimeEvent) => void;

const PING_EVERY_MS = 25_000;
const PONG_TIMEOUT_MS = 10_000;
const SEQ_KEY_PREFIX = 'convo.realtime.lastSeq.';

export interface RealtimeStartOptions {
  token: string;
  appId: string;
  messagingBaseUrl: string;
  /** The server refused the session (4401 or an UNAUTHORIZED frame). */
  onUnauthorized: () => void;
}

function readSeq(appId: string): number | undefined {
  try {
    const raw = window.sessionStorage.getItem(SEQ_KEY_PREFIX + appId);
    const n = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(n) && n >= 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

function writeSeq(appId: string, seq: number): void {
  try {
    window.sessionStorage.setItem(SEQ_KEY_PREFIX + appId, String(seq));
  } catch {
    // Memory keeps it for this page; a reload then starts from the server's current seq.
  }
}

class RealtimeClient {
  private socket: WebSocket | null = null;
  private options: RealtimeStartOptions | null = null;
  private lastSeq: number | undefined;
  private attempt = 0;
  private everOpened = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly handlers = new Map<string, Set<EventHandler>>();

  start(options: RealtimeStartOptions): void {
    const same = this.options?.token === options.token && this.options.appId === options.appId;
    this.options = options;
    if (same && this.socket !== null) return;
    this.teardown();
    this.lastSeq = readSeq(options.appId);
    this.attempt = 0;
    this.everOpened = false;
    connectionStore.setState({ state: 'connecting' });
    this.connect();
  }

  stop(): void {
    this.options = null;
    this.teardown();
    connectionStore.setState({ state: 'idle' });
  }

  /** Subscribes to one event type, or '*' for all; returns the unsubscribe function. */
  on(type: string, handler: EventHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Sends a client frame (typing, read, delivered) when connected; dropped otherwise (ephemeral). */
  send(frame: Record<string, unknown>): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN || connectionStore.getState().state !== 'open')
      return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private connect(): void {
    const options = this.options;
    if (options === null) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(socketUrl(options.messagingBaseUrl, MESSAGING_PATHS.websocket, window.location));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          type: 'hello',
          token: options.token,
          ...(this.lastSeq === undefined ? {} : { lastSeq: this.lastSeq }),
        }),
      );
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket || typeof message.data !== 'string') return;
      this.handleFrame(message.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (event.code === CLOSE_UNAUTHORIZED) {
        this.unauthorized();
        return;
      }
      if (this.options === null) return;
      connectionStore.setState({ state: this.everOpened ? 'lost' : 'connecting' });
      this.scheduleReconnect();
    };
  }

  private handleFrame(text: string): void {
    const parsed = parseServerFrame(text);
    if (parsed === null) return;
    if (parsed.kind === 'event') {
      const { event } = parsed;
      if (event.seq !== undefined) {
        // The hub never sends a seq twice on one socket; a replay after a reconnect may overlap.
        if (this.lastSeq !== undefined && event.seq <= this.lastSeq) return;
        this.rememberSeq(event.seq);
      }
      this.dispatch(event);
      return;
    }
    const { frame } = parsed;
    switch (frame.type) {
      case 'ready':
        if (this.lastSeq === undefined) this.rememberSeq(frame.seq);
        return;
      case 'resumed':
        this.rememberSeq(Math.max(this.lastSeq ?? 0, frame.seq));
        this.attempt = 0;
        this.everOpened = true;
        connectionStore.setState((s) => ({ state: 'open', resumedCount: s.resumedCount + 1 }));
        this.startPing();
        return;
      case 'pong':
        clearTimeout(this.pongTimer);
        this.pongTimer = undefined;
        return;
      case 'error':
        if (frame.code === 'UNAUTHORIZED') this.unauthorized();
        return;
    }
  }

  private rememberSeq(seq: number): void {
    this.lastSeq = seq;
    if (this.options) writeSeq(this.options.appId, seq);
  }

  private dispatch(event: RealtimeEvent): void {
    for (const key of [event.type, '*']) {
      for (const handler of this.handlers.get(key) ?? []) {
        try {
          handler(event);
        } catch (error) {
          console.error(`real-time handler for ${event.type} failed`, error);
        }
      }
    }
  }

  private unauthorized(): void {
    const onUnauthorized = this.options?.onUnauthorized;
    this.stop();
    onUnauthorized?.();
  }

  private startPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: 'ping' })) return;
      clearTimeout(this.pongTimer);
      // No answer: the connection is dead without a close (sleeping laptop, dropped Wi-Fi).
      this.pongTimer = setTimeout(() => this.socket?.close(4000, 'no pong'), PONG_TIMEOUT_MS);
    }, PING_EVERY_MS);
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    const delay = backoffDelayMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /**
   * Reconnects now (the browser came back online, or the member asked) instead of waiting for the
   * backoff; the next failure waits from the shortest delay again.
   */
  reconnectNow(): void {
    if (this.options === null || this.socket !== null) return;
    clearTimeout(this.reconnectTimer);
    this.attempt = 0;
    this.connect();
  }

  private clearTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pingTimer = undefined;
    this.pongTimer = undefined;
  }

  private teardown(): void {
    clearTimeout(this.reconnectTimer);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket !== null && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'bye');
  }
}

export const realtime = new RealtimeClient();
