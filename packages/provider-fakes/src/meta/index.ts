import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';
import {
  cloudTemplateError,
  type FakeWhatsAppTemplate,
  metaComponents,
} from '../shared/whatsapp-templates.js';

// Meta's Graph API as WhatsApp Cloud API and the Messenger Platform document it: nodes at
// `/<version>/<id>[/<edge>]` with `Authorization: Bearer <token>`; failures answer
// `{ error: { message, type, code, error_subcode?, fbtrace_id } }` (190 invalid token, 131047
// re-engagement outside the 24-hour window, 5xx). Webhooks are posted to our server signed with
// `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body with the app secret>`.

export interface MetaCall {
  method: string;
  /** The path after the version: `<id>/messages`, `<id>`, `me/messages`… */
  path: string;
  token: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  files: { field: string; name: string; type: string; size: number }[];
  status: number;
}

export interface MetaGraphError {
  status: number;
  code: number;
  message: string;
  type?: string;
}

/** A page the person who logs in manages, with its page access token and linked Instagram account. */
export interface FakeMetaPage {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; username: string };
}

export interface FakeMeta {
  /** Base URL to configure (`META_GRAPH_API_URL`). */
  url: string;
  calls: MetaCall[];
  /** A token the fake accepts; any other answers 190. */
  addToken(token: string): void;
  /** Nodes readable with GET /<id> (a phone number, a page, an Instagram account). */
  addNode(id: string, fields: Record<string, unknown>): void;
  /** A message template of the account (with a header and buttons when given). */
  addTemplate(wabaId: string, template: FakeWhatsAppTemplate): void;
  /** A media file WhatsApp GET /<media-id> describes; answers its id. */
  addMedia(bytes: Uint8Array, mimeType: string): string;
  /** A public file (Messenger CDN) answers its URL. */
  addCdnFile(bytes: Uint8Array, name: string, mimeType: string): string;
  /** The Meta app Facebook Login serves: the dialog's client_id, the token exchange's secret. */
  setApp(appId: string, appSecret: string): void;
  /**
   * The pages of whoever approves the next Facebook Login dialogs (their page tokens and the nodes
   * become readable); `[]`: a person who manages no page.
   */
  setLoginPages(pages: FakeMetaPage[]): void;
  /** The next dialog is cancelled by the person: back to redirect_uri with error=access_denied. */
  denyNextLogin(): void;
  /** The next `count` calls whose path ends with `pathSuffix` answer this error. */
  failNext(pathSuffix: string, error: MetaGraphError, count?: number): void;
  /** Successful sends (`…/messages` POSTs), in order. */
  sent(): MetaCall[];
  /** Posts a webhook delivery to `url`, signed with `appSecret` (or the given signature). */
  postWebhook(
    url: string,
    appSecret: string,
    payload: unknown,
    options?: { signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  /** Meta's GET verification of a webhook URL; answers the status and body. */
  verifyWebhook(
    url: string,
    verifyToken: string,
    challenge?: string,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** A WhatsApp Cloud API webhook delivery: customer messages and/or statuses of one phone number. */
export function whatsAppDelivery(
  phoneNumberId: string,
  value: {
    contacts?: { wa_id: string; profile: { name: string } }[];
    messages?: Record<string, unknown>[];
    statuses?: Record<string, unknown>[];
  },
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A Messenger Platform delivery (object `page` or `instagram`) of one account's events. */
export function messengerDelivery(
  object: 'page' | 'instagram',
  accountId: string,
  messaging: Record<string, unknown>[],
) {
  return { object, entry: [{ id: accountId, time: Date.now(), messaging }] };
}

export const metaSignature = (appSecret: string, body: string) =>
  `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const PATH = /^\/v\d+\.\d+\/(.+)$/;

export async function startFakeMeta(options: { port?: number } = {}): Promise<FakeMeta> {
  const tokens = new Set<string>();
  const nodes = new Map<string, Record<string, unknown>>();
  const templates = new Map<string, (FakeWhatsAppTemplate & { id: string })[]>();
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const cdn = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const failures: { suffix: string; error: MetaGraphError }[] = [];
  const calls: MetaCall[] = [];
  // Facebook Login: the app, the person's pages, codes handed out, user tokens issued.
  let app: { id: string; secret: string } | null = null;
  let loginPages: FakeMetaPage[] = [];
  let denyLogin = false;
  const codes = new Map<string, { redirectUri: string; pages: FakeMetaPage[] }>();
  const userTokens = new Map<string, FakeMetaPage[]>();
  let base = '';

  const fail = (res: ServerResponse, call: MetaCall, error: MetaGraphError) => {
    call.status = error.status;
    writeJson(res, error.status, {
      error: {
        message: error.message,
        type: error.type ?? 'OAuthException',
        code: error.code,
        fbtrace_id: randomBytes(8).toString('hex'),
      },
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    if (url.pathname.startsWith('/cdn/')) {
      const file = cdn.get(url.pathname);
      if (!file) return writeJson(res, 404, { error: 'not found' });
      res.writeHead(200, { 'content-type': file.mimeType });
      return res.end(file.bytes);
    }
    const dialog = /^\/v\d+\.\d+\/dialog\/oauth$/.test(url.pathname);
    if (dialog) return loginDialog(url, res);
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : (url.searchParams.get('access_token') ?? '');
    const type = req.headers['content-type'] ?? '';
    const body: Record<string, unknown> = {};
    const files: MetaCall['files'] = [];
    if (raw.length > 0 && type.includes('application/json'))
      Object.assign(body, JSON.parse(raw.toString('utf8')));
    else if (raw.length > 0 && type.includes('multipart/form-data')) {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
      form.forEach((value, field) => {
        if (typeof value === 'string') body[field] = value;
        else files.push({ field, name: value.name, type: value.type, size: value.size });
      });
    }
    const match = PATH.exec(url.pathname);
    const path = match?.[1] ?? url.pathname.slice(1);
    const call: MetaCall = {
      method: req.method ?? 'GET',
      path,
      token,
      query: Object.fromEntries(url.searchParams),
      body,
      files,
      status: 200,
    };
    calls.push(call);
    if (path === 'oauth/access_token' && (req.method ?? 'GET') === 'GET') return exchange(call, res);
    if (!tokens.has(token))
      return fail(res, call, {
        status: 401,
        code: 190,
        message: 'Invalid OAuth access token - Cannot parse access token',
      });
    if (url.pathname.startsWith('/media-download/')) {
      const file = media.get(url.pathname.slice('/media-download/'.length));
      if (!file) return fail(res, call, { status: 404, code: 100, message: 'Unsupported get request.' });
      res.writeHead(200, { 'content-type': file.mimeType });
      return res.end(file.bytes);
    }
    if (!match) return fail(res, call, { status: 404, code: 100, message: 'Unknown path components' });
    const failure = failures.findIndex((f) => path.endsWith(f.suffix));
    if (failure >= 0) return fail(res, call, failures.splice(failure, 1)[0]!.error);
    const parts = path.split('/');
    const [id, edge] = parts;
    const method = req.method ?? 'GET';
    if (id === 'me' && edge === 'accounts' && method === 'GET') {
      const pages = userTokens.get(token);
      if (!pages)
        return fail(res, call, {
          status: 400,
          code: 100,
          message: '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
        });
      const fields = (call.query.fields ?? '').split(',');
      const withInstagram = fields.some((f) => f.startsWith('instagram_business_account'));
      return writeJson(res, 200, {
        data: pages.map((p) => ({
          id: p.id,
          name: p.name,
          access_token: p.accessToken,
          category: 'Shopping & retail',
          tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
          ...(withInstagram && p.instagram ? { instagram_business_account: p.instagram } : {}),
        })),
        paging: { cursors: { before: 'QVFIUmJ', after: 'QVFIUnp' } },
      });
    }
    if (edge === 'subscribed_apps') {
      // Subscribing needs the page's own token (Graph: "A page access token is required").
      const page = [...userTokens.values()].flat().find((p) => p.id === id);
      if (page && page.accessToken !== token)
        return fail(res, call, {
          status: 400,
          code: 210,
          message: '(#210) A page access token is required to request this resource.',
        });
      return writeJson(res, 200, { success: true });
    }
    if (edge === 'message_templates' && method === 'GET')
      return writeJson(res, 200, {
        data: (templates.get(id!) ?? []).map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          components: metaComponents(t),
        })),
        paging: { cursors: {} },
      });
    if (edge === 'media' && method === 'POST') {
      const file = files.find((f) => f.field === 'file');
      if (!file || body.messaging_product !== 'whatsapp')
        return fail(res, call, {
          status: 400,
          code: 100,
          message: 'Invalid parameter',
          type: 'OAuthException',
        });
      return writeJson(res, 200, { id: `${Date.now()}${randomBytes(3).toString('hex')}` });
    }
    if (edge === 'messages' && method === 'POST') {
      if (id === 'me') {
        // Messenger Send API.
        const recipient = typeof body.recipient === 'string' ? JSON.parse(body.recipient) : body.recipient;
        if (!recipient?.id)
          return fail(res, call, {
            status: 400,
            code: 100,
            message: '(#100) The parameter recipient is required',
          });
        return writeJson(res, 200, {
          recipient_id: recipient.id,
          message_id: `m_${randomBytes(12).toString('hex')}`,
        });
      }
      if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string')
        return fail(res, call, { status: 400, code: 100, message: '(#100) Invalid parameter' });
      if (String(body.to).includes(':'))
        return fail(res, call, {
          status: 400,
          code: 131009,
          message: '(#131009) Parameter value is not valid',
        });
      if (body.type === 'template') {
        // Meta checks a template send against the approved template (any of the fake's accounts).
        const error = cloudTemplateError([...templates.values()].flat(), body.template);
        if (error) return fail(res, call, error);
      }
      return writeJson(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(16).toString('base64url')}` }],
      });
    }
    if (!edge && method === 'GET') {
      const m = media.get(id!);
      if (m)
        return writeJson(res, 200, {
          messaging_product: 'whatsapp',
          url: `${base}/media-download/${id}`,
          mime_type: m.mimeType,
          file_size: m.bytes.byteLength,
          id,
        });
      const node = nodes.get(id!);
      if (node) return writeJson(res, 200, { id, ...node });
      return fail(res, call, {
        status: 400,
        code: 100,
        message: `Unsupported get request. Object with ID '${id}' does not exist`,
        type: 'GraphMethodException',
      });
    }
    return fail(res, call, { status: 400, code: 100, message: 'Unknown path components' });
  };

  /** Facebook Login's dialog, approved at once by the person (or cancelled, see denyNextLogin). */
  const loginDialog = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (!app || q.get('client_id') !== app.id || !redirectUri) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<h1>Invalid App ID</h1><p>The provided app ID does not look like a valid app ID.</p>');
    }
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (denyLogin) {
      denyLogin = false;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_code', '200');
      back.searchParams.set('error_description', 'Permissions error');
      back.searchParams.set('error_reason', 'user_denied');
    } else {
      const code = `AQ${randomBytes(24).toString('base64url')}`;
      codes.set(code, { redirectUri, pages: loginPages });
      back.searchParams.set('code', code);
    }
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: `${back.toString()}#_=_` });
    return res.end();
  };

  /** GET /oauth/access_token: a code for a user token, or a short-lived user token for a long-lived one. */
  const exchange = (call: MetaCall, res: ServerResponse) => {
    const q = call.query;
    if (!app || q.client_id !== app.id)
      return fail(res, call, {
        status: 400,
        code: 101,
        message: 'Error validating application. Invalid application ID.',
      });
    if (q.client_secret !== app.secret)
      return fail(res, call, { status: 400, code: 1, message: 'Error validating client secret.' });
    const issue = (pages: FakeMetaPage[], expiresIn: number) => {
      const token = `EAA${randomBytes(30).toString('base64url')}`;
      tokens.add(token);
      userTokens.set(token, pages);
      writeJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: expiresIn });
    };
    if (q.grant_type === 'fb_exchange_token') {
      const pages = userTokens.get(q.fb_exchange_token ?? '');
      if (!pages)
        return fail(res, call, {
          status: 400,
          code: 190,
          message: 'Invalid OAuth access token - Cannot parse access token',
        });
      return issue(pages, 5_183_944);
    }
    const grant = codes.get(q.code ?? '');
    if (!grant)
      return fail(res, call, { status: 400, code: 100, message: 'This authorization code has been used.' });
    if (grant.redirectUri !== q.redirect_uri)
      return fail(res, call, {
        status: 400,
        code: 100,
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      });
    codes.delete(q.code ?? '');
    return issue(grant.pages, 5400);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      writeJson(res, 500, { error: { message: String(err), code: 1 } }),
    );
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    calls,
    addToken: (token) => void tokens.add(token),
    setApp(appId, appSecret) {
      app = { id: appId, secret: appSecret };
    },
    setLoginPages(pages) {
      loginPages = pages;
      for (const page of pages) {
        tokens.add(page.accessToken);
        nodes.set(page.id, { name: page.name });
        if (page.instagram) nodes.set(page.instagram.id, { username: page.instagram.username });
      }
    },
    denyNextLogin() {
      denyLogin = true;
    },
    addNode: (id, fields) => void nodes.set(id, fields),
    addTemplate(wabaId, t) {
      templates.set(wabaId, [...(templates.get(wabaId) ?? []), { ...t, id: randomBytes(6).toString('hex') }]);
    },
    addMedia(bytes, mimeType) {
      const id = String(1_000_000_000 + media.size + Math.floor(Math.random() * 1000) * 1000);
      media.set(id, { bytes, mimeType });
      return id;
    },
    addCdnFile(bytes, name, mimeType) {
      const path = `/cdn/${randomBytes(6).toString('hex')}/${name}`;
      cdn.set(path, { bytes, mimeType });
      return `${base}${path}`;
    },
    failNext(suffix, error, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ suffix, error });
    },
    sent: () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages') && c.status === 200),
    async postWebhook(url, appSecret, payload, opts = {}) {
      const body = JSON.stringify(payload);
      const signature = opts.signature === undefined ? metaSignature(appSecret, body) : opts.signature;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-hub-signature-256': signature } : {}),
        },
        body,
      });
      return { status: res.status, body: await res.text() };
    },
    async verifyWebhook(url, verifyToken, challenge = randomBytes(8).toString('hex')) {
      const target = new URL(url);
      target.searchParams.set('hub.mode', 'subscribe');
      target.searchParams.set('hub.verify_token', verifyToken);
      target.searchParams.set('hub.challenge', challenge);
      const res = await fetch(target);
      return { status: res.status, body: await res.text() };
    },
    async close() {
      await listening.close();
    },
  };
}
