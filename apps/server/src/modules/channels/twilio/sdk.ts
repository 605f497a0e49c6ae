import twilio from 'twilio';
import { ChannelProviderError } from '../connector.js';

// What Twilio's channels share (WhatsApp through Twilio, Twilio Voice): Twilio's own SDK pointed
// at one base URL when a local server stands in for Twilio, its errors as channel errors, the
// X-Twilio-Signature check and downloads of Twilio-hosted files (media, recordings).

export const TWILIO_TIMEOUT_MS = 15_000;
const SIGNATURE_HEADER = 'x-twilio-signature';

/**
 * Twilio's SDK with every host (api.twilio.com, content.twilio.com…) sent to one base URL: the
 * SDK's own extension point, a custom httpClient, so a local server can stand in for Twilio.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: TWILIO_TIMEOUT_MS });
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    const original = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.baseUrl}${original.pathname}${original.search}` });
  }
}

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

/** `apiUrl`: every Twilio host goes there (a local fake); undefined: Twilio's own. */
export function twilioClientFactory(apiUrl: string | undefined) {
  return (credentials: TwilioCredentials) =>
    twilio(credentials.accountSid, credentials.authToken, {
      httpClient: apiUrl
        ? new BaseUrlRequestClient(apiUrl)
        : new twilio.RequestClient({ timeout: TWILIO_TIMEOUT_MS }),
    });
}

/** Twilio's error codes that say "later": 20429 too many requests; 30001 queue overflow. */
const RETRYABLE_CODES = new Set([20429, 30001]);

/** A failed SDK call as a channel error: outages, 429 and 5xx are retried; the rest are final. */
export function twilioProviderError(err: unknown): ChannelProviderError {
  if (err instanceof twilio.RestException) {
    const retryable = err.status === 429 || err.status >= 500 || RETRYABLE_CODES.has(err.code ?? 0);
    return new ChannelProviderError(`Twilio error ${err.code ?? err.status}: ${err.message}`, retryable);
  }
  return new ChannelProviderError(`Twilio could not be reached: ${(err as Error).message}`, true);
}

/**
 * Whether a form-encoded delivery carries X-Twilio-Signature for `url` (the exact URL Twilio was
 * given) and this auth token: Twilio's own check, constant-time and tolerant of the port Twilio
 * adds or drops in the URL.
 */
export function verifyTwilioSignature(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  authToken: string,
  url: string,
  rawBody: string,
): boolean {
  const signature = headers[SIGNATURE_HEADER];
  if (typeof signature !== 'string' || signature === '' || rawBody === '') return false;
  return twilio.validateRequest(authToken, signature, url, Object.fromEntries(new URLSearchParams(rawBody)));
}

/**
 * Downloads a file Twilio hosts on api.twilio.com (a message's media, a call's recording) with HTTP
 * basic auth; through the local server when one stands in for Twilio.
 */
export async function downloadTwilioFile(
  apiUrl: string | undefined,
  credentials: TwilioCredentials,
  url: string,
  what: string,
): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const parsed = new URL(url);
  const target = apiUrl ? `${apiUrl}${parsed.pathname}${parsed.search}` : url;
  let res: Response;
  try {
    res = await fetch(target, {
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`,
      },
      signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ChannelProviderError(`Twilio could not be reached: ${(err as Error).message}`, true);
  }
  if (!res.ok)
    throw new ChannelProviderError(
      `Twilio ${what} download: HTTP ${res.status}`,
      res.status === 429 || res.status >= 500,
    );
  return { bytes: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get('content-type') };
}
