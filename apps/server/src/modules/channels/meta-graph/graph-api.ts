import { z } from 'zod';
import { ChannelProviderError } from '../connector.js';

// A small client of Meta's Graph API (https://developers.facebook.com/docs/graph-api), shared by
// WhatsApp Cloud API, Messenger and Instagram: `<base>/<version>/<node>[/<edge>]`, a bearer
// access token, JSON or multipart bodies; failures answer
// `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`.
// No official Node client covers these three products (decisions.md): the wire format by hand.

export const GRAPH_API_VERSION = 'v21.0';
const TIMEOUT_MS = 15_000;

export const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().default(''),
    type: z.string().optional(),
    code: z.number().int().optional(),
    error_subcode: z.number().int().optional(),
    error_data: z.object({ details: z.string().optional() }).passthrough().optional(),
  }),
});

/**
 * Codes Meta documents as temporary: 1/2 unknown error and service unavailable, 4/17/32/613/80007
 * and 130429 rate limits, 131016 service overloaded. Everything else (190 invalid token, 100 bad
 * parameter, 10/200 permissions, 131047 re-engagement window, 131026 undeliverable) is final.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 613, 80007, 130429, 131016]);
/** Whether a Graph API failure is worth retrying (also 360dialog's, which proxies the Cloud API). */
export const isRetryable = (status: number, code: number | undefined) =>
  status === 429 || status >= 500 || (code !== undefined && RETRYABLE_CODES.has(code));

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string>;
  json?: Record<string, unknown>;
  form?: FormData;
}

export class MetaGraphApi {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  private url(path: string, query: Record<string, string> = {}) {
    const url = new URL(`${this.baseUrl}/${GRAPH_API_VERSION}/${path.replace(/^\//, '')}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  private async fetchOrThrow(url: string | URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          // No token: the OAuth endpoints, which take the app's credentials in the query.
          ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ChannelProviderError(`Meta could not be reached: ${(err as Error).message}`, true);
    }
  }

  async call<T>(path: string, request: GraphRequest, result: z.ZodType<T>): Promise<T> {
    const method = request.method ?? (request.json || request.form ? 'POST' : 'GET');
    const res = await this.fetchOrThrow(this.url(path, request.query), {
      method,
      ...(request.form
        ? { body: request.form }
        : request.json
          ? { body: JSON.stringify(request.json), headers: { 'content-type': 'application/json' } }
          : {}),
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const failure = graphErrorSchema.safeParse(body);
      if (!failure.success)
        throw new ChannelProviderError(
          `Meta answered HTTP ${res.status}.`,
          isRetryable(res.status, undefined),
        );
      const { message, code, error_data: data } = failure.data.error;
      const details = data?.details ? ` (${data.details})` : '';
      throw new ChannelProviderError(
        `Meta error ${code ?? res.status}: ${message}${details}`,
        isRetryable(res.status, code),
      );
    }
    const parsed = result.safeParse(body);
    if (!parsed.success)
      throw new ChannelProviderError(`Meta answered ${path} with an unexpected result.`, false);
    return parsed.data;
  }

  /** Downloads a file: WhatsApp's media URLs need the token, Messenger's CDN URLs take it harmlessly. */
  async download(url: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    const res = await this.fetchOrThrow(url, {});
    if (!res.ok)
      throw new ChannelProviderError(
        `Meta media download: HTTP ${res.status}`,
        isRetryable(res.status, undefined),
      );
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
}

/** `{ success: true }`, as subscribe and unsubscribe answer. */
export const graphSuccessSchema = z.object({ success: z.literal(true) });
