import { outbound, readBodyBounded } from '../../platform/outbound/index.js';

// Every call to a store's API: a deadline, a bounded body, and the store's refusal told apart from
// an outage. The store's answer is never trusted to be small or quick (a tenant picks the store).

/** A store call's deadline. */
export const STORE_TIMEOUT_MS = 8_000;
/** The largest answer read from a store (5 orders with their items is a few KB). */
export const STORE_MAX_BYTES = 1_000_000;

/** The store refused the token (401/403): expired, revoked or the app uninstalled. */
export class StoreAuthError extends Error {}
/** The store did not answer in time, answered 5xx/429, or with something unreadable. */
export class StoreUnavailableError extends Error {}

export interface StoreRequest {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
  /**
   * true: the host comes from the tenant (a Shopify shop's own domain) and goes through the
   * outbound guard; false: the operator's configured API base (BIGCOMMERCE_API_URL, a fake).
   */
  guarded: boolean;
}

/** JSON of a store call; null for 204/404 (nothing there). */
export async function storeJson(url: string, request: StoreRequest): Promise<unknown> {
  const doFetch = request.guarded ? outbound.fetch : globalThis.fetch;
  let res: Response;
  try {
    res = await doFetch(url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(STORE_TIMEOUT_MS),
    });
  } catch (err) {
    throw new StoreUnavailableError(err instanceof Error ? err.message : String(err));
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new StoreAuthError(`the store answered ${res.status}`);
  }
  if (res.status === 204 || res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new StoreUnavailableError(`the store answered ${res.status}`);
  }
  const text = await readBodyBounded(res, STORE_MAX_BYTES);
  if (text === null) throw new StoreUnavailableError('the store answered too much');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new StoreUnavailableError('the store answered something other than JSON');
  }
}
