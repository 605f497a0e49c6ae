import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// The part every provider fake shares: a real HTTP server on 127.0.0.1, the recorded calls, the
// queue of scripted replies, key checks and a streaming writer with per-chunk delays. Each
// provider folder only knows its own paths, wire format and error JSON.

/** Tokens the fake reports for a reply (each provider spells them its own way). */
export interface FakeUsage {
  inputTokens: number;
  outputTokens: number;
}

interface Timing {
  /** Wait before the first chunk (the provider's "time to first token"); default 0. */
  firstChunkDelayMs?: number;
  /** Wait between chunks; default 0. */
  chunkDelayMs?: number;
  /** Cuts the connection after this many text chunks (a network failure mid-stream). */
  dropAfterChunks?: number;
}

/** What the next request gets. Provider-neutral; each fake renders it in its wire format. */
export type FakeReply =
  | ({ kind: 'text'; chunks: readonly string[]; usage?: FakeUsage } & Timing)
  | ({
      kind: 'tool';
      name: string;
      args: Record<string, unknown>;
      /** Text the model says before calling the tool, in the same answer ("Let me check…"). */
      preamble?: readonly string[];
      usage?: FakeUsage;
    } & Timing)
  | {
      kind: 'error';
      /** Rendered as the provider's documented error for that case. */
      error: 'invalid-key' | 'rate-limit' | 'server';
      /** Sent as `retry-after` (and the provider's own hint where it has one). */
      retryAfterSeconds?: number;
    }
  /** Accepts the request and never answers (for timeouts); `close()` ends it. */
  | { kind: 'hang' };

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined if it was not JSON). */
  body: unknown;
  rawBody: string;
  /** `performance.now()` when the request arrived. */
  receivedAt: number;
  /** `performance.now()` just after the first text chunk was written (streaming text only). */
  firstChunkAt?: number;
  /** What the fake answered with. */
  reply:
    | FakeReply
    | { kind: 'unauthorized' }
    | { kind: 'not-found' }
    /** Answered by the provider's own rule, not the script (the OpenAI fake's embeddings). */
    | { kind: 'computed' }
    /** The body broke a rule the real API enforces (the message says which). */
    | { kind: 'invalid-request'; message: string };
}

export interface FakeProvider {
  /** Base URL to give the SDK (e.g. `http://127.0.0.1:1234/v1`). */
  url: string;
  /** Every request, in arrival order. */
  calls: RecordedCall[];
  /** Queues the replies of the next requests, in order; without a script `defaultReply` answers. */
  script(...next: FakeReply[]): void;
  close(): Promise<void>;
}

export interface FakeOptions {
  /** The key the fake accepts; anything else gets the provider's invalid-key error. */
  apiKey?: string;
  /** Answer when nothing is scripted; default a short text in three chunks. */
  defaultReply?: FakeReply;
  /** Usage reported when a reply does not say. */
  defaultUsage?: FakeUsage;
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
}

export const DEFAULT_USAGE: FakeUsage = { inputTokens: 42, outputTokens: 7 };
export const DEFAULT_REPLY: FakeReply = { kind: 'text', chunks: ['Hello', ' from', ' the fake.'] };

/** A request a provider fake has routed: what it asked for and how it authenticated. */
export interface RoutedRequest {
  call: RecordedCall;
  req: IncomingMessage;
  res: ServerResponse;
}

export interface ProviderDefinition {
  /** Prefix of the base URL the SDK is given (`/v1`, `/v1beta`). */
  basePath: string;
  /** The key the request carries, in the provider's auth header (or query). */
  keyOf(req: IncomingMessage, query: Record<string, string>): string | undefined;
  /** Whether this path is one of the provider's endpoints. */
  matches(method: string, path: string): boolean;
  /** Writes the provider's error JSON. */
  writeError(
    res: ServerResponse,
    error: 'invalid-key' | 'rate-limit' | 'server',
    retryAfterSeconds?: number,
  ): void;
  /** What the real API would refuse in this request with a 400, or null. */
  validate(call: RecordedCall): string | null;
  /** Writes the provider's 400 invalid-request error. */
  writeInvalid(res: ServerResponse, message: string): void;
  /**
   * Answers a request whose reply is computed from its body (embeddings) and returns true; false
   * leaves it to the script. Not called while an error or a hang is scripted next.
   */
  writeComputed?(routed: RoutedRequest): boolean;
  /** Writes a scripted text or tool reply (streamed or not, as the request asked). */
  writeReply(
    routed: RoutedRequest,
    reply: Extract<FakeReply, { kind: 'text' | 'tool' }>,
    usage: FakeUsage,
  ): Promise<void>;
}

