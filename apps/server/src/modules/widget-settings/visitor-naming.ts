// The naming an end user's view applies (the widget's agent pseudonym setting and the company
// name), kept per application so a visitor's responses and frames cost no database read. A save
// on this node forgets it at once; other nodes see the change within the TTL.
import type { PublicNaming } from '@convo/domain';
import { TtlCache } from '../../platform/ttl-cache.js';

export type VisitorNaming = PublicNaming;

export const VISITOR_NAMING_TTL_MS = 10_000;

const cache = new TtlCache<VisitorNaming>({ ttlMs: VISITOR_NAMING_TTL_MS, maxEntries: 10_000 });

export async function cachedVisitorNaming(
  applicationId: string,
  load: () => Promise<VisitorNaming>,
): Promise<VisitorNaming> {
  return (await cache.getOrCompute(applicationId, load)).value;
}

/** Called after the widget settings or the company name of the application changed. */
export function forgetVisitorNaming(applicationId: string): void {
  cache.delete(applicationId);
}
