import { createHash, createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  answerFor,
  type BotFakeAnswer,
  type BotFakeCall,
  type BotFakeServer,
  startBotFake,
} from '../shared/bot-fake.js';
import { isRecord, writeJson } from '../shared/fake-server.js';

// Amazon Lex V2 runtime, RecognizeText as documented:
// `POST /bots/{botId}/botAliases/{botAliasId}/botLocales/{localeId}/sessions/{sessionId}/text` with
// { text } → { messages: [{ content, contentType }], sessionState: { intent }, interpretations,
// sessionId }. Requests must carry a SigV4 signature (service `lex`) that the fake recomputes with
// the secret key, so a wrong secret fails as on AWS (403 InvalidSignatureException, an unknown key
// 403 UnrecognizedClientException). Errors are JSON with `x-amzn-ErrorType`.

export interface FakeLex extends BotFakeServer {
  addKey(accessKeyId: string, secretAccessKey: string): void;
  /** A bot: what it answers to texts containing a phrase (no match: FallbackIntent). */
  addBot(botId: string, rules: Record<string, BotFakeAnswer>): void;
}

const PATH = /^\/bots\/([^/]+)\/botAliases\/([^/]+)\/botLocales\/([^/]+)\/sessions\/([^/]+)\/text$/;
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const sha256 = (d: string) => createHash('sha256').update(d).digest('hex');
const hmac = (k: string | Buffer, d: string) => createHmac('sha256', k).update(d).digest();
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function awsError(res: ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ message }));
}

/** SigV4 as AWS services other than S3 check it: each path segment encoded twice. */
function signatureOf(call: BotFakeCall, m: RegExpExecArray, secret: string): string {
  const [, , date, region, service, signed] = m as unknown as string[];
  const signedHeaders = (signed ?? '').split(';');
  const path = call.path
    .split('/')
    .map((seg) => uriEncode(uriEncode(decodeURIComponent(seg))))
    .join('/');
  const query = Object.entries(call.query)
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const headers = signedHeaders
    .map((name) => {
      const v = call.headers[name];
      return `${name}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [call.method, path, query, headers, signedHeaders.join(';'), sha256(call.rawBody)].join(
    '\n',
  );
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    String(call.headers['x-amz-date'] ?? ''),
    scope,
    sha256(canonical),
  ].join('\n');
  let key = hmac(`AWS4${secret}`, date ?? '');
  for (const part of [region ?? '', service ?? '', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex');
}

export async function startFakeLex(options: { port?: number } = {}): Promise<FakeLex> {
  const keys = new Map<string, string>();
  const bots = new Map<string, Map<string, BotFakeAnswer>>();
  const server = await startBotFake(options.port, (call, res) => {
    const path = PATH.exec(call.path);
    if (call.method !== 'POST' || !path) return awsError(res, 404, 'ResourceNotFoundException', 'Not found');
    const auth = AUTH.exec(String(call.headers.authorization ?? '').trim());
    if (!auth)
      return awsError(res, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    const secret = keys.get(auth[1] ?? '');
    if (secret === undefined)
      return awsError(
        res,
        403,
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    if (auth[4] !== 'lex' || signatureOf(call, auth, secret) !== auth[6])
      return awsError(
        res,
        403,
        'InvalidSignatureException',
        'The request signature we calculated does not match the signature you provided.',
      );
    const bot = bots.get(decodeURIComponent(path[1] ?? ''));
    if (!bot) return awsError(res, 404, 'ResourceNotFoundException', 'Could not find bot.');
    const text = isRecord(call.body) && typeof call.body.text === 'string' ? call.body.text : null;
    if (text === null) return awsError(res, 400, 'ValidationException', 'text is required');
    const a = answerFor(bot, text);
    const intent = a.intent ?? 'FallbackIntent';
    writeJson(res, 200, {
      messages: [
        ...(a.intent ? (a.texts ?? []) : ["Sorry, I can't help with that."]).map((content) => ({
          content,
          contentType: 'PlainText',
        })),
        ...(a.payload ? [{ content: JSON.stringify(a.payload), contentType: 'CustomPayload' }] : []),
      ],
      sessionState: {
        intent: { name: intent, state: 'Fulfilled', confirmationState: 'None' },
        dialogAction: { type: 'Close' },
      },
      interpretations: [
        { intent: { name: intent }, ...(a.intent ? { nluConfidence: { score: a.confidence ?? 0.9 } } : {}) },
      ],
      sessionId: decodeURIComponent(path[4] ?? ''),
      requestAttributes: {},
    });
  });
  return {
    ...server,
    addKey: (id, secret) => {
      keys.set(id, secret);
    },
    addBot: (botId, rules) => {
      bots.set(botId, new Map(Object.entries(rules)));
    },
  };
}
