import { logIn } from './support/inbox';
import { expect, type Page, test } from './support/test';

// The auto-suggest screen of the bots (SPEC §7): the demo owner adds a suggestion for every bot
// and one for the demo's Store Assistant, edits one, narrows the list by search, category and bot,
// then deletes one after confirming.

// Letters only: the search below looks for "60", and a base-36 time holds digits ("mx60…" for
// half an hour on 2 December 2026 made the shared suggestion match too).
const tag = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (digit) => String.fromCharCode(0x67 + Number(digit)));
const shared = `Shipping times ${tag}`;
const ownBot = `Return window ${tag}`;
const shipping = `Shipping ${tag}`;
const returns = `Returns ${tag}`;

async function addSuggestion(
  page: Page,
  values: { name: string; category: string; content: string; bot?: string },
) {
  await page.getByRole('button', { name: 'Add suggestion' }).click();
  const dialog = page.getByRole('dialog', { name: 'New suggestion' });
  await dialog.getByLabel('Name').fill(values.name);
  await dialog.getByLabel('Category').fill(values.category);
  await dialog.getByLabel('Content').fill(values.content);
  if (values.bot !== undefined) {
    await dialog.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: values.bot, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Suggestion "${values.name}" added`)).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('suggestion-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

test('suggestions: create, edit, filter and delete', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, 'owner@demo.convo.local');

  await test.step('the Suggestions tab beside the other bots screens', async () => {
    await page.goto('/bots/manage-bots');
    await page.getByRole('tab', { name: 'Suggestions' }).click();
    await expect(page).toHaveURL(/\/bots\/suggestions$/);
    await expect(page.getByRole('heading', { name: 'Suggestions' })).toBeVisible();
  });

  await test.step('create one for every bot and one for the Store Assistant', async () => {
    await addSuggestion(page, { name: shared, category: shipping, content: 'We ship within <b>2 days</b>.' });
    await addSuggestion(page, {
      name: ownBot,
      category: returns,
      content: 'You have 30 days to return an item.',
      bot: 'Store Assistant',
    });
    // HTML in the content is shown as text, never rendered.
    await expect(row(page, shared)).toContainText('We ship within <b>2 days</b>.');
    await expect(row(page, shared).getByTestId('suggestion-bot-badge')).toHaveText('Every bot');
    await expect(row(page, ownBot).getByTestId('suggestion-bot-badge')).toHaveText('Store Assistant');
  });

  await test.step('a nameless suggestion is refused in the form', async () => {
    await page.getByRole('button', { name: 'Add suggestion' }).click();
    const dialog = page.getByRole('dialog', { name: 'New suggestion' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Give the suggestion a name.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('edit: new content, rich message allowed', async () => {
    await page.getByRole('button', { name: `Edit ${ownBot}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit suggestion' });
    await expect(dialog.getByLabel('Name')).toHaveValue(ownBot);
    await expect(dialog.getByRole('combobox', { name: 'Bot' })).toHaveValue('Store Assistant');
    await dialog.getByLabel('Content').fill('You have 60 days to return an item.');
    await dialog.getByLabel('Supports rich message').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Suggestion "${ownBot}" saved`)).toBeVisible();
    await expect(row(page, ownBot)).toContainText('60 days');
    await expect(row(page, ownBot)).toContainText('Rich message');
    // Read back from the server, not only from the cache.
    await page.reload();
    await expect(row(page, ownBot)).toContainText('60 days');
  });

  await test.step('filter by search, category and bot', async () => {
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill(tag);
    await expect(rows(page)).toHaveCount(2);
    await search.fill(`${tag} 60 days`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(ownBot);
    await search.fill(`${tag} nothing-like-this`);
    await expect(page.getByTestId('suggestions-no-match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toHaveValue('');

    await search.fill(tag);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: shipping, exact: true }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(shared);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'All categories', exact: true }).click();
    await expect(rows(page)).toHaveCount(2);

    const bot = page.getByRole('combobox', { name: 'Bot', exact: true });
    await bot.click();
    await page.getByRole('option', { name: 'Shared by every bot', exact: true }).click();
    await expect(page).toHaveURL(/botId=shared/);
    await expect(rows(page).filter({ hasText: tag })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: tag })).toContainText(shared);
    // A bot's own list also holds the suggestions shared by every bot.
    await bot.click();
    await page.getByRole('option', { name: 'Store Assistant', exact: true }).click();
    await expect(rows(page).filter({ hasText: tag })).toHaveCount(2);
  });

  await test.step('delete after confirming', async () => {
    await page.goto('/bots/suggestions');
    await page.getByRole('button', { name: `Delete ${shared}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this suggestion?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, shared)).toHaveCount(1);
    await page.getByRole('button', { name: `Delete ${shared}` }).click();
    await page.getByTestId('confirm-delete-suggestion').click();
    await expect(page.getByText(`Suggestion "${shared}" deleted`)).toBeVisible();
    await expect(row(page, shared)).toHaveCount(0);
    await page.reload();
    await expect(row(page, ownBot)).toHaveCount(1);
    await expect(row(page, shared)).toHaveCount(0);
  });
});
