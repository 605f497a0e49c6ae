import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The suite's `test`: a browser context a test opens itself (`browser.newContext`, `logIn`) and
 * leaves open is closed when the test ends. Left open, its pages went on polling and reconnecting
 * to servers long gone in the worker's browser, and slowed every test after them: when
 * email-fallback timed out in CI, thirteen pages of earlier tests were still open beside it.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close().catch(() => {})),
      );
    },
    { auto: true },
  ],
});
