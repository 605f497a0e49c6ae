import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';

// The LINE Messaging API as https://developers.line.biz/en/reference/messaging-api/ documents it:
// `Authorization: Bearer <channel access token>` on every call, errors as `{ message, details? }`
// with the HTTP status (401 bad token, 400 bad request, 429 rate limit, 500). One server plays both
// api.line.me (bot info, webhook endpoint, push) and api-data.line.me (message content). Webhook
// deliveries are signed like LINE's: `x-line-signature` = base64 HMAC-SHA256 of the body with the
// channel secret.

export interface LineCall {
  method: string;
  path: string;
  /** `info`, `webhook`, `push`, `content` or `unknown`. */
  endpoint: string;
  token: string;
  body: Record<string, unknown>;
  status: number;
}

export interface LineError {
  status: number;
  message: string;
}

export interface FakeLineEventInput {
  /** The customer's LINE user id (`U` + 32 hex); a fixed one when not given. */
  userId: string;
  text?: string;
  /** A content id from `addContent`: sent as an image message. */
  imageContentId?: string;
  /** Re-post the same message (a redelivery); a new id otherwise. */
  messageId?: string;
}

export interface FakeLine {
  /** Base URL for LINE_API_URL and LINE_DATA_API_URL. */
  url: string;
  calls: LineCall[];
  /** A channel the fake knows (token → secret); any other token answers 401. */
  addChannel(token: string, channel: { secret: string; displayName: string; basicId: string }): void;
  /** The next `count` calls of `endpoint` answer this error. */
  failNext(endpoint: string, error: LineError, count?: number): void;
  /** Content a bot may download (an image the customer sent); returns its message id. */
  addContent(bytes: Uint8Array): string;
  webhookOf(token: string): string | null;
  /** Posts a message event to the channel's webhook, signed unless `signature` is given (null: none). */
  postEvent(
    token: string,
    input: FakeLineEventInput,
    options?: { signature?: string | null },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Push messages that succeeded, in order. */
  sent(token?: string): LineCall[];
  close(): Promise<void>;
}

export const lineSignature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64');

interface Channel {
  secret: string;
  displayName: string;
  basicId: string;
  userId: string;
  webhook: string | null;
}

const CONTENT = /^\/v2\/bot\/message\/([^/]+)\/content$/;

function endpointOf(method: string, path: string): string {
  if (method === 'GET' && path === '/v2/bot/info') return 'info';
  if (method === 'PUT' && path === '/v2/bot/channel/webhook/endpoint') return 'webhook';
  if (method === 'POST' && path === '/v2/bot/message/push') return 'push';
  if (method === 'GET' && CONTENT.test(path)) return 'content';
  return 'unknown';
}

export async function startFakeLine(options: { port?: number } = {}): Promise<FakeLine> {
  const channels = new Map<string, Channel>();
  const contents = new Map<string, Uint8Array>();
  const failures: { endpoint: string; error: LineError }[] = [];
  const calls: LineCall[] = [];
  let nextId = 100_000_000_000_000;

  const fail = (res: ServerResponse, call: LineCall, error: LineError) => {
    call.status = error.status;
    writeJson(res, error.status, { message: error.message });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = {};
    }
    const endpoint = endpointOf(req.method ?? 'GET', url.pathname);
    const call: LineCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      endpoint,
      token,
      body,
      status: 200,
    };
    calls.push(call);
    if (endpoint === 'unknown') return fail(res, call, { status: 404, message: 'Not found' });
    const channel = channels.get(token);
    if (!channel)
      return fail(res, call, {
        status: 401,
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      });
    const failure = failures.findIndex((f) => f.endpoint === endpoint);
    if (failure >= 0) return fail(res, call, failures.splice(failure, 1)[0]!.error);

    switch (endpoint) {
      case 'info':
        return writeJson(res, 200, {
          userId: channel.userId,
          basicId: channel.basicId,
          displayName: channel.displayName,
          chatMode: 'bot',
          markAsReadMode: 'auto',
        });
      case 'webhook': {
        const target = body.endpoint;
        if (typeof target !== 'string' || !/^https?:\/\//.test(target))
          return fail(res, call, { status: 400, message: 'Invalid webhook endpoint URL' });
        channel.webhook = target;
        return writeJson(res, 200, {});
      }
      case 'content': {
        const bytes = contents.get(CONTENT.exec(url.pathname)![1]!);
        if (!bytes) return fail(res, call, { status: 404, message: 'Not found' });
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(bytes);
      }
      default: {
        const messages = Array.isArray(body.messages) ? body.messages : [];
        if (typeof body.to !== 'string' || body.to === '')
          return fail(res, call, {
            status: 400,
            message: "The property, 'to', in the request body is invalid",
          });
        if (messages.length === 0 || messages.length > 5)
          return fail(res, call, { status: 400, message: 'Size must be between 1 and 5' });
        return writeJson(res, 200, {
          sentMessages: messages.map(() => ({
            id: String(++nextId),
            quoteToken: randomBytes(8).toString('hex'),
          })),
        });
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => writeJson(res, 500, { message: String(err) }));
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    addChannel(token, channel) {
      channels.set(token, { ...channel, userId: `U${randomBytes(16).toString('hex')}`, webhook: null });
    },
    failNext(endpoint, error, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ endpoint, error });
    },
    addContent(bytes) {
      const id = String(++nextId);
      contents.set(id, bytes);
      return id;
    },
    webhookOf(token) {
      return channels.get(token)?.webhook ?? null;
    },
    async postEvent(token, input, opts = {}) {
      const channel = channels.get(token);
      if (!channel?.webhook) throw new Error('fake LINE: this channel has no webhook endpoint');
      const messageId = input.imageContentId ?? input.messageId ?? String(++nextId);
      const message = input.imageContentId
        ? { id: messageId, type: 'image', quoteToken: 'q', contentProvider: { type: 'line' } }
        : { id: messageId, type: 'text', quoteToken: 'q', text: input.text ?? '' };
      const body = {
        destination: channel.userId,
        events: [
          {
            type: 'message',
            mode: 'active',
            timestamp: Date.now(),
            webhookEventId: `01H${messageId}`,
            deliveryContext: { isRedelivery: input.messageId !== undefined },
            source: { type: 'user', userId: input.userId },
            replyToken: randomBytes(16).toString('hex'),
            message,
          },
        ],
      };
      const raw = JSON.stringify(body);
      const signature = opts.signature === undefined ? lineSignature(channel.secret, raw) : opts.signature;
      const res = await fetch(channel.webhook, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-line-signature': signature } : {}),
        },
        body: raw,
      });
      await res.arrayBuffer();
      return { status: res.status, body };
    },
    sent(token) {
      return calls.filter(
        (c) => c.endpoint === 'push' && c.status === 200 && (token === undefined || c.token === token),
      );
    },
    async close() {
      await listening.close();
    },
  };
}
