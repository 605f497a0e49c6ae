import type { ServerResponse } from 'node:http';
import { type BotFakeServer, startBotFake } from '../shared/bot-fake.js';
import { isRecord, writeJson } from '../shared/fake-server.js';

// Zendesk Support's REST API as documented (developer.zendesk.com/api-reference/ticketing):
// basic auth `{email}/token:{api_token}`; `GET /api/v2/users/me.json`; `POST /api/v2/tickets.json`
// with `{ ticket: { subject, comment: { body | html_body, public }, requester: { name, email },
// external_id, tags } }` → 201 `{ ticket }`; `GET /api/v2/tickets/{id}.json`. A failed sign-in is
// 401 `{ error: "Couldn't authenticate you" }`, an invalid ticket 422 `RecordInvalid`.

export interface FakeZendeskTicket {
  id: number;
  url: string;
  subject: string;
  description: string;
  status: string;
  external_id: string | null;
  tags: string[];
  requester: { name: string | null; email: string | null };
  comment: { body: string | null; html_body: string | null; public: boolean };
  created_at: string;
  /** The agent account that made it (the e-mail of the token). */
  by: string;
}

export interface FakeZendesk extends BotFakeServer {
  /** An agent who may use the API with this token. */
  addAgent(email: string, apiToken: string): void;
  /** The token stops working (revoked in the admin center). */
  revoke(apiToken: string): void;
  tickets: FakeZendeskTicket[];
}

const TICKET = /^\/api\/v2\/tickets\/(\d+)\.json$/;

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export async function startFakeZendesk(options: { port?: number } = {}): Promise<FakeZendesk> {
  const agents = new Map<string, string>();
  const tickets: FakeZendeskTicket[] = [];
  let nextId = 1;
  const fail = (res: ServerResponse, status: number, body: unknown) => writeJson(res, status, body);
  const server = await startBotFake(options.port, (call, res) => {
    const header = String(call.headers.authorization ?? '');
    const [user, token] = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString().split(':')
      : [];
    const email = user?.endsWith('/token') ? user.slice(0, -'/token'.length) : undefined;
    if (!email || !token || agents.get(token) !== email)
      return fail(res, 401, { error: "Couldn't authenticate you" });
    const base = `http://${String(call.headers.host)}`;

    if (call.method === 'GET' && call.path === '/api/v2/users/me.json')
      return writeJson(res, 200, {
        user: { id: 1000 + [...agents.keys()].indexOf(token), email, role: 'agent' },
      });

    if (call.method === 'POST' && call.path === '/api/v2/tickets.json') {
      const t = isRecord(call.body) && isRecord(call.body.ticket) ? call.body.ticket : null;
      const comment = t && isRecord(t.comment) ? t.comment : null;
      const body = str(comment?.body);
      const html = str(comment?.html_body);
      if (!t || !comment || (!body && !html))
        return fail(res, 422, {
          error: 'RecordInvalid',
          description: 'Record validation errors',
          details: { base: [{ description: 'Description: cannot be blank', error: 'BlankValue' }] },
        });
      const requester = isRecord(t.requester) ? t.requester : {};
      const id = nextId++;
      const ticket: FakeZendeskTicket = {
        id,
        url: `${base}/api/v2/tickets/${id}.json`,
        subject: str(t.subject) ?? (body ?? '').slice(0, 50),
        description: body ?? html ?? '',
        status: 'new',
        external_id: str(t.external_id),
        tags: Array.isArray(t.tags) ? t.tags.filter((x): x is string => typeof x === 'string') : [],
        requester: { name: str(requester.name), email: str(requester.email) },
        comment: { body, html_body: html, public: comment.public !== false },
        created_at: new Date().toISOString(),
        by: email,
      };
      tickets.push(ticket);
      const { by: _by, comment: _c, ...shown } = ticket;
      return writeJson(res, 201, { ticket: shown });
    }

    const m = TICKET.exec(call.path);
    if (call.method === 'GET' && m) {
      const ticket = tickets.find((x) => x.id === Number(m[1]) && x.by === email);
      if (!ticket) return fail(res, 404, { error: 'RecordNotFound', description: 'Not found' });
      const { by: _by, comment: _c, ...shown } = ticket;
      return writeJson(res, 200, { ticket: shown });
    }
    return fail(res, 404, { error: 'InvalidEndpoint', description: 'Not found' });
  });
  return {
    ...server,
    tickets,
    addAgent: (email, apiToken) => void agents.set(apiToken, email),
    revoke: (apiToken) => void agents.delete(apiToken),
  };
}
