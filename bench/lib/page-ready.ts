// Scripts a bench adds to a page (page.addInitScript) to time when its first meaningful content is
// drawn. Strings, not functions: the TypeScript runner would wrap a function in helpers the page
// does not have.

/** The /conversations list shows its first row. */
export const CONVERSATION_ROW_SHOWN = `() => document.querySelector('[data-testid="conversation-row"]') !== null`;

/**
 * Sets window.__readyAt to performance.now() (from the navigation's start) at the frame after
 * `ready` (a function's source) first holds, checked on every change to the document.
 */
export function readyAtScript(ready: string): string {
  return `(() => {
  const ready = ${ready};
  const check = () => {
    if (window.__readyAt !== undefined || !ready()) return;
    window.__readyAt = -1;
    observer.disconnect();
    requestAnimationFrame(() => { window.__readyAt = performance.now(); });
  };
  const observer = new MutationObserver(check);
  const start = () => observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
  if (document.documentElement) start(); else addEventListener('DOMContentLoaded', start);
})();`;
}
