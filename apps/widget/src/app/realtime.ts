// The visitor's real-time connection (docs/realtime.md): the first frame authenticates with the
// token and the last seq seen, so a reconnect replays every stored event missed meanwhile.

export interface ServerEvent {
  seq?: number;
  type: string;
  conversationId?: number;
  data: Record<string, unknown>;
}

export interface Socket {
  typing(groupId: number, typing: boolean): void;
  receipt(kind: 'read' | 'delivered', groupId: number, messageId: number): void;
  close(): void;
}

export function connect(
  token: string,
  on: { event(e: ServerEvent): void; status(connected: boolean): void; resumed(): void },
): Socket {
  let ws: WebSocket | null = null;
  let lastSeq: number | undefined;
  let closed = false;
  let attempt = 0;
  let ping: ReturnType<typeof setInterval> | undefined;

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
      if (e.type === 'ready') {
        attempt = 0;
        if (lastSeq === undefined && typeof e.seq === 'number') lastSeq = e.seq;
        on.status(true);
        return;
      }
      if (e.type === 'resumed') {
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
      on.status(false);
      if (closed) return;
      // Back off up to 10 s; every stored event is replayed after lastSeq when we are back.
      const delay = Math.min(10_000, 300 * 2 ** attempt++);
      setTimeout(open, delay);
    };
  }
  open();

  return {
    typing: (groupId, typing) => send({ type: 'typing', groupId, typing }),
    receipt: (kind, groupId, messageId) => send({ type: kind, groupId, messageId }),
    close() {
      closed = true;
      ws?.close();
    },
  };
}
