// The requests index.html's early start sends before the app's code has come (early-start.ts),
// kept by URL on window until the app takes them. Both sides import this module: the early start
// is built on its own and inlined, so the two share only the window property. The calls the app
// sends early itself, with the session's headers, go through api-client's requestEarly instead:
// the inlined script cannot carry the API client.

declare global {
  interface Window {
    __convoEarly?: Map<string, Promise<Response>>;
  }
}

/** Sends a GET now; its response waits for takeEarly(url). */
export function startEarly(url: string, init?: RequestInit): void {
  const response = fetch(url, init);
  // Never taken (the app changed its mind) or taken later: a failure is the taker's to report.
  response.catch(() => undefined);
  window.__convoEarly ??= new Map();
  window.__convoEarly.set(url, response);
}

/**
 * The early response for `url`, once: a second asker (a retry, a refresh) fetches anew.
 * Undefined when the early start sent none.
 */
export function takeEarly(url: string): Promise<Response> | undefined {
  const requests = window.__convoEarly;
  const response = requests?.get(url);
  requests?.delete(url);
  return response;
}
