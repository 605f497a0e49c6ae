import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';
import { placeholderNumbers } from '../shared/whatsapp-templates.js';

// Twilio's REST API as https://www.twilio.com/docs/messaging/api/message-resource documents it,
// for WhatsApp senders: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded To,
// From, Body, MediaUrl, ContentSid, ContentVariables, StatusCallback) with HTTP basic auth
// (Account SID, auth token), answering the Message resource as JSON (201); errors answer
// `{ code, message, more_info, status }` (20003 authenticate, 21211 invalid To, 21602 body
// required, 63016 outside the 24-hour window, 5xx). Also the account fetch, a message's media and
// the Content API's `GET /v1/ContentAndApprovals` (templates), and the account's Messages list
// (`GET …/Messages.json`, newest first, filtered by To and From) — every Twilio host is this one server.
// Voice (https://www.twilio.com/docs/voice/api): the account's IncomingPhoneNumbers (listed by
// PhoneNumber, updated with VoiceUrl), a call's Call resource (`GET …/Calls/{CallSid}.json`) and a
// recording's audio (`GET …/Recordings/{RecordingSid}.mp3`); voice.ts places calls through them.
// Messages.json also takes plain E.164 numbers (SMS) besides 'whatsapp:' ones.
// Webhooks are posted form-encoded with `X-Twilio-Signature`: base64 HMAC-SHA1, keyed by the auth
// token, of the full URL followed by every POST parameter's name and value, sorted by name.

export interface TwilioCall {
  method: string;
  path: string;
  /** The Account SID of the basic auth ('' when none). */
  accountSid: string;
  /** Form parameters (repeated ones, MediaUrl, joined in `all`). */
  params: Record<string, string>;
  all: Record<string, string[]>;
  status: number;
  /** `performance.now()` when the request arrived. */
  receivedAt: number;
}

export interface TwilioError {
  status: number;
  code: number;
  message: string;
}

export interface TwilioContentTemplate {
  sid?: string;
  friendlyName: string;
  language: string;
  body: string;
  /** WhatsApp approval: approved, pending, rejected… */
  status: string;
  category: string;
  /** With a header or actions the item is a `whatsapp/card`; variables number across all of it. */
  headerText?: string;
  actions?: { type: 'URL' | 'QUICK_REPLY' | 'PHONE_NUMBER'; title: string; url?: string; id?: string }[];
}

/** The item's texts that may hold {{n}} variables. */
const variableTexts = (c: TwilioContentTemplate): string[] => [
  c.body,
  c.headerText ?? '',
  ...(c.actions ?? []).flatMap((a) => [a.url ?? '', a.id ?? '']),
];

/** Whether ContentVariables (a JSON object) gives every variable of the item a value. */
function coversVariables(c: TwilioContentTemplate, raw: string | undefined): boolean {
  let given: unknown = {};
  try {
    given = JSON.parse(raw ?? '{}');
  } catch {
    return false;
  }
  if (typeof given !== 'object' || given === null) return false;
  const values = given as Record<string, unknown>;
  const numbers = variableTexts(c).flatMap(placeholderNumbers);
  return numbers.every((n) => typeof values[n] === 'string' && values[n] !== '');
}

export interface TwilioFakeCall {
  sid: string;
  from: string;
  to: string;
  status: string;
  /** Seconds, once the call ended. */
  duration: number | null;
  parentCallSid: string | null;
  direction: 'inbound' | 'outbound-dial';
}

