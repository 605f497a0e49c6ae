import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';

// Slack's Web API and Events API as api.slack.com documents them. Web API methods are
// `POST /api/<method>` with the bot token as `Authorization: Bearer xoxb-…` (or a `token`
// parameter), parameters form-encoded or JSON; every answer is HTTP 200 with `{ ok: true, … }` or
// `{ ok: false, error: "invalid_auth" }`, except rate limiting: HTTP 429 with `Retry-After`.
// The Events API side posts `event_callback` deliveries to the request URL the admin set in the
// Slack app, signed `v0=` HMAC-SHA256 of `v0:{timestamp}:{body}` with the app's signing secret
// (X-Slack-Signature, X-Slack-Request-Timestamp); a retry carries X-Slack-Retry-Num and the same
// event_id. As in Slack, the bot's own posts come back as `message` events with `bot_id`.

export interface SlackCall {
  method: string;
  token: string;
  /** The parameters, form fields or JSON. */
  body: Record<string, unknown>;
  contentType: string;
  /** The HTTP status the fake answered and Slack's `error` when it refused. */
  status: number;
  error?: string;
}

export interface SlackError {
  /** Slack's error string (`invalid_auth`, `channel_not_found`…); HTTP 200. */
  error?: string;
  /** HTTP status instead: 429 (with `retryAfter` seconds) or 5xx. */
  status?: number;
  retryAfter?: number;
}

export interface SlackMessage {
  channel: string;
  ts: string;
  /** The thread's parent ts (absent for a message in the channel itself). */
  threadTs?: string;
  text: string;
  /** Who posted: a user id, or the bot's user id. */
  user: string;
  botId?: string;
}

export interface FakeSlackUser {
  id: string;
  name: string;
  email?: string;
  isBot?: boolean;
}

export interface FakeSlack {
  /** Base URL to configure (`SLACK_API_URL`), ending in /api as Slack's. */
  url: string;
  calls: SlackCall[];
  /** A workspace and its bot; any other token answers `invalid_auth`. */
  addWorkspace(input: { token: string; team: string; botUserId: string; botId: string }): void;
  addChannel(input: { id: string; name: string; isPrivate?: boolean; isMember?: boolean }): void;
  addUser(user: FakeSlackUser): void;
  /** The next `count` calls of `method` answer this error. */
  failNext(method: string, error: SlackError, count?: number): void;
  /** What the admin sets in the Slack app: where events go and the secret that signs them. */
  setEventSubscription(requestUrl: string, signingSecret: string): void;
  /** Messages posted in a channel (by the bot through chat.postMessage, or by users), in order. */
  messages(channel?: string): SlackMessage[];
  /** The replies in one thread (the parent excluded). */
  thread(channel: string, threadTs: string): SlackMessage[];
  /**
   * A person posts in a thread, as in Slack's client: the message is stored and a signed
   * `message` event is posted to the request URL. Answers the delivery's HTTP status and body.
   */
  userReplies(
    input: { user: string; channel: string; threadTs: string; text: string },
    options?: DeliveryOptions,
  ): Promise<Delivery>;
  /** Posts a raw Events API body, signed (or not, or wrongly) as `options` say. */
  deliver(body: Record<string, unknown>, options?: DeliveryOptions): Promise<Delivery>;
  close(): Promise<void>;
}

export interface DeliveryOptions {
  /** Re-deliver under this event_id (Slack's retry of the same event). */
  eventId?: string;
  /** Sent as X-Slack-Retry-Num (with X-Slack-Retry-Reason http_timeout). */
  retryNum?: number;
  /** null: no signature headers; a string: this signature instead of the right one. */
  signature?: string | null;
  /** Unix seconds for X-Slack-Request-Timestamp (a stale one is a replay). */
  timestamp?: number;
}

export interface Delivery {
  status: number;
  body: unknown;
  eventId: string;
}

