import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';

// The Viber REST bot API as https://developers.viber.com/docs/api/rest-bot-api/ documents it:
// `POST /pa/<method>` with JSON and `X-Viber-Auth-Token`; the answer is HTTP 200 with
// `{ status, status_message }` (0 ok; 2 invalidAuthToken, 3 badData, 6 receiverNotSubscribed,
// 12 tooManyRequests…). set_webhook first posts a signed `webhook` event to the URL and fails with
// status 1 unless it answers 200. Callbacks are signed like Viber's: `X-Viber-Content-Signature`
// = hex HMAC-SHA256 of the body with the bot's token. Customers' pictures are served at /media/<id>.

export interface ViberCall {
  method: string;
  /** The API method (`send_message`…) or `media` for a download. */
  apiMethod: string;
  token: string;
  body: Record<string, unknown>;
  /** Viber's status code in the answer (0 ok). */
  status: number;
}

export interface ViberError {
  status: number;
  status_message: string;
  /** An HTTP status other than 200 (an outage: 502, 503). */
  httpStatus?: number;
}

export interface FakeViberMessageInput {
  senderId: string;
  name?: string;
  text?: string;
  /** A file from `addFile`: sent as a picture (with `text` as its description). */
  pictureFileId?: string;
  /** Re-post with the same token and time (a retried callback). */
  messageToken?: number;
  timestamp?: number;
}

