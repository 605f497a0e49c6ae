import { z } from 'zod';
import { ChannelProviderError } from '../connector.js';

// A small client of the Viber REST bot API (https://developers.viber.com/docs/api/rest-bot-api/):
// every method is `POST <base>/pa/<method>` with a JSON body and the bot's token in
// `X-Viber-Auth-Token`; the answer is HTTP 200 with `{ status, status_message }`, status 0 for
// success and any other code for an error (the documented error codes below). No official
// Node.js client is maintained for it, so it is spoken by hand (docs/decisions.md).

const TIMEOUT_MS = 15_000;

/** Viber's error codes a later try can fix: 12 tooManyRequests (and HTTP 5xx or no answer). */
const RETRYABLE_STATUS = new Set([12]);

/** Documented names of Viber's status codes, for the admin's reading. */
export const VIBER_STATUS_NAMES: Readonly<Record<number, string>> = {
  1: 'invalidUrl',
  2: 'invalidAuthToken',
  3: 'badData',
  4: 'missingData',
  5: 'receiverNotRegistered',
  6: 'receiverNotSubscribed',
  7: 'publicAccountBlocked',
  8: 'publicAccountNotFound',
  9: 'publicAccountSuspended',
  10: 'webhookNotSet',
  11: 'receiverNoSuitableDevice',
  12: 'tooManyRequests',
  13: 'apiVersionNotSupported',
  14: 'incompatibleWithVersion',
};

const answerSchema = z.looseObject({ status: z.number().int(), status_message: z.string().default('') });

export class ViberBotApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call<T>(method: string, params: Record<string, unknown>, result: z.ZodType<T>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/pa/${method}`, {
        method: 'POST',
        body: JSON.stringify(params),
        headers: { 'content-type': 'application/json', 'x-viber-auth-token': this.token },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ChannelProviderError(`Viber could not be reached: ${(err as Error).message}`, true);
    }
    const answer = answerSchema.safeParse(await res.json().catch(() => null));
    // Viber answers its API errors with HTTP 200: any other status is the service's trouble.
    if (!answer.success || !res.ok) {
      throw new ChannelProviderError(
        `Viber answered ${method} with HTTP ${res.status}${answer.success ? '' : ' and no API answer'}.`,
        res.status === 429 || res.status >= 500,
      );
    }
    const { status, status_message: statusMessage } = answer.data;
    if (status !== 0) {
      const name = VIBER_STATUS_NAMES[status] ?? 'error';
      throw new ChannelProviderError(
        `Viber ${method}: ${status} ${name}${statusMessage && statusMessage !== name ? ` (${statusMessage})` : ''}`,
        RETRYABLE_STATUS.has(status),
      );
    }
    const parsed = result.safeParse(answer.data);
    if (!parsed.success) throw new ChannelProviderError(`Viber answered ${method} unexpectedly.`, false);
    return parsed.data;
  }

  /** Downloads a file Viber links in a message (`media`): a plain GET of its URL. */
  async download(url: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new ChannelProviderError(`Viber's file could not be reached: ${(err as Error).message}`, true);
    }
    if (!res.ok)
      throw new ChannelProviderError(
        `Viber file download: HTTP ${res.status}`,
        res.status === 429 || res.status >= 500,
      );
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
}
