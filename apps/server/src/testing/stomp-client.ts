import { Client, type IMessage, type StompHeaders } from '@stomp/stompjs';
import WebSocket from 'ws';

// Test clients for the STOMP side of `/ws`: @stomp/stompjs (a real STOMP client, offering the
// v10/v11/v12.stomp subprotocols like the widget's stomp.js) and a raw socket for bad frames.

export interface StompTestClient {
  client: Client;
  messages: IMessage[];
  connected: StompHeaders;
  /** Subscribes and waits for the server's RECEIPT, so events after it are surely routed. */
  subscribe(destination: string): Promise<void>;
  next(test: (m: IMessage) => boolean, timeoutMs?: number): Promise<IMessage>;
  /** The JSON bodies received on a destination. */
  pushes(destination: string): { type: string; message: unknown }[];
  close(): Promise<void>;
}

export async function connectStomp(
  base: string,
  headers: StompHeaders,
  opts: { heartbeatOutgoing?: number; heartbeatIncoming?: number } = {},
): Promise<StompTestClient> {
  const url = `${base.replace('http', 'ws')}/ws`;
  const messages: IMessage[] = [];
  let waiters: { test: (m: IMessage) => boolean; resolve: (m: IMessage) => void }[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    connectHeaders: headers,
    heartbeatOutgoing: opts.heartbeatOutgoing ?? 0,
    heartbeatIncoming: opts.heartbeatIncoming ?? 0,
    reconnectDelay: 0,
  });
  const connected = await new Promise<StompHeaders>((resolve, reject) => {
    client.onConnect = (frame) => resolve(frame.headers);
    client.onStompError = (frame) => reject(new Error(`STOMP ERROR: ${frame.headers.message}`));
    client.onWebSocketError = () => reject(new Error('socket error'));
    client.activate();
  });
  let receipts = 0;
  const onMessage = (m: IMessage) => {
    messages.push(m);
    waiters = waiters.filter((w) => {
      if (!w.test(m)) return true;
      w.resolve(m);
      return false;
    });
  };
  return {
    client,
    messages,
    connected,
    subscribe(destination) {
      receipts += 1;
      const receipt = `sub-${receipts}`;
      const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(destination, onMessage, { receipt });
      return done;
    },
    next(test, timeoutMs = 5000) {
      const seen = messages.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timed out waiting for a STOMP message')), timeoutMs);
        waiters.push({
          test,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    pushes(destination) {
      return messages
        .filter((m) => m.headers.destination === destination)
        .map((m) => JSON.parse(m.body) as { type: string; message: unknown });
    },
    close: () => client.deactivate(),
  };
}

/** A bare WebSocket that records text messages and how it closed. */
export class RawSocket {
  received: string[] = [];
  closed: Promise<{ code: number }>;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => this.received.push(String(d)));
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }
  static async open(base: string, protocols?: string[]): Promise<RawSocket> {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, protocols);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawSocket(ws);
  }
  send(text: string | Buffer) {
    this.ws.send(text);
  }
  async until(test: (all: string[]) => boolean, timeoutMs = 5000) {
    const start = Date.now();
    while (!test(this.received)) {
      if (Date.now() - start > timeoutMs) throw new Error(`timed out; got ${JSON.stringify(this.received)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}