/** Slack's documented request signature. */
export function slackRequestSignature(signingSecret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

interface Workspace {
  token: string;
  team: string;
  teamId: string;
  botUserId: string;
  botId: string;
}
interface Channel {
  id: string;
  name: string;
  isPrivate: boolean;
  isMember: boolean;
}

/** Parameters as Slack takes them: form fields, JSON, or the query string. */
function paramsOf(req: IncomingMessage, raw: string, url: URL): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const type = req.headers['content-type'] ?? '';
  if (raw === '') return body;
  if (type.includes('application/json')) {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') Object.assign(body, parsed);
  } else {
    Object.assign(body, Object.fromEntries(new URLSearchParams(raw)));
  }
  return body;
}

const PAGE = 100;

export async function startFakeSlack(options: { port?: number } = {}): Promise<FakeSlack> {
  const workspaces = new Map<string, Workspace>();
  const channels = new Map<string, Channel>();
  const users = new Map<string, FakeSlackUser>();
  const failures: { method: string; error: SlackError }[] = [];
  const calls: SlackCall[] = [];
  const posted: SlackMessage[] = [];
  let subscription: { url: string; secret: string } | null = null;
  let seq = 0;
  let events = 0;
  const nextTs = () => `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}`;

  const deliver = async (body: Record<string, unknown>, opts: DeliveryOptions = {}): Promise<Delivery> => {
    if (!subscription) throw new Error('fake Slack: no event subscription set');
    const eventId = opts.eventId ?? (typeof body.event_id === 'string' ? body.event_id : `Ev${++events}`);
    const payload = JSON.stringify({
      ...body,
      ...(body.type === 'event_callback' ? { event_id: eventId } : {}),
    });
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const signature =
      opts.signature === undefined
        ? slackRequestSignature(subscription.secret, timestamp, payload)
        : opts.signature;
    const res = await fetch(subscription.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null
          ? {}
          : { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp }),
        ...(opts.retryNum !== undefined
          ? { 'x-slack-retry-num': String(opts.retryNum), 'x-slack-retry-reason': 'http_timeout' }
          : {}),
      },
      body: payload,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed, eventId };
  };

  const eventCallback = (ws: Workspace | undefined, event: Record<string, unknown>) => ({
    token: 'deprecated-verification-token',
    team_id: ws?.teamId ?? 'T0FAKE',
    api_app_id: 'A0FAKE',
    event: { ...event, event_ts: event.ts },
    type: 'event_callback',
    event_time: Math.floor(Date.now() / 1000),
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const method = url.pathname.replace(/^\/api\//, '');
    let body: Record<string, unknown> = {};
    try {
      body = paramsOf(req, raw, url);
    } catch {
      body = {};
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : String(body.token ?? '');
    const call: SlackCall = {
      method,
      token,
      body,
      contentType: req.headers['content-type'] ?? '',
      status: 200,
    };
    calls.push(call);
    const refuse = (error: string) => {
      call.error = error;
      writeJson(res, 200, { ok: false, error });
    };
    const ok = (result: Record<string, unknown>) => writeJson(res, 200, { ok: true, ...result });

    if (!url.pathname.startsWith('/api/')) return writeJson(res, 404, { ok: false, error: 'unknown_method' });
    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) {
      const { error } = failures.splice(failure, 1)[0]!;
      if (error.status !== undefined) {
        call.status = error.status;
        call.error = error.error ?? (error.status === 429 ? 'ratelimited' : 'fatal_error');
        return writeJson(
          res,
          error.status,
          { ok: false, error: call.error },
          error.status === 429 ? { 'retry-after': String(error.retryAfter ?? 1) } : {},
        );
      }
      return refuse(error.error ?? 'fatal_error');
    }
    if (token === '') return refuse('not_authed');
    const ws = workspaces.get(token);
    if (!ws) return refuse('invalid_auth');
    const channelOf = () => channels.get(String(body.channel ?? ''));

    switch (method) {
      case 'auth.test':
        return ok({
          url: `https://${ws.team.toLowerCase().replace(/\W+/g, '')}.slack.com/`,
          team: ws.team,
          user: 'convo',
          team_id: ws.teamId,
          user_id: ws.botUserId,
          bot_id: ws.botId,
          is_enterprise_install: false,
        });
      case 'conversations.list': {
        const types = String(body.types ?? 'public_channel').split(',');
        const all = [...channels.values()].filter((c) =>
          types.includes(c.isPrivate ? 'private_channel' : 'public_channel'),
        );
        const start = Number(body.cursor ? Buffer.from(String(body.cursor), 'base64').toString() : 0) || 0;
        const limit = Math.min(Number(body.limit ?? PAGE) || PAGE, PAGE);
        const page = all.slice(start, start + limit);
        const next = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64') : '';
        return ok({
          channels: page.map((c) => ({
            id: c.id,
            name: c.name,
            is_channel: !c.isPrivate,
            is_private: c.isPrivate,
            is_archived: false,
            is_member: c.isMember,
          })),
          response_metadata: { next_cursor: next },
        });
      }
      case 'conversations.join': {
        const channel = channelOf();
        if (!channel) return refuse('channel_not_found');
        if (channel.isPrivate) return refuse('method_not_supported_for_channel_type');
        channel.isMember = true;
        return ok({ channel: { id: channel.id, name: channel.name } });
      }
      case 'chat.postMessage': {
        const channel = channelOf();
        if (!channel) return refuse('channel_not_found');
        if (!channel.isMember) return refuse('not_in_channel');
        const text = typeof body.text === 'string' ? body.text : '';
        if (text.trim() === '') return refuse('no_text');
        const threadTs =
          typeof body.thread_ts === 'string' && body.thread_ts !== '' ? body.thread_ts : undefined;
        if (threadTs && !posted.some((m) => m.channel === channel.id && m.ts === threadTs))
          return refuse('thread_not_found');
        const message: SlackMessage = {
          channel: channel.id,
          ts: nextTs(),
          text,
          user: ws.botUserId,
          botId: ws.botId,
          ...(threadTs ? { threadTs } : {}),
        };
        posted.push(message);
        ok({
          channel: channel.id,
          ts: message.ts,
          message: { type: 'message', text, user: ws.botUserId, bot_id: ws.botId, ts: message.ts },
        });
        // As Slack does for an app subscribed to message events: the bot's own post comes back.
        if (subscription) {
          void deliver(
            eventCallback(ws, {
              type: 'message',
              channel: channel.id,
              user: ws.botUserId,
              bot_id: ws.botId,
              text,
              ts: message.ts,
              ...(threadTs ? { thread_ts: threadTs } : {}),
            }),
          ).catch(() => undefined);
        }
        return;
      }
      case 'users.info': {
        const user = users.get(String(body.user ?? ''));
        if (!user) return refuse('user_not_found');
        return ok({
          user: {
            id: user.id,
            team_id: ws.teamId,
            name: user.name,
            real_name: user.name,
            is_bot: user.isBot ?? false,
            profile: {
              real_name: user.name,
              display_name: user.name,
              ...(user.email ? { email: user.email } : {}),
            },
          },
        });
      }
      default:
        return refuse('unknown_method');
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      writeJson(res, 500, { ok: false, error: String(err) });
    });
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;

  return {
    url: `http://127.0.0.1:${port}/api`,
    calls,
    addWorkspace(input) {
      workspaces.set(input.token, { ...input, teamId: `T${String(workspaces.size + 1).padStart(8, '0')}` });
    },
    addChannel(input) {
      channels.set(input.id, { isPrivate: false, isMember: false, ...input });
    },
    addUser(user) {
      users.set(user.id, user);
    },
    failNext(method, error, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ method, error });
    },
    setEventSubscription(requestUrl, signingSecret) {
      subscription = { url: requestUrl, secret: signingSecret };
    },
    messages(channel) {
      return posted.filter((m) => channel === undefined || m.channel === channel);
    },
    thread(channel, threadTs) {
      return posted.filter((m) => m.channel === channel && m.threadTs === threadTs);
    },
    async userReplies(input, opts) {
      const message: SlackMessage = {
        channel: input.channel,
        ts: nextTs(),
        threadTs: input.threadTs,
        text: input.text,
        user: input.user,
      };
      posted.push(message);
      const ws = [...workspaces.values()][0];
      return deliver(
        eventCallback(ws, {
          type: 'message',
          channel: input.channel,
          channel_type: 'channel',
          user: input.user,
          text: input.text,
          ts: message.ts,
          thread_ts: input.threadTs,
        }),
        opts,
      );
    },
    deliver,
    async close() {
      await listening.close();
    },
  };
}
