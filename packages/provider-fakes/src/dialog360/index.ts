import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';
import {
  cloudTemplateError,
  type FakeWhatsAppTemplate,
  metaComponents,
} from '../shared/whatsapp-templates.js';

// 360dialog's WhatsApp API (https://docs.360dialog.com/docs/waba-messaging), the Cloud API hosted
// at waba-v2.360dialog.io with the channel's `D360-API-KEY` header instead of a bearer token:
// `POST /messages` and `POST /media` as Meta's (same JSON, same `{ error: { code, message } }`
// failures), `GET /<media-id>` answering a lookaside.fbsbx.com URL that is downloaded from the same
// host with the key, `POST /v1/configs/webhook` `{ url, headers }` (360dialog posts deliveries to
// `url` with those headers: no signature of its own) and `GET /v1/configs/templates`
// (`{ waba_templates: [...] }`). A wrong key answers 401 `{ meta: { success: false, http_code,
// developer_message } }`.

export interface Dialog360Call {
  method: string;
  path: string;
  apiKey: string;
  body: Record<string, unknown>;
  files: { field: string; name: string; type: string; size: number }[];
  status: number;
}

export interface Dialog360Error {
  status: number;
  code: number;
  message: string;
}

export interface FakeDialog360 {
  /** Base URL for DIALOG360_API_URL. */
  url: string;
  calls: Dialog360Call[];
  addKey(apiKey: string): void;
  /** The webhook configured for a key (url and headers), or null. */
  webhookOf(apiKey: string): { url: string; headers: Record<string, string> } | null;
  /** A message template of the number (with a header and buttons when given). */
  addTemplate(apiKey: string, template: FakeWhatsAppTemplate): void;
  /** A file a customer sent; answers its media id. */
  addMedia(apiKey: string, bytes: Uint8Array, mimeType: string): string;
  /** The next `count` calls whose path ends with `pathSuffix` answer this Cloud API error. */
  failNext(pathSuffix: string, error: Dialog360Error, count?: number): void;
  /** Messages accepted (`POST /messages` 200), in order. */
  sent(): Dialog360Call[];
  /**
   * Posts a delivery to the key's configured webhook with its configured headers, as 360dialog
   * does; `headers` replaces them (a forged or missing secret).
   */
  postWebhook(
    apiKey: string,
    payload: unknown,
    options?: { headers?: Record<string, string> },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Where Meta's media lives; 360dialog downloads it at the same path on its own host. */
const LOOKASIDE = 'https://lookaside.fbsbx.com';

export async function startFakeDialog360(options: { port?: number } = {}): Promise<FakeDialog360> {
  const keys = new Map<string, { webhook: { url: string; headers: Record<string, string> } | null }>();
  const templates = new Map<string, FakeWhatsAppTemplate[]>();
  const media = new Map<string, { bytes: Uint8Array; mimeType: string; apiKey: string }>();
  const failures: { suffix: string; error: Dialog360Error }[] = [];
  const calls: Dialog360Call[] = [];

  const fail = (res: ServerResponse, call: Dialog360Call, error: Dialog360Error) => {
    call.status = error.status;
    writeJson(res, error.status, {
      error: {
        message: error.message,
        type: 'OAuthException',
        code: error.code,
        fbtrace_id: randomBytes(8).toString('hex'),
      },
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readRaw(req);
    const apiKey = String(req.headers['d360-api-key'] ?? '');
    const type = req.headers['content-type'] ?? '';
    const body: Record<string, unknown> = {};
    const files: Dialog360Call['files'] = [];
    if (raw.length > 0 && type.includes('application/json'))
      Object.assign(body, JSON.parse(raw.toString('utf8')));
    else if (raw.length > 0 && type.includes('multipart/form-data')) {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
      form.forEach((value, field) => {
        if (typeof value === 'string') body[field] = value;
        else files.push({ field, name: value.name, type: value.type, size: value.size });
      });
    }
    const method = req.method ?? 'GET';
    const call: Dialog360Call = { method, path: url.pathname, apiKey, body, files, status: 200 };
    calls.push(call);
    const account = keys.get(apiKey);
    if (!account) {
      call.status = 401;
      return writeJson(res, 401, {
        meta: { success: false, http_code: 401, developer_message: 'Invalid api key' },
      });
    }
    const failure = failures.findIndex((f) => url.pathname.endsWith(f.suffix));
    if (failure >= 0) return fail(res, call, failures.splice(failure, 1)[0]!.error);

    if (url.pathname === '/v1/configs/webhook' && method === 'POST') {
      if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url))
        return fail(res, call, { status: 400, code: 100, message: 'url is not valid' });
      const headers = (
        typeof body.headers === 'object' && body.headers !== null ? body.headers : {}
      ) as Record<string, string>;
      account.webhook = { url: body.url, headers };
      return writeJson(res, 200, { url: body.url, headers });
    }
    if (url.pathname === '/v1/configs/templates' && method === 'GET') {
      const list = (templates.get(apiKey) ?? []).map((t) => ({
        name: t.name,
        language: t.language,
        status: t.status,
        category: t.category,
        namespace: 'c8ae5f90_307a_ca4c_b8f6_d1e2a2573574',
        components: metaComponents(t),
      }));
      return writeJson(res, 200, {
        count: list.length,
        filters: {},
        limit: 1000,
        offset: 0,
        sort: ['id'],
        total: list.length,
        waba_templates: list,
      });
    }
    if (url.pathname === '/media' && method === 'POST') {
      if (!files.some((f) => f.field === 'file') || body.messaging_product !== 'whatsapp')
        return fail(res, call, { status: 400, code: 100, message: 'Invalid parameter' });
      return writeJson(res, 200, { id: `${Date.now()}${randomBytes(3).toString('hex')}` });
    }
    if (url.pathname === '/messages' && method === 'POST') {
      if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string')
        return fail(res, call, { status: 400, code: 100, message: '(#100) Invalid parameter' });
      if (!/^\d{7,15}$/.test(body.to))
        return fail(res, call, {
          status: 400,
          code: 131009,
          message: '(#131009) Parameter value is not valid',
        });
      if (body.type === 'template') {
        const error = cloudTemplateError(templates.get(apiKey) ?? [], body.template);
        if (error) return fail(res, call, error);
      }
      return writeJson(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(16).toString('base64url')}` }],
      });
    }
    if (url.pathname === '/whatsapp_business/attachments/' && method === 'GET') {
      const file = media.get(url.searchParams.get('mid') ?? '');
      if (!file || file.apiKey !== apiKey)
        return fail(res, call, { status: 404, code: 100, message: 'Not found' });
      res.writeHead(200, { 'content-type': file.mimeType });
      return res.end(file.bytes);
    }
    const mediaId = /^\/(\d+)$/.exec(url.pathname)?.[1];
    const file = mediaId ? media.get(mediaId) : undefined;
    if (file && method === 'GET' && file.apiKey === apiKey)
      return writeJson(res, 200, {
        messaging_product: 'whatsapp',
        url: `${LOOKASIDE}/whatsapp_business/attachments/?mid=${mediaId}&ext=1&hash=${randomBytes(6).toString('hex')}`,
        mime_type: file.mimeType,
        file_size: file.bytes.byteLength,
        id: mediaId,
      });
    return fail(res, call, { status: 404, code: 100, message: `Unknown path ${url.pathname}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      writeJson(res, 500, { error: { message: String(err), code: 1 } }),
    );
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    addKey: (apiKey) => void keys.set(apiKey, { webhook: null }),
    webhookOf: (apiKey) => keys.get(apiKey)?.webhook ?? null,
    addTemplate(apiKey, t) {
      templates.set(apiKey, [...(templates.get(apiKey) ?? []), t]);
    },
    addMedia(apiKey, bytes, mimeType) {
      const id = String(2_000_000_000 + media.size * 1000 + Math.floor(Math.random() * 1000));
      media.set(id, { bytes, mimeType, apiKey });
      return id;
    },
    failNext(suffix, error, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ suffix, error });
    },
    sent: () => calls.filter((c) => c.method === 'POST' && c.path === '/messages' && c.status === 200),
    async postWebhook(apiKey, payload, opts = {}) {
      const webhook = keys.get(apiKey)?.webhook;
      if (!webhook) throw new Error('No webhook is configured for this key.');
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.headers ?? webhook.headers) },
        body: JSON.stringify(payload),
      });
      return { status: res.status, body: await res.text() };
    },
    async close() {
      await listening.close();
    },
  };
}