export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts a server-sent-events response. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
}

/** One SSE frame; `event` is the named event line some providers send. */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}

/**
 * Writes `frames` in order, waiting `firstChunkDelayMs` before the frame that carries the first
 * text (index `firstTextIndex`) and `chunkDelayMs` between text frames; records when the first
 * text frame left.
 */
export async function writeTimedFrames(
  routed: RoutedRequest,
  frames: readonly { text: string; isTextChunk: boolean }[],
  timing: Timing,
): Promise<void> {
  let textSeen = 0;
  for (const frame of frames) {
    if (routed.res.destroyed) return;
    if (frame.isTextChunk) {
      await sleep(textSeen === 0 ? (timing.firstChunkDelayMs ?? 0) : (timing.chunkDelayMs ?? 0));
      if (routed.res.destroyed) return;
      routed.res.write(frame.text);
      if (textSeen === 0) routed.call.firstChunkAt = performance.now();
      textSeen++;
      if (timing.dropAfterChunks !== undefined && textSeen >= timing.dropAfterChunks) {
        // Close the TCP connection (FIN) once the chunk is out, without ending the HTTP response:
        // the client has the words so far, then a stream cut short.
        await new Promise<void>((resolve) => routed.res.write('', () => resolve()));
        routed.res.socket?.end();
        return;
      }
    } else {
      routed.res.write(frame.text);
    }
  }
  routed.res.end();
}

/** The whole request body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeProvider(
  definition: ProviderDefinition,
  options: FakeOptions,
): Promise<FakeProvider> {
  const calls: RecordedCall[] = [];
  const queue: FakeReply[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) writeJson(res, 500, { error: { message: String(err) } });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const rawBody = await readBody(req);
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const query = Object.fromEntries(url.searchParams);
    const call: RecordedCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      headers: req.headers,
      body,
      rawBody,
      receivedAt: performance.now(),
      reply: { kind: 'not-found' },
    };
    calls.push(call);
    if (!definition.matches(call.method, call.path)) {
      writeJson(res, 404, { error: { message: `No route ${call.method} ${call.path}` } });
      return;
    }
    if (options.apiKey !== undefined && definition.keyOf(req, query) !== options.apiKey) {
      call.reply = { kind: 'unauthorized' };
      definition.writeError(res, 'invalid-key');
      return;
    }
    const invalid = definition.validate(call);
    if (invalid !== null) {
      call.reply = { kind: 'invalid-request', message: invalid };
      definition.writeInvalid(res, invalid);
      return;
    }
    const next = queue[0];
    if (next?.kind !== 'error' && next?.kind !== 'hang' && definition.writeComputed?.({ call, req, res })) {
      call.reply = { kind: 'computed' };
      return;
    }
    const reply = queue.shift() ?? options.defaultReply ?? DEFAULT_REPLY;
    call.reply = reply;
    switch (reply.kind) {
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'error':
        definition.writeError(res, reply.error, reply.retryAfterSeconds);
        return;
      default:
        await definition.writeReply(
          { call, req, res },
          reply,
          reply.usage ?? options.defaultUsage ?? DEFAULT_USAGE,
        );
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${definition.basePath}`,
    calls,
    script: (...next) => {
      queue.push(...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The bearer token of an `Authorization` header. */
export function bearer(req: IncomingMessage): string | undefined {
  const value = req.headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length) : undefined;
}

let counter = 0;
/** Provider-looking ids (`msg_…`, `call_…`), unique per process. */
export function fakeId(prefix: string): string {
  counter++;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}`;
}

/** The text a scripted answer streams: a text reply's chunks, or a tool call's preamble. */
export function textChunksOf(reply: Extract<FakeReply, { kind: 'text' | 'tool' }>): readonly string[] {
  return reply.kind === 'text' ? reply.chunks : (reply.preamble ?? []);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
