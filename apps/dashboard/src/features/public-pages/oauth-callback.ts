// What an OAuth authorization-code callback carries (RFC 6749 §4.1.2), as a pure reading.

/** The message the callback page posts to the window that opened it (same origin only). */
export const DIALOGFLOW_CALLBACK_MESSAGE = 'convo:dialogflow-callback';

export type OAuthCallback =
  | { kind: 'code'; code: string; state: string | null }
  | { kind: 'error'; error: string; description: string | null }
  | { kind: 'empty' };

export function parseOAuthCallback(search: string): OAuthCallback {
  const params = new URLSearchParams(search);
  const read = (name: string) => {
    const value = params.get(name)?.trim();
    return value ? value : null;
  };
  const error = read('error');
  if (error !== null) return { kind: 'error', error, description: read('error_description') };
  const code = read('code');
  if (code !== null) return { kind: 'code', code, state: read('state') };
  return { kind: 'empty' };
}
