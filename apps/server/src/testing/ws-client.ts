import WebSocket from 'ws';

// A test WebSocket client speaking our real-time protocol: records frames, waits for one.

export interface Frame {
  type: string;
  seq?: number;
  conversationId?: number;
  data?: Record<string, unknown>;
}

/** A WebSocket client that records every frame and can wait for one. */
export class Client {
  frames: Frame[] = [];
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as Frame;
      this.frames.push(f);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(f)) return true;
        w.resolve(f);
        return false;
      });
    });
  }
  static async connect(base: string, token: string, lastSeq?: number): Promise<Client> {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const c = new Client(ws);
    const resumed = c.next((f) => f.type === 'resumed');
    ws.send(JSON.stringify({ type: 'hello', token, ...(lastSeq !== undefined ? { lastSeq } : {}) }));
    await resumed;
    return c;
  }
  next(test: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const seen = this.frames.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }
  /** A message over the socket (`{type:'send'}`, the widget's way) and its answer, `sent` or `send.error`. */
  async sendMessage(
    ref: string,
    body: unknown,
  ): Promise<Frame & { response?: Record<string, unknown>; error?: Record<string, unknown> }> {
    const answered = this.next(
      (f) => (f.type === 'sent' || f.type === 'send.error') && (f as { ref?: string }).ref === ref,
    );
    this.ws.send(JSON.stringify({ type: 'send', ref, body }));
    return answered;
  }
  events(type: string) {
    return this.frames.filter((f) => f.type === type);
  }
  /** The last event seq seen (control frames excluded). */
  get lastSeq() {
    return Math.max(0, ...this.frames.filter((f) => f.type !== 'ready').map((f) => f.seq ?? 0));
  }
  close() {
    this.ws.close();
  }
}
