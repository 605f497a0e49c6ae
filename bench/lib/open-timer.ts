import type { Locator } from '@playwright/test';

// The timer both inbox benches put in the page before the click on the big conversation:
// window.__openMs is the time from the click to the frame after the first visible message (visible,
// not just in the document: the list keeps its rows hidden until they are placed); window.__dataMs
// when the conversation's two API answers were in (from the click, negative when before it); the
// performance marks 'open-click' and 'open-visible' bound the span in a trace. A string: the
// TypeScript runner would wrap a function in helpers the page does not have.
// `keydown` instead of `click` times an open by the keyboard (j / k), from the key press.
export const openTimerScript = (event: 'click' | 'keydown') => `(() => {
  window.__openMs = 0;
  const armedAt = performance.now();
  let clickedAt = 0;
  // Messages already on screen (a conversation opened before, by the keyboard bench) do not count.
  const before = new Set(document.querySelectorAll('[data-testid="message"]'));
  document.addEventListener('${event}', (e) => { clickedAt = e.timeStamp; performance.mark('open-click'); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (!clickedAt) return;
    const shown = [...document.querySelectorAll('[data-testid="message"]')].some((m) =>
      !before.has(m) && m.checkVisibility({ visibilityProperty: true }),
    );
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      performance.mark('open-visible');
      // When the conversation's two API answers were in (asked for since the timer was set: the
      // pointer resting on the row may have asked before the click, and then this is negative).
      const answers = performance.getEntriesByType('resource').filter((r) =>
        (r.name.includes('group/v2/info') || r.name.includes('message/v3/list')) && r.startTime >= armedAt);
      window.__dataMs = Math.max(...answers.map((r) => r.responseEnd)) - clickedAt;
      window.__openMs = performance.now() - clickedAt;
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'data-positioned'] });
})()`;

export const OPEN_TIMER_SCRIPT = openTimerScript('click');

/**
 * How long the pointer rests on the row before the press (OPEN_POINTER_REST_MS). Playwright's click
 * moves the mouse and presses at once; an agent's pointer reaches the row, settles and then presses,
 * so the dashboard may start on the conversation then (hooks/use-open-intent.ts). 200 ms is short of
 * a hand's usual rest before a click; 0 times the click of a pointer that never rested there.
 */
export const POINTER_REST_MS = Number(process.env.OPEN_POINTER_REST_MS ?? 200);

/** Clicks as a hand does: the pointer comes to the target and rests POINTER_REST_MS first. */
export async function clickAfterRest(target: Locator): Promise<void> {
  await target.hover();
  await target.page().waitForTimeout(POINTER_REST_MS);
  await target.click();
}
