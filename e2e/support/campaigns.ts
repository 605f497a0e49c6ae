import { expect, type Page } from '@playwright/test';
import { chooseView, conversationRow } from './inbox';
import { expectFitsViewport } from './layout';

// The campaigns specs' shared steps (issue 35): the screens at phone and desktop width, the team
// that replies go to, the progress of a sent campaign and a reply landing with its team.

/** No horizontal overflow on a 390 px phone, nor back at 1280 px. */
export async function campaignFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsViewport(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectFitsViewport(page);
}

/** Opens the compose screen from the campaigns list and names the campaign. */
export async function newCampaign(page: Page, name: string): Promise<void> {
  await page.goto('/campaign-message');
  await page.getByRole('link', { name: 'New campaign' }).first().click();
  await expect(page).toHaveURL(/\/campaign-message\/platforms$/);
  await page.getByLabel('Campaign name').fill(name);
}

/** The team whose conversations the campaign's replies open. */
export async function replyTeam(page: Page, team: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Team', exact: true }).click();
  await page.getByRole('option', { name: team, exact: true }).click();
}

/** Sends from the compose screen: the confirmation names the count, then the list shows it. */
export async function confirmSend(page: Page, preview: string): Promise<void> {
  await page.getByTestId('campaign-send').click();
  await expect(page.getByTestId('campaign-preview')).toContainText(preview);
  await page.getByTestId('campaign-confirm').click();
  await expect(page).toHaveURL(/\/campaign-message$/);
}

/** The campaign's row reaches `n of n sent` and Done; answers the row. */
export async function expectCampaignSent(page: Page, name: string, n: number, timeout = 30_000) {
  const row = page.getByTestId('campaign-row').filter({ hasText: name });
  await expect(row.getByTestId('campaign-progress')).toContainText(`${n} of ${n} sent`, { timeout });
  await expect(row.getByTestId('campaign-status')).toHaveText('Done');
  return row;
}

/** The customer's reply is in the inbox, in a conversation with the campaign's team. */
export async function expectReplyWithTeam(page: Page, customer: string, text: string, team: string) {
  await page.goto('/conversations');
  await chooseView(page, 'All conversations');
  await conversationRow(page, customer).getByRole('button').click();
  await expect(page.getByTestId('message').getByText(text)).toBeVisible();
  await expect(page.getByTestId('conversation-team')).toHaveText(team);
}
