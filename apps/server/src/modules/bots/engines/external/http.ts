import { OUTBOUND_FAILURE, outbound, outboundErrorIn } from '../../../../platform/outbound/index.js';
import { BotEngineError } from '../../engine.js';

// One JSON call to an external engine, through the server's outbound guard (a tenant's URL never
// reaches the server's own network unless OUTBOUND_ALLOW names it), with the provider's failure
// turned into a BotEngineError the admin can act on. The socket's own error is never shown: it
// could say what answered at an address the guard refused.

const MAX_RESPONSE_CHARS = 512 * 1024;

export interface JsonCall {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** JSON-encoded unless it is already a string (form bodies). */
  body?: unknown;
  signal: AbortSignal;
  /** The provider's name in error messages. */
  provider: string;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/** Turns a failed call into what the admin sees (and the runtime records as the bot's last error). */
export function callError(err: unknown, provider: string): BotEngineError {
  if (err instanceof BotEngineError) return err;
  if (isAbort(err)) return new BotEngineError('TIMEOUT', `${provider} did not answer in time.`);
  const refused = outboundErrorIn(err);
  return new BotEngineError('PROVIDER_ERROR', `${provider}: ${refused?.message ?? OUTBOUND_FAILURE}.`);
}

/** The provider's own error text, if its JSON error body has one (Google, IBM, AWS, custom). */
function providerMessage(json: unknown): string | null {
  if (typeof json !== 'object' || json === null) return null;
  const o = json as Record<string, unknown>;
  const nested = o.error;
  if (typeof nested === 'object' && nested !== null) {
    const m = (nested as Record<string, unknown>).message;
    if (typeof m === 'string') return m;
  }
  for (const key of ['error_description', 'message', 'error', 'errorMessage']) {
    if (typeof o[key] === 'string') return o[key] as string;
  }
  return null;
}

/** Maps an HTTP status to the engine error code the runtime and the emulator report. */
export function statusError(status: number, provider: string, detail: string | null): BotEngineError {
  const suffix = detail ? ` (${detail.slice(0, 200)})` : '';
  if (status === 401 || status === 403)
    return new BotEngineError(
      'INVALID_CREDENTIALS',
      `${provider} refused the credentials${suffix}. Check them on the bot integrations page.`,
    );
  if (status === 429) return new BotEngineError('RATE_LIMITED', `${provider} is rate limiting the bot.`);
  return new BotEngineError('PROVIDER_ERROR', `${provider} answered ${status}${suffix}.`);
}

export async function callJson(call: JsonCall): Promise<unknown> {
  let res: Response;
  let text: string;
  try {
    res = await outbound.fetch(call.url, {
      method: call.method ?? 'POST',
      headers: {
        accept: 'application/json',
        ...(call.body === undefined
          ? {}
          : {
              'content-type':
                typeof call.body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
            }),
        ...call.headers,
      },
      body:
        call.body === undefined
          ? undefined
          : typeof call.body === 'string'
            ? call.body
            : JSON.stringify(call.body),
      redirect: 'error',
      signal: call.signal,
    });
    text = await res.text();
  } catch (err) {
    throw callError(err, call.provider);
  }
  if (text.length > MAX_RESPONSE_CHARS)
    throw new BotEngineError('PROVIDER_ERROR', `${call.provider} answered too much.`);
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) throw statusError(res.status, call.provider, providerMessage(json));
  if (json === undefined) throw new BotEngineError('PROVIDER_ERROR', `${call.provider} did not answer JSON.`);
  return json;
}

/** The session id a provider keeps per conversation (the emulator has one per bot). */
export function sessionIdOf(botId: string, conversationId: number | undefined): string {
  return conversationId ? `convo-${conversationId}` : `emulator-${botId.slice(0, 8)}`;
}
