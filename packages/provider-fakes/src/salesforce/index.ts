import { randomBytes } from 'node:crypto';
import { type BotFakeServer, startBotFake } from '../shared/bot-fake.js';
import { isRecord, writeJson } from '../shared/fake-server.js';

// Salesforce's REST API as documented (developer.salesforce.com/docs/atlas.en-us.api_rest):
// `POST /services/oauth2/token` (grant_type=client_credentials, form-encoded) → `{ access_token,
// instance_url, token_type }`; with `Authorization: Bearer`: `GET /services/data/vXX.X/query?q=`
// (the SOQL this fake understands: `SELECT … FROM Contact|Task [WHERE Field = 'value'] [LIMIT n]`),
// `POST …/sobjects/Contact` (LastName required) and `…/sobjects/Task` → 201 `{ id, success, errors }`,
// `PATCH …/sobjects/Contact/{id}` → 204. Errors are arrays `[{ message, errorCode }]`: 401
// INVALID_SESSION_ID, 400 REQUIRED_FIELD_MISSING / MALFORMED_QUERY. Each org keeps its own records.

export interface FakeSalesforceRecord {
  Id: string;
  fields: Record<string, string>;
}

export interface FakeSalesforceOrg {
  contacts: FakeSalesforceRecord[];
  tasks: FakeSalesforceRecord[];
}

export interface FakeSalesforce extends BotFakeServer {
  /** An org reached with this access token. */
  addOrg(accessToken: string): FakeSalesforceOrg;
  /** An org whose connected app signs in with these client credentials (client credentials flow). */
  addConnectedApp(clientId: string, clientSecret: string): FakeSalesforceOrg;
  /** Every token of the org stops working (session revoked); the client credentials keep working unless `app`. */
  revoke(accessToken: string): void;
  revokeApp(clientId: string): void;
  /** The sessions the connected app was given end (as Salesforce's session timeout does); its credentials still sign in. */
  expireSessions(clientId: string): void;
  /** How many access tokens the token endpoint has issued. */
  readonly tokensIssued: number;
}

const DATA = /^\/services\/data\/v\d+\.\d+(\/.*)$/;
const SOQL =
  /^SELECT\s+([\w\s,]+)\s+FROM\s+(Contact|Task)(?:\s+WHERE\s+(\w+)\s*=\s*'((?:[^'\\]|\\.)*)')?(?:\s+LIMIT\s+(\d+))?\s*$/i;

let counter = 0;
const sfId = (prefix: string) => `${prefix}5g00000${String(++counter).padStart(8, '0')}AAA`;

