import net from 'node:net';

// A minimal HTTP/1.1 keep-alive client for load generation. The load shares the machine's two
// cores with the server and its database, so it must cost as little as it can: node:http spends
// several times more per request (headers objects, streams, agent bookkeeping) than writing one
// buffer and scanning the answer for its status and length.

interface Pending {
  payload: Buffer;
  resolve(answer: { status: number; body: string }): void;
  reject(error: Error): void;
}

/** One kept-alive connection; requests on it go one after the other, in the order made. */
export class LightConnection {
  private readonly socket: net.Socket;
  private readonly queue: Pending[] = [];
  private inFlight: Pending | null = null;
  private received: Buffer = Buffer.alloc(0);
  private readonly ready: Promise<void>;

  constructor(
    private readonly host: string,
    port: number,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    // Handled where it is awaited (`send`); an unused connection's failure must not crash the bench.
    this.ready.catch(() => {});
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** Why the connection is gone (reset, closed, a garbled answer), or null while it is usable. */
  private dead: Error | null = null;

  /** False once the connection failed: its requests are refused at once, and a pool drops it. */
  get alive(): boolean {
    return this.dead === null;
  }

  /** POSTs a JSON body (form-encoded for URLSearchParams); answers the status and the body text. */
  post(path: string, body: unknown, headers: Record<string, string>) {
    return this.request('POST', path, headers, body);
  }

  /** Sends a request (a JSON body unless `body` is undefined); answers the status and the body text. */
  async request(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    this.outstanding += 1;
    try {
      return await this.send(method, path, headers, body);
    } finally {
      this.outstanding -= 1;
    }
  }

  private async send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    await this.ready;
    // A request on a dead socket would wait for an answer that never comes.
    if (this.dead) throw this.dead;
    // A form (Twilio's webhooks) as sent; anything else as JSON.
    const isForm = body instanceof URLSearchParams;
    const json = Buffer.from(body === undefined ? '' : isForm ? body.toString() : JSON.stringify(body));
    const type = isForm ? 'application/x-www-form-urlencoded' : 'application/json';
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    if (body !== undefined) head += `content-type: ${type}\r\ncontent-length: ${json.length}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    const payload = Buffer.concat([Buffer.from(`${head}\r\n`), json]);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      this.queue.push({ payload, resolve, reject });
      this.pump();
    });
  }

  /**
   * Requests made on this connection that are not answered yet (the one on the wire included),
   * counted from the call: a request made before the socket connects is outstanding already.
   */
  outstanding = 0;

  close() {
    this.socket.destroy();
  }

  private pump() {
    if (this.inFlight || this.queue.length === 0) return;
    this.inFlight = this.queue.shift()!;
    this.socket.write(this.inFlight.payload);
  }

  private onData(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    for (;;) {
      const end = this.received.indexOf('\r\n\r\n');
      if (end < 0 || !this.inFlight) return;
      const head = this.received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      if (!Number.isFinite(length)) {
        this.fail(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
        return;
      }
      if (this.received.length < end + 4 + length) return;
      const status = Number(head.slice(9, 12));
      const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
      this.received = this.received.subarray(end + 4 + length);
      const done = this.inFlight;
      this.inFlight = null;
      done.resolve({ status, body });
      this.pump();
    }
  }

  /**
   * The connection is unusable (ECONNRESET under load, closed, or an answer it cannot read): every
   * request on it fails with the error, for the caller to count, and later ones fail at once.
   */
  private fail(error: Error) {
    this.dead ??= error;
    if (!this.socket.destroyed) this.socket.destroy();
    const all = [...(this.inFlight ? [this.inFlight] : []), ...this.queue.splice(0)];
    this.inFlight = null;
    for (const p of all) p.reject(error);
  }
}

/**
 * Connections to one server, as many as the load needs: a request goes out on an idle connection,
 * and a new one is opened when none is idle, so no request ever waits in the client behind another
 * (an open loop measures the server's queue, not ours). `queued` counts requests that had to wait
 * all the same (only when `max` connections are all busy): a figure over 0 means the latency is
 * partly the client's.
 */
export class LightPool {
  private readonly connections: LightConnection[] = [];
  /** Requests that found every connection busy and `max` reached, so waited in the client. */
  queued = 0;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly max = 2000,
    private readonly open: (host: string, port: number) => LightConnection = (h, p) =>
      new LightConnection(h, p),
  ) {}

  get size(): number {
    return this.connections.length;
  }

  /** Opens `n` connections ahead of the load (opening them during it would be measured). */
  warm(n: number) {
    while (this.connections.length < Math.min(n, this.max))
      this.connections.push(this.open(this.host, this.port));
  }

  post(path: string, body: unknown, headers: Record<string, string>) {
    return this.pick().post(path, body, headers);
  }

  /** Connections dropped because they failed (reset, closed); the next request opens a fresh one. */
  lost = 0;

  private pick(): LightConnection {
    for (let i = 0; i < this.connections.length; i++) {
      const c = this.connections[i]!;
      if (!c.alive) {
        this.connections.splice(i--, 1);
        this.lost += 1;
      } else if (c.outstanding === 0) return c;
    }
    if (this.connections.length < this.max) {
      const fresh = this.open(this.host, this.port);
      this.connections.push(fresh);
      return fresh;
    }
    this.queued += 1;
    return this.connections.reduce((a, b) => (b.outstanding < a.outstanding ? b : a));
  }

  close() {
    for (const c of this.connections) c.close();
  }
}
