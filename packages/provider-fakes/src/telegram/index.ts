import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';

// The Telegram Bot API as https://core.telegram.org/bots/api documents it: methods at
// `/bot<token>/<method>` answering `{ ok: true, result }` or `{ ok: false, error_code, description }`,
// files at `/file/bot<token>/<file_path>`, `setWebhook` with a `secret_token` that Telegram sends
// back in `X-Telegram-Bot-Api-Secret-Token` on every update it posts. Bodies are JSON or
// multipart/form-data (sendPhoto with an uploaded photo).

export interface TelegramCall {
  method: string;
  /** The Bot API method (`getMe`, `sendMessage`…) or `file` for a download. */
  apiMethod: string;
  token: string;
  /** JSON body, or the form's text fields; a form's uploaded files are in `files`. */
  body: Record<string, unknown>;
  files: { field: string; name: string; type: string; size: number }[];
  receivedAt: number;
  /** The HTTP status the fake answered. */
  status: number;
}

export interface TelegramError {
  error_code: number;
  description: string;
  /** Seconds, for 429 (`parameters.retry_after`). */
  retryAfter?: number;
}

export interface FakeTelegramUpdateInput {
  chatId: number;
  text?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  /** A file added with `addFile`: sent as a photo (with `text` as its caption). */
  photoFileId?: string;
  /** Re-post an update with this id (a retried delivery); a new one otherwise. */
  updateId?: number;
  messageId?: number;
}

export interface FakeTelegram {
  /** Base URL to configure (`TELEGRAM_API_URL`). */
  url: string;
  calls: TelegramCall[];
  /** A bot the fake knows; any other token answers 401 Unauthorized. */
  addBot(token: string, username: string): void;
  /** The next `count` calls of `apiMethod` (any bot) answer this error. */
  failNext(apiMethod: string, error: TelegramError, count?: number): void;
  /** A file a bot may `getFile` and download; returns its file_id. */
  addFile(bytes: Uint8Array, name?: string): string;
  /** The webhook a bot set (null when none). */
  webhookOf(token: string): { url: string; secretToken: string | undefined } | null;
  /**
   * Posts an update to the bot's webhook with its secret header, as Telegram does; answers the
   * webhook's status and the update that was posted.
   */
  postUpdate(
    token: string,
    input: FakeTelegramUpdateInput,
    options?: { secretToken?: string | null },
  ): Promise<{ status: number; update: Record<string, unknown> }>;
  /** sendMessage and sendPhoto calls that succeeded, in order. */
  sent(token?: string): TelegramCall[];
  close(): Promise<void>;
}

interface Bot {
  id: number;
  username: string;
  webhook: { url: string; secretToken: string | undefined } | null;
}

const PATH = /^\/bot([^/]+)\/([A-Za-z]+)$/;
const FILE_PATH = /^\/file\/bot([^/]+)\/(.+)$/;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The request's parameters: JSON, urlencoded or multipart, as the Bot API accepts all three. */
async function paramsOf(req: IncomingMessage, raw: Buffer, url: URL) {
  const type = req.headers['content-type'] ?? '';
  const body: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const files: TelegramCall['files'] = [];
  if (raw.length === 0) return { body, files };
  if (type.includes('application/json')) {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (parsed && typeof parsed === 'object') Object.assign(body, parsed);
  } else if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    form.forEach((value, field) => {
      if (typeof value === 'string') body[field] = value;
      else files.push({ field, name: value.name, type: value.type, size: value.size });
    });
  }
  return { body, files };
}

