import { useEffect, useState } from 'react';

/** Runs `then` once the browser has nothing else to do (or after `timeout` ms at the latest). */
export function whenIdle(then: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, 50);
  return () => window.clearTimeout(id);
}

/**
 * False until the browser is first idle after mounting (or `timeout` ms have passed): work a page
 * does not need for its first content (a count in the tab's title, preferences read only when an
 * event comes) waits for it, instead of taking the main thread while that content is drawn.
 */
export function useIdle(timeout: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true), timeout)), [idle, timeout]);
  return idle;
}
