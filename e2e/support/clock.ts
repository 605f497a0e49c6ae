import type { Page } from '@playwright/test';

const FIVE_WEEKS_MS = 35 * 86_400_000;

/**
 * Puts the page's clock five weeks back, so that its "Last week" lies before anything the demo or
 * the suite created, whatever day the suite runs: a run that seeded the demo on a Sunday and reached
 * a "last week is empty" step on the Monday found the demo in it.
 */
export async function clockBeforeTheDemo(page: Page): Promise<void> {
  await page.clock.setFixedTime(Date.now() - FIVE_WEEKS_MS);
}
