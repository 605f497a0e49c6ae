import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../http/security-route-table.js';

/** One operation of the OpenAPI document the server builds, with its entry in the route table. */
export interface DocumentedOperation {
  method: string;
  /** As the document writes it: `/api/bots/{botId}`. */
  path: string;
  /** As the route table writes it: `/api/bots/:botId`. */
  url: string;
  /** Undefined when the document names a route the table never saw (a test reports it). */
  route: RouteEntry | undefined;
}

/** The keys of a path item that are operations (a path item may also hold `parameters`). */
const OPERATIONS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Every operation of the server's OpenAPI document, matched to the route table: the walk the
 * security tests share (privileges declared, and the policy against the spec's roles).
 */
export function documentedOperations(app: FastifyInstance): DocumentedOperation[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const table = app.routeTable.routes;
  return Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((m) => OPERATIONS.has(m))
      .map((m) => {
        const method = m.toUpperCase();
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        return { method, path, url, route: table.find((r) => r.method === method && r.url === url) };
      }),
  );
}
