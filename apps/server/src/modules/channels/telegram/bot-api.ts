import { z } from 'zod';
import { ChannelProviderError } from '../connector.js';

// A small client of the Telegram Bot API (https://core.telegram.org/bots/api): every method is
// `POST <base>/bot<token>/<method>` with JSON or multipart parameters, answering
// `{ ok: true, result }` or `{ ok: false, error_code, description }`.

const TIMEOUT_MS = 15_000;

const answerSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error_code: z.number().int(), description: z.string().default('') }),
]);

/** 429 and 5xx are the provider's trouble (try again); other 4xx are ours (bad token, blocked chat). */
const isRetryable = (status: number) => status === 429 || status >= 500;

export class TelegramBotApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call<T>(
    method: string,
    params: Record<string, unknown> | FormData,
    result: z.ZodType<T>,
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/bot${this.token}/${method}`, {
        method: 'POST',
        ...(params instanceof FormData
          ? { body: params }
          : { body: JSON.stringify(params), headers: { 'content-type': 'application/json' } }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ChannelProviderError(`Telegram could not be reached: ${(err as Error).message}`, true);
    }
    const answer = answerSchema.safeParse(await res.json().catch(() => null));
    if (!answer.success) {
      throw new ChannelProviderError(
        `Telegram answered ${method} with HTTP ${res.status} and no Bot API answer.`,
        isRetryable(res.status),
      );
    }
    if (!answer.data.ok) {
      const { error_code: code, description } = answer.data;
      throw new ChannelProviderError(`Telegram ${method}: ${code} ${description}`.trim(), isRetryable(code));
    }
    const parsed = result.safeParse(answer.data.result);
    if (!parsed.success)
      throw new ChannelProviderError(`Telegram answered ${method} with an unexpected result.`, false);
    return parsed.data;
  }

  /** Downloads a file by the `file_path` getFile gave (`<base>/file/bot<token>/<path>`). */
  async download(filePath: string): Promise<Uint8Array> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/file/bot${this.token}/${filePath}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ChannelProviderError(`Telegram could not be reached: ${(err as Error).message}`, true);
    }
    if (!res.ok)
      throw new ChannelProviderError(`Telegram file download: HTTP ${res.status}`, isRetryable(res.status));
    return new Uint8Array(await res.arrayBuffer());
  }
}
