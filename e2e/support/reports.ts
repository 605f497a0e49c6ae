import { readFileSync } from 'node:fs';
import { ANALYTICS_PATHS } from '@convo/api';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * On /reports, asks for the conversations report of the range on screen and downloads it once the
 * worker has made it. The row is found by the new report's id: an older report (another spec's, an
 * earlier attempt's) is listed too, and may be first until the list is asked again.
 */
export async function downloadConversationReport(page: Page): Promise<{ row: Locator; lines: string[] }> {
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === ANALYTICS_PATHS.reports,
  );
  await page.getByTestId('report-conversations').click();
  const { id } = ((await (await created).json()) as { data: { id: string | number } }).data;
  const row = page.locator(`[data-testid="report-row"][data-report-id="${id}"]`);
  await expect(row).toContainText('Conversations');
  await expect(row.getByText(/\d+ rows/)).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^conversations-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path()) ?? '', 'utf8')
    .trim()
    .split('\r\n');
  return { row, lines };
}