export async function startFakeSalesforce(options: { port?: number } = {}): Promise<FakeSalesforce> {
  const tokens = new Map<string, FakeSalesforceOrg>();
  const apps = new Map<string, { secret: string; org: FakeSalesforceOrg }>();
  let tokensIssued = 0;
  const err = (message: string, errorCode: string, fields?: string[]) => [
    { message, errorCode, ...(fields ? { fields } : {}) },
  ];
  const server = await startBotFake(options.port, (call, res) => {
    const base = `http://${String(call.headers.host)}`;
    if (call.method === 'POST' && call.path === '/services/oauth2/token') {
      const form = new URLSearchParams(call.rawBody);
      if (form.get('grant_type') !== 'client_credentials')
        return writeJson(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'grant type not supported',
        });
      const app = apps.get(form.get('client_id') ?? '');
      if (!app || app.secret !== form.get('client_secret'))
        return writeJson(res, 400, {
          error: 'invalid_client',
          error_description: 'invalid client credentials',
        });
      const token = `00D!${randomBytes(12).toString('hex')}`;
      tokens.set(token, app.org);
      tokensIssued++;
      return writeJson(res, 200, {
        access_token: token,
        instance_url: base,
        id: `${base}/id/00D000000000001/005000000000001`,
        token_type: 'Bearer',
        issued_at: String(Date.now()),
        signature: randomBytes(8).toString('base64'),
      });
    }
    const auth = String(call.headers.authorization ?? '');
    const org = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
    if (!org) return writeJson(res, 401, err('Session expired or invalid', 'INVALID_SESSION_ID'));
    const m = DATA.exec(call.path);
    const rest = m?.[1] ?? '';
    const body = isRecord(call.body) ? call.body : {};
    const fieldsOf = () => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) out[k] = String(v);
      return out;
    };

    if (call.method === 'GET' && rest === '/query') {
      const q = SOQL.exec((call.query.q ?? '').trim());
      if (!q) return writeJson(res, 400, err('unexpected token in query', 'MALFORMED_QUERY'));
      const [, select, object, field, value, limit] = q;
      const table = object?.toLowerCase() === 'contact' ? org.contacts : org.tasks;
      const wanted = (value ?? '').replace(/\\(.)/g, '$1').toLowerCase();
      const found = table
        .filter((r) => !field || (field === 'Id' ? r.Id : (r.fields[field] ?? '')).toLowerCase() === wanted)
        .slice(0, limit ? Number(limit) : undefined);
      const columns = (select ?? '').split(',').map((c) => c.trim());
      return writeJson(res, 200, {
        totalSize: found.length,
        done: true,
        records: found.map((r) => ({
          attributes: { type: object, url: `/services/data/v60.0/sobjects/${object}/${r.Id}` },
          ...Object.fromEntries(columns.map((c) => [c, c === 'Id' ? r.Id : (r.fields[c] ?? null)])),
        })),
      });
    }
    if (call.method === 'POST' && rest === '/sobjects/Contact') {
      const fields = fieldsOf();
      if (!fields.LastName)
        return writeJson(
          res,
          400,
          err('Required fields are missing: [LastName]', 'REQUIRED_FIELD_MISSING', ['LastName']),
        );
      const record = { Id: sfId('003'), fields };
      org.contacts.push(record);
      return writeJson(res, 201, { id: record.Id, success: true, errors: [] });
    }
    const contact = /^\/sobjects\/Contact\/(\w+)$/.exec(rest);
    if (call.method === 'PATCH' && contact) {
      const record = org.contacts.find((r) => r.Id === contact[1]);
      if (!record) return writeJson(res, 404, err('The requested resource does not exist', 'NOT_FOUND'));
      Object.assign(record.fields, fieldsOf());
      res.writeHead(204).end();
      return;
    }
    if (call.method === 'POST' && rest === '/sobjects/Task') {
      const fields = fieldsOf();
      if (fields.WhoId && !org.contacts.some((r) => r.Id === fields.WhoId))
        return writeJson(
          res,
          400,
          err('Who ID: id value of incorrect type', 'FIELD_INTEGRITY_EXCEPTION', ['WhoId']),
        );
      const record = { Id: sfId('00T'), fields };
      org.tasks.push(record);
      return writeJson(res, 201, { id: record.Id, success: true, errors: [] });
    }
    return writeJson(res, 404, err('The requested resource does not exist', 'NOT_FOUND'));
  });
  const newOrg = (): FakeSalesforceOrg => ({ contacts: [], tasks: [] });
  return {
    ...server,
    addOrg(accessToken) {
      const org = newOrg();
      tokens.set(accessToken, org);
      return org;
    },
    addConnectedApp(clientId, clientSecret) {
      const org = newOrg();
      apps.set(clientId, { secret: clientSecret, org });
      return org;
    },
    revoke: (accessToken) => void tokens.delete(accessToken),
    revokeApp(clientId) {
      const app = apps.get(clientId);
      apps.delete(clientId);
      for (const [t, o] of tokens) if (o === app?.org) tokens.delete(t);
    },
    expireSessions(clientId) {
      const app = apps.get(clientId);
      for (const [t, o] of tokens) if (o === app?.org) tokens.delete(t);
    },
    get tokensIssued() {
      return tokensIssued;
    },
  };
}