export async function startFakeTelegram(options: { port?: number } = {}): Promise<FakeTelegram> {
  const bots = new Map<string, Bot>();
  const files = new Map<string, { bytes: Uint8Array; path: string }>();
  const failures: { apiMethod: string; error: TelegramError }[] = [];
  const calls: TelegramCall[] = [];
  let nextMessageId = 1000;
  let nextUpdateId = 500_000;
  let nextBotId = 7_000_000_001;

  const fail = (res: ServerResponse, call: TelegramCall, error: TelegramError) => {
    call.status = error.error_code;
    writeJson(res, error.error_code, {
      ok: false,
      error_code: error.error_code,
      description: error.description,
      ...(error.retryAfter !== undefined ? { parameters: { retry_after: error.retryAfter } } : {}),
    });
  };
  const ok = (res: ServerResponse, result: unknown) => writeJson(res, 200, { ok: true, result });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const fileMatch = FILE_PATH.exec(url.pathname);
    const match = PATH.exec(url.pathname);
    const token = decodeURIComponent((fileMatch ?? match)?.[1] ?? '');
    const apiMethod = fileMatch ? 'file' : (match?.[2] ?? '');
    const { body, files: uploaded } = await paramsOf(req, raw, url).catch(() => ({
      body: {} as Record<string, unknown>,
      files: [] as TelegramCall['files'],
    }));
    const call: TelegramCall = {
      method: req.method ?? 'GET',
      apiMethod,
      token,
      body,
      files: uploaded,
      receivedAt: performance.now(),
      status: 200,
    };
    calls.push(call);
    if (!fileMatch && !match) return fail(res, call, { error_code: 404, description: 'Not Found' });
    const bot = bots.get(token);
    if (!bot) return fail(res, call, { error_code: 401, description: 'Unauthorized' });
    const failure = failures.findIndex((f) => f.apiMethod === apiMethod);
    if (failure >= 0) return fail(res, call, failures.splice(failure, 1)[0]!.error);

    if (fileMatch) {
      const file = [...files.values()].find((f) => f.path === fileMatch[2]);
      if (!file) return fail(res, call, { error_code: 404, description: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(file.bytes);
    }
    const chatOf = () => {
      const chatId = Number(body.chat_id);
      return Number.isFinite(chatId) && chatId !== 0 ? chatId : null;
    };
    switch (apiMethod) {
      case 'getMe':
        return ok(res, { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username });
      case 'setWebhook': {
        if (typeof body.url !== 'string' || body.url === '')
          return fail(res, call, { error_code: 400, description: 'Bad Request: bad webhook: URL is empty' });
        bot.webhook = {
          url: body.url,
          secretToken: typeof body.secret_token === 'string' ? body.secret_token : undefined,
        };
        return ok(res, true);
      }
      case 'deleteWebhook':
        bot.webhook = null;
        return ok(res, true);
      case 'getFile': {
        const file = files.get(String(body.file_id ?? ''));
        if (!file) return fail(res, call, { error_code: 400, description: 'Bad Request: invalid file_id' });
        return ok(res, {
          file_id: body.file_id,
          file_unique_id: body.file_id,
          file_size: file.bytes.byteLength,
          file_path: file.path,
        });
      }
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendDocument': {
        const chatId = chatOf();
        if (chatId === null)
          return fail(res, call, { error_code: 400, description: 'Bad Request: chat not found' });
        if (apiMethod === 'sendMessage' && (typeof body.text !== 'string' || body.text.trim() === ''))
          return fail(res, call, { error_code: 400, description: 'Bad Request: message text is empty' });
        if (apiMethod !== 'sendMessage' && uploaded.length === 0 && typeof body.photo !== 'string')
          return fail(res, call, {
            error_code: 400,
            description: 'Bad Request: there is no photo in the request',
          });
        nextMessageId += 1;
        return ok(res, {
          message_id: nextMessageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          ...(apiMethod === 'sendMessage' ? { text: body.text } : { caption: body.caption }),
        });
      }
      default:
        return fail(res, call, { error_code: 404, description: 'Not Found: method not found' });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      writeJson(res, 500, { ok: false, error_code: 500, description: String(err) });
    });
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    addBot(token, username) {
      nextBotId += 1;
      bots.set(token, { id: nextBotId, username, webhook: null });
    },
    failNext(apiMethod, error, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ apiMethod, error });
    },
    addFile(bytes, name = 'photo.jpg') {
      const id = `AgAC${randomBytes(12).toString('hex')}`;
      files.set(id, { bytes, path: `photos/${id}_${name}` });
      return id;
    },
    webhookOf(token) {
      return bots.get(token)?.webhook ?? null;
    },
    async postUpdate(token, input, opts = {}) {
      const webhook = bots.get(token)?.webhook;
      if (!webhook) throw new Error('fake Telegram: this bot has no webhook set');
      const from = {
        id: input.chatId,
        is_bot: false,
        first_name: input.firstName ?? 'Customer',
        ...(input.lastName ? { last_name: input.lastName } : {}),
        ...(input.username ? { username: input.username } : {}),
      };
      const photo = input.photoFileId ? files.get(input.photoFileId) : undefined;
      const message: Record<string, unknown> = {
        message_id: input.messageId ?? ++nextMessageId,
        from,
        chat: { ...from, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        ...(photo
          ? {
              photo: [
                {
                  file_id: input.photoFileId,
                  file_unique_id: input.photoFileId,
                  width: 90,
                  height: 90,
                  file_size: photo.bytes.byteLength,
                },
              ],
              ...(input.text ? { caption: input.text } : {}),
            }
          : { text: input.text ?? '' }),
      };
      const update = { update_id: input.updateId ?? ++nextUpdateId, message };
      const secret = opts.secretToken === undefined ? webhook.secretToken : opts.secretToken;
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
        },
        body: JSON.stringify(update),
      });
      await res.arrayBuffer();
      return { status: res.status, update };
    },
    sent(token) {
      return calls.filter(
        (c) =>
          ['sendMessage', 'sendPhoto', 'sendDocument'].includes(c.apiMethod) &&
          c.status === 200 &&
          (token === undefined || c.token === token),
      );
    },
    async close() {
      await listening.close();
    },
  };
}