export interface FakeViber {
  /** Base URL for VIBER_API_URL. */
  url: string;
  calls: ViberCall[];
  addBot(token: string, account: { name: string; uri: string }): void;
  failNext(apiMethod: string, error: ViberError, count?: number): void;
  /** A picture a customer sends; returns its id (served at `<url>/media/<id>`). */
  addFile(bytes: Uint8Array): string;
  webhookOf(token: string): string | null;
  /** Posts a `message` callback, signed unless `signature` is given (null: none). */
  postMessage(
    token: string,
    input: FakeViberMessageInput,
    options?: { signature?: string | null },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** send_message calls that succeeded, in order. */
  sent(token?: string): ViberCall[];
  close(): Promise<void>;
}

export const viberSignature = (token: string, body: string) =>
  createHmac('sha256', token).update(body).digest('hex');

interface Bot {
  id: string;
  name: string;
  uri: string;
  webhook: string | null;
}

const SEND_TYPES = new Set(['text', 'picture', 'file', 'video', 'url', 'rich_media']);

export async function startFakeViber(options: { port?: number } = {}): Promise<FakeViber> {
  const bots = new Map<string, Bot>();
  const files = new Map<string, Uint8Array>();
  const failures: { apiMethod: string; error: ViberError }[] = [];
  const calls: ViberCall[] = [];
  let nextToken = 5_000_000_000_000_000;
  let baseUrl = '';

  const answer = (res: ServerResponse, call: ViberCall, status: number, message: string, extra = {}) => {
    call.status = status;
    writeJson(res, 200, { status, status_message: message, ...extra });
  };

  const signedPost = async (
    url: string,
    token: string,
    body: Record<string, unknown>,
    signature?: string | null,
  ) => {
    const raw = JSON.stringify(body);
    const sig = signature === undefined ? viberSignature(token, raw) : signature;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(sig ? { 'x-viber-content-signature': sig } : {}) },
      body: raw,
    });
    await res.arrayBuffer();
    return res.status;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const token = String(req.headers['x-viber-auth-token'] ?? '');
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = {};
    }
    const media = /^\/media\/([^/]+)$/.exec(url.pathname);
    const method = /^\/pa\/([a-z_]+)$/.exec(url.pathname)?.[1] ?? (media ? 'media' : '');
    const call: ViberCall = { method: req.method ?? 'GET', apiMethod: method, token, body, status: 0 };
    calls.push(call);
    if (media) {
      const bytes = files.get(media[1]!);
      if (!bytes) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(bytes);
    }
    if (!method || req.method !== 'POST') {
      call.status = 404;
      return writeJson(res, 404, { status: 404, status_message: 'Not found' });
    }
    const bot = bots.get(token);
    if (!bot) return answer(res, call, 2, 'invalidAuthToken');
    const failure = failures.findIndex((f) => f.apiMethod === method);
    if (failure >= 0) {
      const { error } = failures.splice(failure, 1)[0]!;
      call.status = error.status;
      return writeJson(res, error.httpStatus ?? 200, {
        status: error.status,
        status_message: error.status_message,
      });
    }
    switch (method) {
      case 'get_account_info':
        return answer(res, call, 0, 'ok', {
          id: bot.id,
          name: bot.name,
          uri: bot.uri,
          webhook: bot.webhook ?? '',
          subscribers_count: 0,
        });
      case 'set_webhook': {
        const target = body.url;
        if (target === '') {
          bot.webhook = null;
          return answer(res, call, 0, 'ok');
        }
        if (typeof target !== 'string' || !/^https?:\/\//.test(target))
          return answer(res, call, 1, 'invalidUrl');
        const check = await signedPost(target, token, {
          event: 'webhook',
          timestamp: Date.now(),
          chat_hostname: 'SN-CHAT-01_',
          message_token: ++nextToken,
        }).catch(() => 0);
        if (check !== 200)
          return answer(res, call, 1, `Result[HttpRequest[POST ${target}] answered ${check}, expected 200]`);
        bot.webhook = target;
        return answer(res, call, 0, 'ok', { event_types: body.event_types ?? [] });
      }
      case 'send_message': {
        if (typeof body.receiver !== 'string' || body.receiver === '')
          return answer(res, call, 4, 'missingData');
        if (typeof body.type !== 'string' || !SEND_TYPES.has(body.type))
          return answer(res, call, 3, 'badData');
        if (body.type === 'text' && (typeof body.text !== 'string' || body.text.trim() === ''))
          return answer(res, call, 3, 'badData');
        if (body.type === 'picture' && typeof body.media !== 'string')
          return answer(res, call, 4, 'missingData');
        return answer(res, call, 0, 'ok', { message_token: ++nextToken, chat_hostname: 'SN-CHAT-01_' });
      }
      default:
        call.status = 404;
        return writeJson(res, 404, { status: 404, status_message: 'Not found' });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      writeJson(res, 500, { status: 500, status_message: String(err) }),
    );
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    calls,
    addBot(token, account) {
      bots.set(token, { ...account, id: `pa:${randomBytes(8).readBigUInt64BE()}`, webhook: null });
    },
    failNext(apiMethod, error, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ apiMethod, error });
    },
    addFile(bytes) {
      const id = randomBytes(8).toString('hex');
      files.set(id, bytes);
      return id;
    },
    webhookOf(token) {
      return bots.get(token)?.webhook ?? null;
    },
    async postMessage(token, input, opts = {}) {
      const bot = bots.get(token);
      if (!bot?.webhook) throw new Error('fake Viber: this bot has no webhook set');
      const message = input.pictureFileId
        ? {
            type: 'picture',
            text: input.text ?? '',
            media: `${baseUrl}/media/${input.pictureFileId}`,
            thumbnail: `${baseUrl}/media/${input.pictureFileId}`,
            file_name: 'picture.jpg',
          }
        : { type: 'text', text: input.text ?? '' };
      const body = {
        event: 'message',
        timestamp: input.timestamp ?? Date.now(),
        chat_hostname: 'SN-CHAT-01_',
        message_token: input.messageToken ?? ++nextToken,
        sender: {
          id: input.senderId,
          name: input.name ?? 'Viber Customer',
          avatar: `${baseUrl}/avatar.jpg`,
          language: 'en',
          country: 'GB',
          api_version: 10,
        },
        message,
        silent: false,
      };
      const status = await signedPost(bot.webhook, token, body, opts.signature);
      return { status, body };
    },
    sent(token) {
      return calls.filter(
        (c) => c.apiMethod === 'send_message' && c.status === 0 && (token === undefined || c.token === token),
      );
    },
    async close() {
      await listening.close();
    },
  };
}
