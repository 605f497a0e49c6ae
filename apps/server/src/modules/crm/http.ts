import { outbound, outboundErrorIn, readBodyBounded } from '../../platform/outbound/index.js';

// One bounded JSON call to a provider. Every call has a deadline; the answers are read only up to a
// size; what a tenant is told names the provider's reason, never a socket error. Tenant-chosen
// addresses (the Zendesk site, the Salesforce instance) go through the outbound guard.

/** The provider refused the credentials (401/403): the integration needs to be reconnected. */
export class CrmAuthError extends Error {
  override name = 'CrmAuthError';
}

/** The provider failed, timed out or could not be reached: worth trying again later. */
export class CrmUnavailableError extends Error {
  override name = 'CrmUnavailableError';
}

/** The provider refused the request itself (4xx): trying again would not help. */
export class CrmRejectedError extends Error {
  override name = 'CrmRejectedError';
}

const MAX_ANSWER_BYTES = 1024 * 1024;

export interface CrmHttp {
  /** JSON in, JSON out; `form`: an application/x-www-form-urlencoded body instead. */
  call(
    url: string,
    init: {
      method?: string;
      headers?: Record<string, string>;
      json?: unknown;
      form?: Record<string, string>;
      /** What names the provider in errors ("Zendesk"). */
      provider: string;
    },
  ): Promise<{ status: number; body: unknown }>;
}

export interface CrmHttpOptions {
  timeoutMs: number;
  /** The guarded fetch by default; tests may pass another. */
  fetch?: typeof fetch | undefined;
}

/** The provider's own words for a refusal, from the error shapes the three providers use. */
export function providerMessage(body: unknown): string | null {
  const first = Array.isArray(body) ? body[0] : body;
  if (!first || typeof first !== 'object') return null;
  const o = first as Record<string, unknown>;
  for (const key of ['message', 'description', 'error_description', 'error']) {
    const v = o[key];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 300);
  }
  return null;
}

export function createCrmHttp(options: CrmHttpOptions): CrmHttp {
  const doFetch = options.fetch ?? outbound.fetch;
  return {
    async call(url, init) {
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      let body: string | undefined;
      if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      } else if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      }
      let res: Response;
      let text: string;
      try {
        res = await doFetch(url, {
          method: init.method ?? 'GET',
          headers,
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const read = await readBodyBounded(res, MAX_ANSWER_BYTES);
        if (read === null) throw new CrmUnavailableError('The provider answered with more than 1 MB.');
        text = read;
      } catch (err) {
        if (err instanceof CrmUnavailableError) throw err;
        if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
          throw new CrmUnavailableError(
            `${init.provider} did not answer within ${options.timeoutMs / 1000} s.`,
          );
        const refused = outboundErrorIn(err);
        throw new CrmUnavailableError(
          refused?.reason === 'refused'
            ? `The ${init.provider} address is on a private or reserved network.`
            : `Could not reach ${init.provider}.`,
        );
      }
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (res.status === 401 || res.status === 403)
        throw new CrmAuthError(
          `${init.provider} refused the credentials${providerMessage(parsed) ? `: ${providerMessage(parsed)}` : '.'}`,
        );
      if (res.status === 429 || res.status >= 500)
        throw new CrmUnavailableError(`${init.provider} is unavailable (HTTP ${res.status}).`);
      return { status: res.status, body: parsed };
    },
  };
}

/** A 2xx answer's body, or the provider's refusal as an error. */
export function expectOk(provider: string, answer: { status: number; body: unknown }): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw new CrmRejectedError(
    `${provider} refused the request${providerMessage(answer.body) ? `: ${providerMessage(answer.body)}` : ` (HTTP ${answer.status}).`}`,
  );
}
