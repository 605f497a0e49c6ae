import { groupNotesPath, MESSAGING_PATHS, WEBHOOK_PATHS } from '@convo/api';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../http/security-route-table.js';
import { fillPath, harvest, sampleFor } from '../http/security-samples.js';
import { ATTACHMENT_PATHS } from '../modules/attachments/routes.js';
import { multipart } from '../modules/attachments/test-harness.js';
import { newVisitor, type Tenant } from './messaging-fixtures.js';
import type { TestApp } from './test-app.js';

// Shared by the security tests: a tenant with one of each resource, its ids harvested from its
// own answers, and a request for any route built from the route's schemas and those ids.

export type Headers = Record<string, string>;

/** Field names whose values are references (ids, keys, user names), not content. */
export const ID_LIKE = /(^id|Id|Ids|^key|Key|Keys|userName)$/;

export const bearer = (token: string): Headers => ({
  authorization: `Bearer ${token}`,
  'x-authorization': token,
});
export const tokenOf = (tenant: Tenant) => tenant.admin['x-authorization']!;

/**
 * A request for the route: the tenant's ids where field names match (the `pick`-th that fits),
 * values the route's zod schemas accept elsewhere.
 */
export function buildRequest(
  route: RouteEntry,
  headers: Headers,
  ids: ReadonlyMap<string, readonly unknown[]>,
  pick = 0,
): InjectOptions {
  const values = new Map<string, readonly unknown[]>();
  for (const [name, list] of ids) if (ID_LIKE.test(name)) values.set(name, list);
  const bag = { values, pick };
  const params = (sampleFor(route.schema.params, bag, true) ?? {}) as Record<string, unknown>;
  for (const m of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const name = m[1]!;
    if (params[name] === undefined) params[name] = values.get(name)?.[0] ?? 'x';
  }
  const query = sampleFor(route.schema.querystring, bag, true);
  const body = sampleFor(route.schema.body, bag);
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: fillPath(route.url, params),
    headers,
  };
  if (query) options.query = query as Record<string, string>;
  if (body !== undefined) options.payload = body as InjectOptions['payload'];
  else if (!['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method)) options.payload = {};
  return options;
}

/**
 * One of each resource for the tenant, each carrying `text`: a visitor's conversation and
 * message, a note, a team, a webhook, a file. Returns the visitor and the tenant's ids, harvested
 * from these answers and from the tenant's own answers to every parameterless GET.
 */
export async function plantResources(
  t: TestApp,
  tenant: Tenant,
  routes: readonly RouteEntry[],
  text: string,
) {
  const call = (options: InjectOptions) => t.app.inject(options);
  const expectOk = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  };
  const visitor = await newVisitor(t, tenant);
  const group = await call({
    method: 'POST',
    url: MESSAGING_PATHS.groupCreateV21,
    headers: visitor.headers,
    payload: { groupName: `${text} group`, type: 10 },
  });
  expectOk(group, 'conversation');
  const groupId = group.json().response.id as number;
  const writes: [string, InjectOptions][] = [
    [
      'message',
      {
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers: visitor.headers,
        payload: { key: `${text}-k`, message: `${text} message`, groupId },
      },
    ],
    [
      'note',
      {
        method: 'POST',
        url: groupNotesPath(groupId),
        headers: tenant.admin,
        payload: { body: `${text} note` },
      },
    ],
    [
      'team',
      {
        method: 'POST',
        url: '/rest/ws/team/create',
        headers: tenant.admin,
        payload: { teamName: `${text} team` },
      },
    ],
    [
      'webhook',
      {
        method: 'POST',
        url: WEBHOOK_PATHS.create,
        headers: bearer(tokenOf(tenant)),
        payload: { url: `https://example.com/${text}` },
      },
    ],
  ];
  for (const [what, options] of writes) expectOk(await call(options), what);
  const file = multipart([{ filename: `${text}.txt`, contentType: 'text/plain', data: Buffer.from(text) }]);
  const upload = await call({
    method: 'POST',
    url: ATTACHMENT_PATHS.uploadFile,
    headers: { ...visitor.headers, ...file.headers },
    payload: file.payload,
  });
  expectOk(upload, 'file');

  const ids = new Map<string, unknown[]>();
  harvest({ groupId, applicationId: tenant.applicationId }, ids);
  harvest(upload.json(), ids);
  for (const route of routes) {
    if (route.isPublic || route.method !== 'GET' || route.url.includes(':')) continue;
    const res = await call(buildRequest(route, bearer(tokenOf(tenant)), ids));
    if (res.statusCode === 200 && String(res.headers['content-type']).includes('json'))
      harvest(res.json(), ids);
  }
  ids.set('applicationId', [tenant.applicationId]);
  return { visitor, groupId, ids };
}
