import { type BotFakeServer, startBotFake } from '../shared/bot-fake.js';
import { isRecord, writeJson } from '../shared/fake-server.js';

// HubSpot's CRM v3 API as documented (developers.hubspot.com/docs/api/crm): a private app's token
// as `Authorization: Bearer`; contacts at `/crm/v3/objects/contacts` (list, create, PATCH by id,
// `POST …/search` with filterGroups), notes at `/crm/v3/objects/notes` with `associations` (note
// to contact: HUBSPOT_DEFINED type 202). Errors `{ status: "error", message, category }`: 401
// INVALID_AUTHENTICATION, 409 CONFLICT ("Contact already exists. Existing ID: …"), 400 VALIDATION_ERROR.
// Each token is a portal of its own: one portal never sees another's records.

export interface FakeHubSpotRecord {
  id: string;
  properties: Record<string, string>;
  associations: { toId: string; typeId: number }[];
  createdAt: string;
  updatedAt: string;
}

export interface FakeHubSpotPortal {
  contacts: FakeHubSpotRecord[];
  notes: FakeHubSpotRecord[];
}

export interface FakeHubSpot extends BotFakeServer {
  /** A portal whose private app has this token; its records. */
  addPortal(token: string): FakeHubSpotPortal;
  revoke(token: string): void;
}

const CONTACT = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/;
export const HUBSPOT_NOTE_TO_CONTACT = 202;

const propsOf = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (isRecord(v))
    for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = String(x);
  return out;
};

export async function startFakeHubSpot(options: { port?: number } = {}): Promise<FakeHubSpot> {
  const portals = new Map<string, FakeHubSpotPortal>();
  let nextId = 51;
  const now = () => new Date().toISOString();
  const shown = (r: FakeHubSpotRecord) => ({
    id: r.id,
    properties: { ...r.properties, hs_object_id: r.id },
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    archived: false,
  });
  const server = await startBotFake(options.port, (call, res) => {
    const auth = String(call.headers.authorization ?? '');
    const portal = auth.startsWith('Bearer ') ? portals.get(auth.slice(7)) : undefined;
    if (!portal)
      return writeJson(res, 401, {
        status: 'error',
        message: 'Authentication credentials not found.',
        category: 'INVALID_AUTHENTICATION',
      });
    const invalid = (message: string) =>
      writeJson(res, 400, { status: 'error', message, category: 'VALIDATION_ERROR' });
    const body = isRecord(call.body) ? call.body : {};

    if (call.method === 'GET' && call.path === '/crm/v3/objects/contacts') {
      const limit = Math.min(100, Number(call.query.limit ?? 10) || 10);
      return writeJson(res, 200, { results: portal.contacts.slice(0, limit).map(shown) });
    }
    if (call.method === 'POST' && call.path === '/crm/v3/objects/contacts/search') {
      const groups = Array.isArray(body.filterGroups) ? body.filterGroups : [];
      const matches = portal.contacts.filter((c) =>
        groups.some(
          (g) =>
            isRecord(g) &&
            Array.isArray(g.filters) &&
            g.filters.every(
              (f) =>
                isRecord(f) &&
                f.operator === 'EQ' &&
                typeof f.propertyName === 'string' &&
                (c.properties[f.propertyName] ?? '').toLowerCase() === String(f.value).toLowerCase(),
            ),
        ),
      );
      return writeJson(res, 200, { total: matches.length, results: matches.map(shown) });
    }
    if (call.method === 'POST' && call.path === '/crm/v3/objects/contacts') {
      const properties = propsOf(body.properties);
      const email = properties.email?.toLowerCase();
      const existing = email && portal.contacts.find((c) => c.properties.email?.toLowerCase() === email);
      if (existing)
        return writeJson(res, 409, {
          status: 'error',
          message: `Contact already exists. Existing ID: ${existing.id}`,
          category: 'CONFLICT',
        });
      const record = {
        id: String(nextId++),
        properties,
        associations: [],
        createdAt: now(),
        updatedAt: now(),
      };
      portal.contacts.push(record);
      return writeJson(res, 201, shown(record));
    }
    const m = CONTACT.exec(call.path);
    if (m && call.method === 'PATCH') {
      const record = portal.contacts.find((c) => c.id === m[1]);
      if (!record)
        return writeJson(res, 404, {
          status: 'error',
          message: 'resource not found',
          category: 'OBJECT_NOT_FOUND',
        });
      Object.assign(record.properties, propsOf(body.properties));
      record.updatedAt = now();
      return writeJson(res, 200, shown(record));
    }
    if (call.method === 'POST' && call.path === '/crm/v3/objects/notes') {
      const properties = propsOf(body.properties);
      if (!properties.hs_timestamp)
        return invalid('Property values were not valid: hs_timestamp is required');
      const associations: FakeHubSpotRecord['associations'] = [];
      for (const a of Array.isArray(body.associations) ? body.associations : []) {
        const to = isRecord(a) && isRecord(a.to) ? String(a.to.id) : '';
        const type =
          isRecord(a) && Array.isArray(a.types) && isRecord(a.types[0])
            ? Number(a.types[0].associationTypeId)
            : 0;
        if (!portal.contacts.some((c) => c.id === to)) return invalid(`No contact with id ${to}`);
        associations.push({ toId: to, typeId: type });
      }
      const record = { id: String(nextId++), properties, associations, createdAt: now(), updatedAt: now() };
      portal.notes.push(record);
      return writeJson(res, 201, shown(record));
    }
    return writeJson(res, 404, { status: 'error', message: 'Not found', category: 'OBJECT_NOT_FOUND' });
  });
  return {
    ...server,
    addPortal(token) {
      const portal: FakeHubSpotPortal = { contacts: [], notes: [] };
      portals.set(token, portal);
      return portal;
    },
    revoke: (token) => void portals.delete(token),
  };
}
