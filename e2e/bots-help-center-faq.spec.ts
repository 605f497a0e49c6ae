import { BOT_PATHS, HELP_CENTER_PATHS, helpCenterPath } from '@convo/api';
import { createBotInDashboard } from './support/demo-bot';
import { apiLogin, logIn } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, test } from './support/test';

// The builder's imported help-center FAQ editor (SPEC §2, issue 16 item 4) as an admin uses it:
// import the help center into a kompose bot, write a question and its answer in the builder, and
// the emulator answers with it once the import is re-indexed; an edit in the builder is a help-center
// edit, and the bot's answer follows it.

const tag = Date.now().toString(36);
const botName = `FAQ Bot ${tag}`;
const question = `How long does delivery to Mysuru ${tag} take?`;

test('the builder edits the imported help-center FAQ, and the bot answers with each version', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await logIn(browser, 'owner@demo.convo.local');
  const row = admin.getByTestId('bot-row').filter({ hasText: botName });
  const sections = admin.getByRole('navigation', { name: 'Builder sections' });
  const editor = admin.getByTestId('faq-editor');
  const answer = editor.getByRole('textbox', { name: 'Answer' });

  const ask = async (expected: string) => {
    // The import is re-indexed in the worker after each save: ask until the new text is the answer.
    await expect(async () => {
      await admin.getByLabel('Message', { exact: true }).fill(`how long does delivery to mysuru ${tag} take`);
      await admin.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(admin.getByTestId('emulator-bot').last()).toContainText(expected, { timeout: 3_000 });
    }).toPass({ timeout: 90_000, intervals: [2_000] });
  };

  await test.step('a kompose bot, its builder open on the help-center FAQ', async () => {
    await createBotInDashboard(admin, botName);
    await row.getByRole('link', { name: 'Open builder' }).click();
    await expect(admin).toHaveURL(/\/bots\/bot-builder\/kompose\?botId=/);
    await sections.getByRole('button', { name: 'Help-center FAQ' }).click();
    await expect(admin.getByRole('heading', { name: 'Help-center FAQ', level: 2 })).toBeVisible();
  });

  await test.step('import the help center and write a question with its answer', async () => {
    await admin.getByRole('button', { name: 'Import the help center' }).click();
    await expect(admin.getByTestId('faq-sync')).toBeVisible();
    await admin.getByRole('button', { name: 'New question' }).click();
    await editor.getByRole('textbox', { name: 'Question' }).fill(question);
    await answer.click();
    await admin.keyboard.type(`Delivery to Mysuru takes 3 days (${tag}).`);
    await expect(editor.getByRole('switch', { name: 'Published' })).toBeChecked();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.getByText('Question added to the help center.')).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Help-center questions' })).toContainText(question);
  });

  await test.step('the emulator answers from the imported article', async () => {
    await ask(`takes 3 days (${tag})`);
  });

  await test.step('an edit in the builder changes the article and the answer', async () => {
    await answer.click();
    await admin.keyboard.press('ControlOrMeta+a');
    await admin.keyboard.type(`Delivery to Mysuru now takes 2 days (${tag}).`);
    await expect(editor.getByText('Unsaved changes')).toBeVisible();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.getByText('Question saved. The bot re-reads the help center.')).toBeVisible();
    await ask(`now takes 2 days (${tag})`);
  });

  await test.step('phone width: the section still fits', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect(editor).toBeVisible();
    await expectFitsViewport(admin);
  });

  await test.step('the help center holds the edited article; clean up', async () => {
    const { token } = await apiLogin(request, 'owner@demo.convo.local');
    const headers = { authorization: `Bearer ${token}` };
    const found = await request.get(HELP_CENTER_PATHS.articles, { headers, params: { q: tag } });
    const items = (await found.json()).data.items as { id: string; title: string }[];
    const article = items.find((a) => a.title === question);
    expect(article).toBeDefined();
    const full = await request.get(helpCenterPath(HELP_CENTER_PATHS.article, article?.id ?? ''), { headers });
    expect((await full.json()).data.bodyHtml).toContain('now takes 2 days');
    await request.delete(helpCenterPath(HELP_CENTER_PATHS.article, article?.id ?? ''), { headers });
    const bots = (await (await request.get(BOT_PATHS.bots, { headers })).json()).data as {
      id: string;
      name: string;
    }[];
    const bot = bots.find((b) => b.name === botName);
    if (bot) await request.delete(BOT_PATHS.bot.replace(':botId', bot.id), { headers });
  });
});
