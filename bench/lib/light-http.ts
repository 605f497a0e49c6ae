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
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', (error) => this.failAll(error));
    this.socket.on('close', () => this.failAll(new Error('connection closed')));
  }

  /** POSTs a JSON body; answers the status and the body text. */
  post(path: string, body: unknown, headers: Record<string, string>) {
    return this.request('POST', path, headers, body);
  }

  /** Sends a request (a JSON body unless `body` is undefined); answers the status and the body text. */
  async request(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    await this.ready;
    const json = Buffer.from(body === undefined ? '' : JSON.stringify(body));
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    if (body !== undefined) head += `content-type: application/json\r\ncontent-length: ${json.length}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    const payload = Buffer.concat([Buffer.from(`${head}\r\n`), json]);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      this.queue.push({ payload, resolve, reject });
      this.pump();
    });
  }

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
        this.failAll(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
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

  private failAll(error: Error) {
    const all = [...(this.inFlight ? [this.inFlight] : []), ...this.queue.splice(0)];
    this.inFlight = null;
    for (const p of all) p.reject(error);
  }
}
