import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';
import {
  type FakeWhatsAppTemplate,
  metaComponents,
  placeholderCount,
  variableUrlButtons,
} from '../shared/whatsapp-templates.js';

// Gallabox's developer API (https://docs.gallabox.com/developer-resources, Postman "Gallabox API")
// as far as it is documented, the rest as recorded in docs/decisions.md: every request carries the
// `apiKey` and `apiSecret` headers; `POST /devapi/messages/whatsapp` takes `{ channelId,
// channelType: 'whatsapp', recipient: { name, phone }, whatsapp: { type, text | image | document |
// template } }` and answers 202 `{ id, status: 'ACCEPTED', message }`; `GET
// /devapi/accounts/{accountId}/whatsappTemplates` lists templates; failures answer `{ statusCode,
// message }`. Webhooks (configured in Gallabox with a URL and custom headers) post JSON events:
// `Message.received` with the customer's `whatsapp` message, `Message.status` with a sent
// message's id and status; the admin's secret arrives in the header they configured.

export const GALLABOX_SECRET_HEADER = 'x-webhook-secret';

export interface GallaboxCall {
  method: string;
  path: string;
  apiKey: string;
  body: Record<string, unknown>;
  status: number;
}

export interface GallaboxError {
  status: number;
  message: string;
}

export interface FakeGallabox {
  /** Base URL for GALLABOX_API_URL. */
  url: string;
  calls: GallaboxCall[];
  addAccount(account: { apiKey: string; apiSecret: string; accountId: string; channelId: string }): void;
  /** A template of one of the account's channels (with a header and buttons when given). */
  addTemplate(accountId: string, template: FakeWhatsAppTemplate & { channelId: string }): void;
  /** A file a customer sent; answers its URL on Gallabox (read with the API key and secret). */
  addMedia(bytes: Uint8Array, mimeType: string): string;
  failNext(error: GallaboxError, count?: number): void;
  /** Messages accepted (202), in order. */
  sent(): GallaboxCall[];
  /** Posts an event with the secret header (null: without it). */
  postWebhook(url: string, secret: string | null, event: unknown): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** A `Message.received` event: a customer's WhatsApp message to the channel. */
export function gallaboxMessageEvent(input: {
  accountId: string;
  channelId: string;
  id: string;
  from: string;
  name?: string;
  text?: string;
  image?: { link: string; mimeType: string; caption?: string };
}) {
  return {
    event: 'Message.received',
    id: input.id,
    accountId: input.accountId,
    channelId: input.channelId,
    conversationId: randomBytes(12).toString('hex'),
    contactId: randomBytes(12).toString('hex'),
    createdAt: new Date().toISOString(),
    contact: { name: input.name ?? '', phone: [input.from] },
    whatsapp: {
      from: input.from,
      type: input.image ? 'image' : 'text',
      ...(input.image ? { image: input.image } : { text: { body: input.text ?? '' } }),
    },
  };
}

/** A `Message.status` event about a message we sent. */
export function gallaboxStatusEvent(input: {
  accountId: string;
  channelId: string;
  messageId: string;
  to: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error?: string;
}) {
  return {
    event: 'Message.status',
    accountId: input.accountId,
    channelId: input.channelId,
    messageId: input.messageId,
    status: input.status,
    recipient: { phone: input.to },
    ...(input.error ? { error: { message: input.error } } : {}),
    updatedAt: new Date().toISOString(),
  };
}

const objectId = () => randomBytes(12).toString('hex');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * What is wrong with a template send's values (assumed shapes, docs/decisions.md): `bodyValues`
 * and a text header's `headerValues` by placeholder number, a media header's `headerValues: {
 * mediaUrl, mediaName? }`, `buttonValues: [{ index, sub_type, parameters }]`; null when they fit.
 */
function templateValuesError(t: FakeWhatsAppTemplate, sent: Json): string | null {
  const numbered = (values: unknown, count: number) =>
    isObject(values) &&
    Object.keys(values).length === count &&
    Array.from({ length: count }, (_, i) => values[String(i + 1)]).every(
      (v) => typeof v === 'string' && v !== '',
    );
  if (!numbered(sent.bodyValues ?? {}, placeholderCount(t.body)))
    return `bodyValues must have ${placeholderCount(t.body)} value(s)`;
  const header = sent.headerValues;
  const headerCount = t.header?.format === 'TEXT' ? placeholderCount(t.header.text ?? '') : 0;
  if (t.header && t.header.format !== 'TEXT') {
    if (!isObject(header) || typeof header.mediaUrl !== 'string') return 'headerValues.mediaUrl is required';
  } else if (headerCount > 0 ? !numbered(header, headerCount) : header !== undefined)
    return `headerValues must have ${headerCount} value(s)`;
  const buttons = Array.isArray(sent.buttonValues) ? (sent.buttonValues as unknown[]).filter(isObject) : [];
  const wanted = variableUrlButtons(t);
  for (const button of buttons) {
    const index = Number(button.index);
    const parameters = isObject(button.parameters) ? button.parameters : {};
    const ok = wanted.includes(index)
      ? button.sub_type === 'url' && typeof parameters.text === 'string'
      : t.buttons?.[index]?.type === 'QUICK_REPLY' &&
        button.sub_type === 'quick_reply' &&
        typeof parameters.payload === 'string';
    if (!ok) return `buttonValues[${index}] does not match the template's button`;
  }
  const missing = wanted.find((i) => !buttons.some((b) => Number(b.index) === i));
  return missing === undefined ? null : `buttonValues[${missing}] is required`;
}

export async function startFakeGallabox(options: { port?: number } = {}): Promise<FakeGallabox> {
  const accounts = new Map<string, { apiSecret: string; accountId: string; channelId: string }>();
  const templates = new Map<string, (FakeWhatsAppTemplate & { channelId: string; _id: string })[]>();
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const failures: GallaboxError[] = [];
  const calls: GallaboxCall[] = [];
  let base = '';

  const fail = (res: ServerResponse, call: GallaboxCall, error: GallaboxError) => {
    call.status = error.status;
    writeJson(res, error.status, { statusCode: error.status, message: error.message });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const apiKey = String(req.headers.apikey ?? '');
    const call: GallaboxCall = { method: req.method ?? 'GET', path: url.pathname, apiKey, body, status: 200 };
    calls.push(call);
    const account = accounts.get(apiKey);
    if (!account || account.apiSecret !== req.headers.apisecret)
      return fail(res, call, { status: 401, message: 'Unauthorized' });

    const file = media.get(url.pathname);
    if (file && call.method === 'GET') {
      res.writeHead(200, { 'content-type': file.mimeType });
      return res.end(file.bytes);
    }
    const list = /^\/devapi\/accounts\/([0-9a-f]{24})\/whatsappTemplates$/.exec(url.pathname);
    if (list && call.method === 'GET') {
      if (list[1] !== account.accountId)
        return fail(res, call, { status: 403, message: 'Forbidden resource' });
      return writeJson(
        res,
        200,
        (templates.get(account.accountId) ?? []).map((t) => ({
          _id: t._id,
          accountId: account.accountId,
          channelId: t.channelId,
          status: t.status,
          name: t.name,
          language: t.language,
          category: t.category,
          components: metaComponents(t, { fileMetaData: {} }),
        })),
      );
    }
    if (url.pathname === '/devapi/messages/whatsapp' && call.method === 'POST') {
      const failure = failures.shift();
      if (failure) return fail(res, call, failure);
      const recipient = body.recipient as { phone?: unknown } | undefined;
      const whatsapp = body.whatsapp as { type?: unknown } | undefined;
      if (body.channelId !== account.channelId)
        return fail(res, call, { status: 400, message: 'channelId does not belong to this account' });
      if (body.channelType !== 'whatsapp')
        return fail(res, call, { status: 400, message: 'channelType must be whatsapp' });
      if (typeof recipient?.phone !== 'string' || !/^\d{7,15}$/.test(recipient.phone))
        return fail(res, call, {
          status: 400,
          message: 'recipient.phone must be a phone number with country code',
        });
      if (!['text', 'image', 'document', 'template'].includes(String(whatsapp?.type)))
        return fail(res, call, { status: 400, message: 'whatsapp.type is not supported' });
      if (whatsapp?.type === 'template') {
        const sent = (whatsapp as { template?: unknown }).template;
        const name = isObject(sent) ? sent.templateName : undefined;
        const template = (templates.get(account.accountId) ?? []).find((t) => t.name === name);
        if (!template || !isObject(sent))
          return fail(res, call, { status: 400, message: `Template ${String(name)} not found` });
        const error = templateValuesError(template, sent);
        if (error) return fail(res, call, { status: 400, message: error });
      }
      call.status = 202;
      return writeJson(res, 202, {
        id: objectId(),
        status: 'ACCEPTED',
        message: 'Message received successfully',
      });
    }
    return fail(res, call, { status: 404, message: `Cannot ${call.method} ${url.pathname}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => writeJson(res, 500, { statusCode: 500, message: String(err) }));
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    calls,
    addAccount: ({ apiKey, ...rest }) => void accounts.set(apiKey, rest),
    addTemplate(accountId, t) {
      templates.set(accountId, [...(templates.get(accountId) ?? []), { ...t, _id: objectId() }]);
    },
    addMedia(bytes, mimeType) {
      const path = `/devapi/media/${objectId()}`;
      media.set(path, { bytes, mimeType });
      return `${base}${path}`;
    },
    failNext(error, count = 1) {
      for (let i = 0; i < count; i++) failures.push(error);
    },
    sent: () => calls.filter((c) => c.path === '/devapi/messages/whatsapp' && c.status === 202),
    async postWebhook(url, secret, event) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { [GALLABOX_SECRET_HEADER]: secret } : {}),
        },
        body: JSON.stringify(event),
      });
      return { status: res.status, body: await res.text() };
    },
    async close() {
      await listening.close();
    },
  };
}
