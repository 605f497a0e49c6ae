import { clockBeforeTheDemo } from './support/clock';
import { downloadConversationReport } from './support/reports';
import { expect, type Page, test } from './support/test';

// /reports on screen (issue 40 item 3) as the demo owner uses it: the figures of the demo's
// conversations (all seeded today) as totals, a chart and a table for each report, chosen with
// the keyboard; the CSV export beside them still downloads; and the same at a phone's width, where
// the table scrolls in its own box and the page never sideways.

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A number as the table shows it ("1,234") as a number. */
const numberOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function conversationsFigures(page: Page) {
  const panel = page.getByTestId('report-figures-conversations');
  const newTotal = panel.getByTestId('report-total-newConversations').getByTestId('report-total-value');
  // The demo seeds 30 conversations at start; other specs may have added some.
  await expect(newTotal).toHaveText(/\d/, { timeout: 20_000 });
  const total = numberOf((await newTotal.textContent()) ?? '');
  expect(total).toBeGreaterThanOrEqual(30);
  await expect(panel.locator('[data-chart="bars"] [data-bar]').first()).toBeVisible();
  const table = panel.getByTestId('report-table');
  await expect(table).toBeVisible();
  // One row a day of the range; the new conversations of the days add up to the total.
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[0]?.textContent ?? '0'));
  expect(cells.length).toBeGreaterThanOrEqual(7);
  expect(cells.map(numberOf).reduce((a, b) => a + b, 0)).toBe(total);
  return total;
}

test('the owner reads each report’s figures on /reports and downloads the CSV beside them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  let total = 0;

  await test.step('conversations: totals, a chart and a table of the demo’s figures', async () => {
    total = await conversationsFigures(page);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  await test.step('the keyboard moves to the channels report: one row a channel', async () => {
    await page.getByRole('tab', { name: 'Conversations' }).focus();
    await page.keyboard.press('ArrowRight'); // Agents
    await page.keyboard.press('ArrowRight'); // Teams
    await page.keyboard.press('ArrowRight'); // CSAT
    await page.keyboard.press('ArrowRight'); // Channels
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Channels' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByTestId('report-figures-channels');
    const table = panel.getByTestId('report-table');
    await expect(table).toBeVisible({ timeout: 20_000 });
    await expect(table.getByRole('columnheader', { name: 'Channel' })).toBeVisible();
    await expect(panel.locator('[data-chart="bars"] [data-bar]').first()).toBeVisible();
    const channelTotal = panel.getByTestId('report-total-newConversations').getByTestId('report-total-value');
    await expect(channelTotal).toHaveText(String(total));
  });

  await test.step('agents: the demo’s agents with their figures', async () => {
    await page.getByRole('tab', { name: 'Agents' }).click();
    const table = page.getByTestId('report-figures-agents').getByTestId('report-table');
    await expect(table).toBeVisible({ timeout: 20_000 });
    await expect(table.getByRole('columnheader', { name: 'Agent' })).toBeVisible();
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
  });

  await test.step('the conversation CSV beside the figures still downloads', async () => {
    await page.getByRole('tab', { name: 'Conversations' }).click();
    const { lines } = await downloadConversationReport(page);
    expect(lines[0]?.startsWith('conversationId,name,customer,assignee')).toBe(true);
    // The file and the screen count the same conversations.
    expect(lines.length - 1).toBe(total);
  });

  await test.step('a week before the demo was seeded: the empty state', async () => {
    await clockBeforeTheDemo(page);
    await page.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: 'Last week' }).click();
    await expect(page.getByTestId('report-figures-empty')).toBeVisible({ timeout: 20_000 });
  });
});

test('at a phone’s width the chart fits and the table scrolls in its own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await conversationsFigures(page);
  const chart = page.getByTestId('report-figures-conversations').locator('[data-chart="bars"]');
  const box = await chart.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // The table is wider than the phone: its own box scrolls, the page does not.
  const table = page.getByTestId('report-figures-conversations').getByTestId('report-table');
  const scroller = table.locator('xpath=..');
  const inner = await scroller.evaluate((el) => {
    let box: HTMLElement | null = el as HTMLElement;
    while (box && box.scrollWidth <= box.clientWidth) box = box.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
  expect(inner).toBeGreaterThan(0);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Bots' }).click();
  await expect(
    page
      .getByTestId('report-figures-bots')
      .getByTestId('report-table')
      .or(page.getByTestId('report-figures-bots').getByTestId('report-figures-empty')),
  ).toBeVisible({ timeout: 20_000 });
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});
