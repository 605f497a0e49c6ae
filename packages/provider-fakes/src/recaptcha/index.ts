import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody, writeJson } from '../shared/fake-server.js';

// Google reCAPTCHA's server-side verification (developers.google.com/recaptcha/docs/verify):
// `POST /recaptcha/api/siteverify`, application/x-www-form-urlencoded `secret`, `response` and an
// optional `remoteip`; always HTTP 200 with `{ success, challenge_ts, hostname }` or
// `{ success: false, "error-codes": [...] }` (missing-input-secret, invalid-input-secret,
// missing-input-response, invalid-input-response, timeout-or-duplicate).
//
// The answers a person would get by solving the widget are the fake's tokens: `POST /fake/tokens`
// (or `issueToken()`) gives a fresh one, valid once and for two minutes, as Google's are; a second
// use or an old one is `timeout-or-duplicate`, anything the fake never issued `invalid-input-response`.

export const RECAPTCHA_VERIFY_PATH = '/recaptcha/api/siteverify';
const TOKEN_TTL_MS = 2 * 60 * 1000;

export type RecaptchaErrorCode =
  | 'missing-input-secret'
  | 'invalid-input-secret'
  | 'missing-input-response'
  | 'invalid-input-response'
  | 'timeout-or-duplicate'
  | 'bad-request';

export interface RecaptchaCall {
  secret: string | undefined;
  response: string | undefined;
  remoteip: string | undefined;
  success: boolean;
  errorCodes: RecaptchaErrorCode[];
}

/** How the fake misbehaves instead of answering (for the server's fail-closed paths). */
export type RecaptchaOutage = 'hang' | 'not-json' | 'server-error';

export interface FakeRecaptcha {
  /** The siteverify URL to configure (`CAPTCHA_VERIFY_URL`). */
  verifyUrl: string;
  url: string;
  /** The secret it accepts (`CAPTCHA_SECRET`). */
  secret: string;
  /** Every siteverify request, in arrival order. */
  calls: RecaptchaCall[];
  /** A fresh one-time token, as a solved widget would give the browser. */
  issueToken(): string;
  /** From now on siteverify hangs, answers HTML or a 500; null answers again. */
  outage(kind: RecaptchaOutage | null): void;
  close(): Promise<void>;
}

export async function startFakeRecaptcha(
  options: { secret?: string; hostname?: string; port?: number } = {},
): Promise<FakeRecaptcha> {
  const secret = options.secret ?? 'fake-recaptcha-secret';
  const hostname = options.hostname ?? 'localhost';
  const calls: RecaptchaCall[] = [];
  /** Issued and not yet used tokens, with when they were issued. */
  const tokens = new Map<string, number>();
  const spent = new Set<string>();
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  let outage: RecaptchaOutage | null = null;

  const issueToken = () => {
    const token = `fake-recaptcha-${randomBytes(24).toString('base64url')}`;
    tokens.set(token, Date.now());
    return token;
  };

  /** What Google says of one request's parameters. */
  const verify = (params: URLSearchParams): RecaptchaErrorCode[] => {
    const given = params.get('secret');
    const response = params.get('response');
    const errors: RecaptchaErrorCode[] = [];
    if (!given) errors.push('missing-input-secret');
    else if (given !== secret) errors.push('invalid-input-secret');
    if (!response) errors.push('missing-input-response');
    if (errors.length > 0 || !response) return errors;
    const issuedAt = tokens.get(response);
    if (issuedAt === undefined)
      return [spent.has(response) ? 'timeout-or-duplicate' : 'invalid-input-response'];
    // A token is spent by its first check, whatever the answer (as Google's).
    tokens.delete(response);
    spent.add(response);
    return Date.now() - issuedAt > TOKEN_TTL_MS ? ['timeout-or-duplicate'] : [];
  };

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'POST' && path === '/fake/tokens')
        return writeJson(res, 200, { token: issueToken() });
      if (path !== RECAPTCHA_VERIFY_PATH) return writeJson(res, 404, { error: 'Not found' });
      if (outage === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (outage === 'not-json') {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
        return;
      }
      if (outage === 'server-error') return writeJson(res, 500, { error: 'internal' });
      const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const params = new URLSearchParams(form ? raw : '');
      const errorCodes: RecaptchaErrorCode[] = req.method === 'POST' ? verify(params) : ['bad-request'];
      const success = errorCodes.length === 0;
      calls.push({
        secret: params.get('secret') ?? undefined,
        response: params.get('response') ?? undefined,
        remoteip: params.get('remoteip') ?? undefined,
        success,
        errorCodes,
      });
      writeJson(
        res,
        200,
        success
          ? { success, challenge_ts: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), hostname }
          : { success, 'error-codes': errorCodes },
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    verifyUrl: `${url}${RECAPTCHA_VERIFY_PATH}`,
    url,
    secret,
    calls,
    issueToken,
    outage: (kind) => {
      outage = kind;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