export interface FakeTwilio {
  /** The base URL for TWILIO_API_URL (every Twilio host). */
  url: string;
  calls: TwilioCall[];
  addAccount(accountSid: string, authToken: string, friendlyName?: string): void;
  addContent(accountSid: string, template: TwilioContentTemplate): string;
  /** A file a customer sent; answers its MediaUrl (served with basic auth, as Twilio does). */
  addMedia(accountSid: string, bytes: Uint8Array, contentType: string): string;
  /** A voice-capable number of the account; answers its IncomingPhoneNumber SID (PN…). */
  addPhoneNumber(accountSid: string, phoneNumber: string): string;
  /** The VoiceUrl the number's calls are posted to ('' when none). */
  voiceUrlOf(phoneNumber: string): string | undefined;
  /** A call the Calls API answers (a caller's inbound call, an agent's dialled leg); answers its SID. */
  addCall(accountSid: string, call: Omit<TwilioFakeCall, 'sid'> & { sid?: string }): string;
  updateCall(callSid: string, change: Partial<Omit<TwilioFakeCall, 'sid'>>): void;
  /** A call's recording; answers its SID and RecordingUrl (served with '.mp3', basic auth). */
  addRecording(accountSid: string, bytes: Uint8Array): { sid: string; url: string };
  /** The next `count` Messages.json POSTs answer this error. */
  failNext(error: TwilioError, count?: number): void;
  /** Messages created (201), in order. */
  sent(): TwilioCall[];
  /** Posts a webhook, form-encoded and signed with `authToken` (or the given signature; null: none). */
  postWebhook(
    url: string,
    authToken: string,
    params: Record<string, string>,
    options?: { signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** X-Twilio-Signature of a POST to `url` with these form parameters. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

const twilioSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

function phoneNumberResource(n: { sid: string; accountSid: string; phoneNumber: string; voiceUrl: string }) {
  return {
    sid: n.sid,
    account_sid: n.accountSid,
    phone_number: n.phoneNumber,
    friendly_name: n.phoneNumber,
    voice_url: n.voiceUrl,
    voice_method: 'POST',
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    api_version: '2010-04-01',
    uri: `/2010-04-01/Accounts/${n.accountSid}/IncomingPhoneNumbers/${n.sid}.json`,
  };
}

interface CreatedMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  numMedia: number;
  at: Date;
}

function messageResource(m: CreatedMessage) {
  return {
    sid: m.sid,
    account_sid: m.accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: 'queued',
    num_media: String(m.numMedia),
    num_segments: '1',
    direction: 'outbound-api',
    api_version: '2010-04-01',
    price: null,
    error_code: null,
    error_message: null,
    date_created: m.at.toUTCString(),
    date_updated: m.at.toUTCString(),
    date_sent: null,
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
    subresource_uris: { media: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}/Media.json` },
  };
}

export async function startFakeTwilio(options: { port?: number } = {}): Promise<FakeTwilio> {
  const accounts = new Map<string, { authToken: string; friendlyName: string }>();
  const contents = new Map<string, (TwilioContentTemplate & { sid: string })[]>();
  const media = new Map<string, { bytes: Uint8Array; contentType: string; accountSid: string }>();
  const numbers = new Map<
    string,
    { sid: string; accountSid: string; phoneNumber: string; voiceUrl: string }
  >();
  const voiceCalls = new Map<string, TwilioFakeCall & { accountSid: string }>();
  const failures: TwilioError[] = [];
  const calls: TwilioCall[] = [];
  const messages: CreatedMessage[] = [];
  let base = '';

  const fail = (res: ServerResponse, call: TwilioCall, error: TwilioError) => {
    call.status = error.status;
    writeJson(res, error.status, {
      code: error.code,
      message: error.message,
      more_info: `https://www.twilio.com/docs/errors/${error.code}`,
      status: error.status,
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const form = new URLSearchParams(
      (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded') ? raw : '',
    );
    const all: Record<string, string[]> = {};
    for (const key of new Set(form.keys())) all[key] = form.getAll(key);
    const auth = req.headers.authorization ?? '';
    const [user = '', pass = ''] = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')
      : [];
    const call: TwilioCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      accountSid: user,
      params: Object.fromEntries(form),
      all,
      status: 200,
      receivedAt: performance.now(),
    };
    calls.push(call);
    const account = accounts.get(user);
    if (!account || account.authToken !== pass)
      return fail(res, call, { status: 401, code: 20003, message: 'Authenticate' });

    const accountPath = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})(\.json|\/.*)$/.exec(url.pathname);
    if (accountPath && accountPath[1] !== user)
      return fail(res, call, {
        status: 404,
        code: 20404,
        message: `The requested resource ${url.pathname} was not found`,
      });
    if (accountPath?.[2] === '.json' && call.method === 'GET')
      return writeJson(res, 200, {
        sid: user,
        friendly_name: account.friendlyName,
        status: 'active',
        type: 'Full',
        date_created: new Date().toUTCString(),
      });
    if (accountPath?.[2] === '/Messages.json' && call.method === 'POST') {
      const failure = failures.shift();
      if (failure) return fail(res, call, failure);
      const { To: to = '', From: from = '', Body: body = '', ContentSid: contentSid } = call.params;
      const mediaUrls = all.MediaUrl ?? [];
      if (!/^(whatsapp:)?\+\d{7,15}$/.test(to))
        return fail(res, call, { status: 400, code: 21211, message: `Invalid 'To' Phone Number: ${to}` });
      // A WhatsApp sender writes to WhatsApp numbers; a phone number sends SMS to phone numbers.
      if (
        !/^(whatsapp:)?\+\d{7,15}$/.test(from) ||
        from.startsWith('whatsapp:') !== to.startsWith('whatsapp:')
      )
        return fail(res, call, { status: 400, code: 21212, message: `Invalid 'From' Phone Number: ${from}` });
      if (contentSid) {
        const content = (contents.get(user) ?? []).find((c) => c.sid === contentSid);
        if (!content)
          return fail(res, call, { status: 400, code: 21655, message: 'The ContentSid is Invalid.' });
        if (!coversVariables(content, call.params.ContentVariables))
          return fail(res, call, {
            status: 400,
            code: 21656,
            message: 'The ContentVariables Parameter is invalid.',
          });
      } else if (body === '' && mediaUrls.length === 0)
        return fail(res, call, { status: 400, code: 21602, message: 'Message body is required.' });
      call.status = 201;
      const sid = twilioSid('SM');
      const created = { sid, accountSid: user, to, from, body, numMedia: mediaUrls.length, at: new Date() };
      messages.push(created);
      return writeJson(res, 201, messageResource(created));
    }
    if (accountPath?.[2] === '/Messages.json' && call.method === 'GET') {
      // Newest first, filtered by To and From as Twilio's list does; one page of PageSize (50).
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const size = Math.min(1000, Number(url.searchParams.get('PageSize') ?? 50) || 50);
      const list = messages
        .filter(
          (m) => m.accountSid === user && (to === null || m.to === to) && (from === null || m.from === from),
        )
        .reverse()
        .slice(0, size);
      const uri = `/2010-04-01/Accounts/${user}/Messages.json?PageSize=${size}&Page=0`;
      return writeJson(res, 200, {
        messages: list.map(messageResource),
        first_page_uri: uri,
        next_page_uri: null,
        previous_page_uri: null,
        page: 0,
        page_size: size,
        start: 0,
        end: Math.max(0, list.length - 1),
        uri,
      });
    }
    const rest = accountPath?.[2] ?? '';
    if (rest === '/IncomingPhoneNumbers.json' && call.method === 'GET') {
      const wanted = url.searchParams.get('PhoneNumber');
      const list = [...numbers.values()].filter(
        (n) => n.accountSid === user && (wanted === null || n.phoneNumber === wanted),
      );
      return writeJson(res, 200, {
        incoming_phone_numbers: list.map((n) => phoneNumberResource(n)),
        first_page_uri: `/2010-04-01/Accounts/${user}/IncomingPhoneNumbers.json?PageSize=50&Page=0`,
        next_page_uri: null,
        previous_page_uri: null,
        page: 0,
        page_size: 50,
        start: 0,
        end: Math.max(0, list.length - 1),
        uri: `/2010-04-01/Accounts/${user}/IncomingPhoneNumbers.json?PageSize=50&Page=0`,
      });
    }
    const numberPath = /^\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(rest);
    if (numberPath && call.method === 'POST') {
      const number = [...numbers.values()].find((n) => n.sid === numberPath[1] && n.accountSid === user);
      if (!number)
        return fail(res, call, {
          status: 404,
          code: 20404,
          message: `The requested resource ${url.pathname} was not found`,
        });
      if (call.params.VoiceUrl !== undefined) number.voiceUrl = call.params.VoiceUrl;
      return writeJson(res, 200, phoneNumberResource(number));
    }
    const callPath = /^\/Calls\/(CA[0-9a-f]{32})\.json$/.exec(rest);
    if (callPath && call.method === 'GET') {
      const found = voiceCalls.get(callPath[1]!);
      if (!found || found.accountSid !== user)
        return fail(res, call, {
          status: 404,
          code: 20404,
          message: `The requested resource ${url.pathname} was not found`,
        });
      return writeJson(res, 200, {
        sid: found.sid,
        account_sid: user,
        from: found.from,
        to: found.to,
        status: found.status,
        duration: found.duration === null ? null : String(found.duration),
        parent_call_sid: found.parentCallSid,
        direction: found.direction,
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${user}/Calls/${found.sid}.json`,
      });
    }
    const file = media.get(url.pathname);
    if (file && call.method === 'GET' && file.accountSid === user) {
      res.writeHead(200, { 'content-type': file.contentType });
      return res.end(file.bytes);
    }
    if (url.pathname === '/v1/ContentAndApprovals' && call.method === 'GET') {
      const list = contents.get(user) ?? [];
      return writeJson(res, 200, {
        contents: list.map((c) => ({
          sid: c.sid,
          account_sid: user,
          friendly_name: c.friendlyName,
          language: c.language,
          variables: {},
          types:
            c.headerText !== undefined || c.actions
              ? {
                  'whatsapp/card': {
                    body: c.body,
                    ...(c.headerText !== undefined ? { header_text: c.headerText } : {}),
                    ...(c.actions ? { actions: c.actions } : {}),
                  },
                }
              : { 'twilio/text': { body: c.body } },
          approval_requests: { name: c.friendlyName, category: c.category, status: c.status },
          date_created: new Date().toISOString(),
          date_updated: new Date().toISOString(),
        })),
        meta: {
          page: 0,
          page_size: 50,
          first_page_url: `${base}/v1/ContentAndApprovals?PageSize=50&Page=0`,
          previous_page_url: null,
          url: `${base}/v1/ContentAndApprovals?PageSize=50&Page=0`,
          next_page_url: null,
          key: 'contents',
        },
      });
    }
    return fail(res, call, {
      status: 404,
      code: 20404,
      message: `The requested resource ${url.pathname} was not found`,
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      writeJson(res, 500, { code: 20500, message: String(err), more_info: '', status: 500 }),
    );
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    calls,
    addAccount(accountSid, authToken, friendlyName = 'Twilio account') {
      accounts.set(accountSid, { authToken, friendlyName });
    },
    addContent(accountSid, template) {
      const sid = template.sid ?? twilioSid('HX');
      contents.set(accountSid, [...(contents.get(accountSid) ?? []), { ...template, sid }]);
      return sid;
    },
    addPhoneNumber(accountSid, phoneNumber) {
      const sid = twilioSid('PN');
      numbers.set(phoneNumber, { sid, accountSid, phoneNumber, voiceUrl: '' });
      return sid;
    },
    voiceUrlOf: (phoneNumber) => numbers.get(phoneNumber)?.voiceUrl,
    addCall(accountSid, { sid = twilioSid('CA'), ...call }) {
      voiceCalls.set(sid, { ...call, sid, accountSid });
      return sid;
    },
    updateCall(callSid, change) {
      const found = voiceCalls.get(callSid);
      if (found) Object.assign(found, change);
    },
    addRecording(accountSid, bytes) {
      const sid = twilioSid('RE');
      const path = `/2010-04-01/Accounts/${accountSid}/Recordings/${sid}`;
      // Twilio serves a recording at its URL with the format's extension.
      media.set(`${path}.mp3`, { bytes, contentType: 'audio/mpeg', accountSid });
      return { sid, url: `${base}${path}` };
    },
    addMedia(accountSid, bytes, contentType) {
      const path = `/2010-04-01/Accounts/${accountSid}/Messages/${twilioSid('MM')}/Media/${twilioSid('ME')}`;
      media.set(path, { bytes, contentType, accountSid });
      return `${base}${path}`;
    },
    failNext(error, count = 1) {
      for (let i = 0; i < count; i++) failures.push(error);
    },
    sent: () => calls.filter((c) => c.path.endsWith('/Messages.json') && c.status === 201),
    async postWebhook(url, authToken, params, opts = {}) {
      const signature =
        opts.signature === undefined ? twilioSignature(authToken, url, params) : opts.signature;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
        body: new URLSearchParams(params).toString(),
      });
      return { status: res.status, body: await res.text() };
    },
    async close() {
      await listening.close();
    },
  };
}
