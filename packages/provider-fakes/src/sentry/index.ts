import { createServer } from 'node:http';
import { readBody } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';

// Sentry's event ingest as self-hosted Sentry and its compatible servers (GlitchTip…) accept it:
// `POST /api/<project>/store/` with `X-Sentry-Auth: Sentry sentry_version=7, sentry_key=<public key>, …`
// and the event JSON; 200 `{ id }`, 401 `{ detail }` for a wrong key, 404 for an unknown project.

export interface SentryCall {
  path: string;
  auth: string | undefined;
  body: unknown;
  status: number;
}

export interface FakeSentry {
  /** The DSN to configure: `http://<key>@127.0.0.1:<port>/<project>`. */
  dsn: string;
  url: string;
  calls: SentryCall[];
  close(): Promise<void>;
}

export async function startFakeSentry(
  options: { publicKey?: string; projectId?: string; port?: number } = {},
): Promise<FakeSentry> {
  const publicKey = options.publicKey ?? 'fakepublickey';
  const projectId = options.projectId ?? '42';
  const calls: SentryCall[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const auth =
        typeof req.headers['x-sentry-auth'] === 'string' ? req.headers['x-sentry-auth'] : undefined;
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const answer = (status: number, json: object) => {
        calls.push({ path, auth, body, status });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || path !== `/api/${projectId}/store/`)
        return answer(404, { detail: 'Not found' });
      if (!auth?.includes(`sentry_key=${publicKey}`)) return answer(401, { detail: 'Invalid api key' });
      const id = (body as { event_id?: unknown } | undefined)?.event_id;
      if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id))
        return answer(400, { detail: 'Invalid event_id' });
      return answer(200, { id });
    });
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;
  return {
    dsn: `http://${publicKey}@127.0.0.1:${port}/${projectId}`,
    url: `http://127.0.0.1:${port}`,
    calls,
    close: listening.close,
  };
}
