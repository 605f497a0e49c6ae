import { readFile } from 'node:fs/promises';
import { apiLogin, logIn } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, test } from './support/test';

// The bot builder's settings pages (SPEC §2 /settings/general, /entities, /webhook, /import,
// /export, /inline-code, /handover) as the demo owner uses them: each page opens for the bot in
// ?botId= (reached from the builder's Settings menu), a bot's export file is imported into another
// bot after a preview, a bad file is refused with a clear message, and a handover change is kept.
// The two bots are the spec's own and are deleted at the end.

const OWNER = 'owner@demo.convo.local';
const tag = Date.now().toString(36);
const sourceName = `E2E Source ${tag}`;
const targetName = `E2E Target ${tag}`;
const SECRET = `whsec-e2e-${tag}-never-shown`;

test('builder settings: every page, export → import, handover', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { token } = await apiLogin(request, OWNER);
  const auth = { Authorization: `Bearer ${token}` };
  const createBot = async (name: string) => {
    const res = await request.post('/api/bots', { headers: auth, data: { name, engine: 'kompose' } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data as { id: string; userName: string };
  };
  const source = await createBot(sourceName);
  const target = await createBot(targetName);
  const intent = await request.post(`/api/bots/${source.id}/intents`, {
    headers: auth,
    data: {
      language: 'en',
      section: 'answers',
      name: 'opening hours',
      userSays: ['when are you open', 'opening hours'],
      botSays: [{ kind: 'text', text: 'We are open 9 to 5.' }],
    },
  });
  expect(intent.ok(), await intent.text()).toBe(true);

  const page = await logIn(browser, OWNER);
  try {
    await test.step('the builder links to its settings; general shows the bot and saves a language', async () => {
      await page.goto(`/bots/bot-builder/kompose?botId=${source.id}`);
      await page.getByTestId('builder-settings-menu').click();
      await page.getByRole('menuitem', { name: 'General' }).click();
      await expect(page).toHaveURL(new RegExp(`/settings/general\\?botId=${source.id}`));
      await expect(page.getByRole('heading', { name: 'General', level: 1 })).toBeVisible();
      await expect(page.getByTestId('bot-settings-picker')).toHaveValue(sourceName);
      await expect(page.getByTestId('bot-engine')).toHaveText('Kompose');
      await page.getByRole('checkbox', { name: 'Español' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Bot saved')).toBeVisible();
    });

    await test.step('entities: add one with the builder editor', async () => {
      await page.goto(`/settings/entities?botId=${source.id}`);
      await expect(page.getByRole('heading', { name: 'Entities', level: 1 })).toBeVisible();
      await expect(page.getByText('No custom entities in this language yet.')).toBeVisible();
      await page.getByRole('button', { name: 'Add an entity' }).click();
      await page.getByRole('textbox', { name: 'Entity name' }).fill('city');
      await page.getByRole('textbox', { name: 'Values' }).fill('Paris: paname\nLyon');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Entity saved')).toBeVisible();
      await expect(page.getByText('Paris, Lyon')).toBeVisible();
    });

    let exportPath = '';
    await test.step('export: a versioned file without secrets', async () => {
      await page.goto(`/settings/export?botId=${source.id}`);
      await expect(page.getByRole('heading', { name: 'Export', level: 1 })).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('bot-export').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.convo-bot\.json$/);
      exportPath = await download.path();
      const file = JSON.parse(await readFile(exportPath, 'utf8'));
      expect(file).toMatchObject({ format: 'convo-bot', version: 1, bot: { languages: ['en', 'es'] } });
      expect(file.entities).toEqual([
        {
          entity: 'city',
          locale: 'en',
          values: [
            { value: 'Paris', synonyms: ['paname'] },
            { value: 'Lyon', synonyms: [] },
          ],
        },
      ]);
      await expect(page.getByText(/Exported \d+ intents and 1 entities/)).toBeVisible();
    });

    await test.step('import: a bad file is refused, the export previewed and imported', async () => {
      await page.goto(`/settings/import?botId=${target.id}`);
      await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
      await expect(page.getByTestId('bot-settings-picker')).toHaveValue(targetName);
      const input = page.locator('input[type=file]');
      await input.setInputFiles({
        name: 'bad.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{nope'),
      });
      await expect(page.getByText('The file is not JSON.')).toBeVisible();
      const wrong = JSON.stringify({ format: 'convo-bot', version: 9 });
      await input.setInputFiles({
        name: 'old.json',
        mimeType: 'application/json',
        buffer: Buffer.from(wrong),
      });
      await expect(page.getByRole('alert', { name: 'This file cannot be imported' })).toContainText(
        'version',
      );

      await input.setInputFiles(exportPath);
      const preview = page.getByTestId('import-preview');
      await expect(preview.getByText('Intents added')).toBeVisible();
      await expect(preview.getByText('opening hours')).toBeVisible();
      await expect(preview.getByText('Languages turned on: es')).toBeVisible();
      await page.getByTestId('bot-import-apply').click();
      await expect(page.getByText(/Imported: \d+ added, \d+ replaced/)).toBeVisible();
      const res = await request.get(`/api/bots/${target.id}/intents?language=en`, { headers: auth });
      const names = ((await res.json()).data as { name: string }[]).map((i) => i.name);
      expect(names).toContain('opening hours');
    });

    await test.step('webhook: the secret is stored and never shown', async () => {
      await page.goto(`/settings/webhook?botId=${source.id}`);
      await expect(page.getByRole('heading', { name: 'Fulfillment webhook', level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: 'Webhook URL' }).fill('https://example.com/fulfil');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Give the webhook a secret.')).toBeVisible();
      await page.getByLabel('Signing secret').fill(SECRET);
      await page.getByRole('combobox', { name: 'Answers that call the webhook' }).click();
      await page.getByRole('option', { name: 'opening hours' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Webhook saved')).toBeVisible();
      await expect(page.getByText('A secret is stored; it is never shown.', { exact: false })).toBeVisible();
      await expect(page.getByLabel('Signing secret')).toHaveValue('');
      const res = await request.get(`/api/bots/${source.id}/webhook`, { headers: auth });
      expect(await res.text()).not.toContain(SECRET);
    });

    await test.step('inline code: the bot in the widget snippet and the API call, with copy buttons', async () => {
      await page.goto(`/settings/inline-code?botId=${source.id}`);
      await expect(page.getByRole('heading', { name: 'Inline code', level: 1 })).toBeVisible();
      await expect(page.getByTestId('snippet-bot-widget')).toContainText(`botIds: ["${source.userName}"]`);
      await expect(page.getByTestId('snippet-bot-api')).toContainText(
        `"CONVERSATION_ASSIGNEE": "${source.userName}"`,
      );
      await expect(page.getByRole('button', { name: 'Copy the Chat widget code' })).toBeVisible();
    });

    await test.step('handover: a change is kept, and the page works at phone width', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/settings/handover?botId=${source.id}`);
      await expect(page.getByRole('heading', { name: 'Handover', level: 1 })).toBeVisible();
      const fallbacks = page.getByTestId('handover-fallbacks');
      await fallbacks.fill('4');
      const words = page.getByRole('combobox', { name: 'Words that ask for a person' });
      await words.fill('refund manager');
      await words.press('Enter');
      await page
        .getByRole('textbox', { name: 'Handover message' })
        .fill('Ana from billing takes it from here.');
      await page.getByTestId('handover-save').click();
      await expect(page.getByText('Handover settings saved')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('handover-fallbacks')).toHaveValue('4');
      await expect(page.getByText('refund manager')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Handover message' })).toHaveValue(
        'Ana from billing takes it from here.',
      );
      await expectFitsViewport(page);
    });
  } finally {
    await page.context().close();
    for (const bot of [source, target]) await request.delete(`/api/bots/${bot.id}`, { headers: auth });
  }
});
