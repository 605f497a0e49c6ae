import { createBotInDashboard, removeSpecBots } from './support/demo-bot';
import { logIn } from './support/inbox';
import { expect, type Page, test } from './support/test';

// Issue 34, "knowledge answers that answer": a document uploaded as a kompose bot's knowledge
// source in the builder is indexed, and the test panel answers a question from it with the
// sentence that answers it (not the whole passage) and its source, saying why (the passage, its
// score and the minimum relevance); an off-topic question gets the fallback. A bot of its own:
// the demo's Store Assistant is left as other specs expect it.

const tag = Date.now().toString(36);
const botName = `Docs Bot ${tag}`;
const fileName = `pickup-guide-${tag}.md`;
const answerSentence = 'The Lisbon pickup point opens at 8 am from Monday to Friday.';

const DOCUMENT = `# Pickup points

Parcels can be collected from our partner shops once you get the e-mail with your code.
${answerSentence}
Bring the code and an identity card to collect a parcel.

# Gift wrapping

Every order can be gift wrapped for 3 euros, with a card written by hand.
`;

async function ask(page: Page, message: string) {
  const before = await page.getByTestId('emulator-bot').count();
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('emulator-bot')).toHaveCount(before + 1, { timeout: 20_000 });
  return page.getByTestId('emulator-bot').last();
}

test('a document uploaded in the builder answers a question with its sentence and source', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await logIn(browser, 'owner@demo.convo.local');
  const sections = admin.getByRole('navigation', { name: 'Builder sections' });

  await test.step('create a kompose bot and open its knowledge source', async () => {
    await createBotInDashboard(admin, botName);
    const row = admin.getByTestId('bot-row').filter({ hasText: botName });
    await row.getByRole('link', { name: 'Open builder' }).click();
    await expect(admin).toHaveURL(/\/bots\/bot-builder\/kompose\?botId=/);
    await sections.getByRole('button', { name: 'Knowledge source' }).click();
    await expect(admin.getByRole('heading', { name: 'Knowledge source', level: 2 })).toBeVisible();
  });

  await test.step('upload a markdown document and wait until it is indexed', async () => {
    const chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles({
      name: fileName,
      mimeType: 'text/markdown',
      buffer: Buffer.from(DOCUMENT, 'utf8'),
    });
    await expect(admin.getByText('1 document uploaded: it is being indexed.')).toBeVisible();
    const card = admin.getByRole('listitem', { name: fileName });
    await expect(card).toContainText('Ready', { timeout: 60_000 });
  });

  await test.step('the test panel answers from the document with the right sentence and its source', async () => {
    const turn = await ask(admin, 'When does the Lisbon pickup point open?');
    await expect(turn).toContainText(answerSentence);
    await expect(turn).toContainText(fileName);
    // The answer is the sentence, not the whole passage (the message comes before the details).
    const said = turn.getByText(answerSentence).first();
    await expect(said).toContainText(fileName);
    await expect(said).not.toContainText('identity card');
    await expect(turn.getByTestId('emulator-passage')).toContainText(fileName);
    await expect(turn.getByTestId('emulator-why')).toContainText('Answered from the knowledge source');
    await expect(turn.getByTestId('emulator-why-knowledge-source')).toContainText(fileName);
    await expect(turn.getByTestId('emulator-why-knowledge-min')).toContainText('Minimum relevance 0.50');
  });

  await test.step('an off-topic question gets the fallback', async () => {
    const turn = await ask(admin, 'what is the capital of peru');
    await expect(turn.getByTestId('emulator-why')).toContainText('Nothing fitted: fallback');
    await expect(turn.getByText('Fallback', { exact: true })).toBeVisible();
    await expect(turn).not.toContainText(answerSentence);
    await expect(turn.getByTestId('emulator-passage')).toHaveCount(0);
  });
});

test.afterAll(async ({ request }) => {
  await removeSpecBots(request, botName);
});
