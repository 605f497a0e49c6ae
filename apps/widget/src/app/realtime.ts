// The visitor's real-time connection (docs/realtime.md): the first frame authenticates with the
// token and the last seq seen, so a reconnect replays every stored event missed meanwhile.

export interface ServerEvent {
  seq?: number;
  type: string;
  conversationId?: number;
  data: Record<string, unknown>;
}

/** A send's answer over the socket: the REST send's answer or refusal (status, code, message). */
export type SocketSendOutcome =
  | { ok: true; response: { id: number; createdAt: number } }
  | { ok: false; status: number; code: string; message: string };

export interface Socket {
  /**
   * A message over the socket (the REST send's body); null when it must go through REST instead:
   * the socket is not ready, the frame is too large for it, or its answer was lost (closed, or
   * none within SEND_ANSWER_MS). The key makes the REST retry store nothing twice.
   */
  send(body: Record<string, unknown>): Promise<SocketSendOutcome | null>;
  typing(groupId: number, typing: boolean): void;
  receipt(kind: 'read' | 'delivered', groupId: number, messageId: number): void;
  close(): void;
}

// The server closes a socket whose frame passes 64 KiB; a larger message goes through REST.
const MAX_FRAME_BYTES = 60_000;
const SEND_ANSWER_MS = 10_000;

export function connect(
  token: string,
  on: { event(e: ServerEvent): void; status(connected: boolean): void; resumed(): void },
): Socket {
  let ws: WebSocket | null = null;
  let lastSeq: number | undefined;
  let closed = false;
  let attempt = 0;
  let ping: ReturnType<typeof setInterval> | undefined;
  // Sends wait for their answers by ref; a socket that closes answers none of them.
  let ready = false;
  let nextRef = 0;
  const answers = new Map<string, (outcome: SocketSendOutcome | null) => void>();
  const loseAnswers = () => {
    for (const answer of answers.values()) answer(null);
    answers.clear();
  };

  const send = (frame: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  function open() {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify(lastSeq === undefined ? { type: 'hello', token } : { type: 'hello', token, lastSeq }),
      );
      ping = setInterval(() => send({ type: 'ping' }), 25_000);
    };
    socket.onmessage = (m) => {
      let e: ServerEvent & { seq?: number };
      try {
        e = JSON.parse(String(m.data));
      } catch {
        return;
      }
      if (e.type === 'sent' || e.type === 'send.error') {
        const answer = e as unknown as {
          ref: string;
          response?: { id: number; createdAt: number };
          error?: { status: number; code: string; message: string };
        };
        const waiting = answers.get(answer.ref);
        answers.delete(answer.ref);
        waiting?.(
          answer.response ? { ok: true, response: answer.response } : { ok: false, ...answer.error! },
        );
        return;
      }
      if (e.type === 'ready') {
        attempt = 0;
        if (lastSeq === undefined && typeof e.seq === 'number') lastSeq = e.seq;
        on.status(true);
        return;
      }
      if (e.type === 'resumed') {
        // The server takes sends once the socket has said hello and caught up.
        ready = true;
        on.resumed();
        return;
      }
      if (e.type === 'pong' || e.type === 'error') return;
      if (typeof e.seq === 'number') {
        if (lastSeq !== undefined && e.seq <= lastSeq) return;
        lastSeq = e.seq;
      }
      on.event(e);
    };
    socket.onclose = () => {
      clearInterval(ping);
      if (ws !== socket) return;
      ws = null;
      ready = false;
      loseAnswers();
      on.status(false);
      if (closed) return;
      // Back off up to 10 s; every stored event is replayed after lastSeq when we are back.
      const delay = Math.min(10_000, 300 * 2 ** attempt++);
      setTimeout(open, delay);
    };
  }
  open();

  return {
    send(body) {
      const socket = ws;
      if (!ready || socket?.readyState !== WebSocket.OPEN) return Promise.resolve(null);
      const ref = String(nextRef++);
      const frame = JSON.stringify({ type: 'send', ref, body });
      if (frame.length * 3 > MAX_FRAME_BYTES && new TextEncoder().encode(frame).length > MAX_FRAME_BYTES)
        return Promise.resolve(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          answers.delete(ref);
          resolve(null);
        }, SEND_ANSWER_MS);
        answers.set(ref, (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        });
        socket.send(frame);
      });
    },
    typing: (groupId, typing) => send({ type: 'typing', groupId, typing }),
    receipt: (kind, groupId, messageId) => send({ type: kind, groupId, messageId }),
    close() {
      closed = true;
      loseAnswers();
      ws?.close();
    },
  };
}
