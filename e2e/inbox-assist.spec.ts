import { type FakeProvider, startFakeOpenAI } from '@convo/provider-fakes';
import { apiLogin, logIn, visitor } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, test } from './support/test';

// Agent assist in the inbox (issue 36 item 3): the workspace's AI agent is an OpenAI-compatible
// agent whose base URL is a local OpenAI fake (as the AI-models spec sets one up). An agent opens
// a visitor's conversation, sees the AI agent's suggested reply beside the team's own, inserts it,
// asks for a summary and translates the visitor's message; each text is what the provider answered.

const OWNER = 'owner@demo.convo.local';
const KEY = `sk-e2e-assist-${Date.now().toString(36)}`;
const unique = `as${Date.now().toString(36)}`;
const QUESTION = `¿Puedo devolver mi pedido ${unique}?`;
const SUGGESTION = `Yes, you can return your order within 30 days (${unique}).`;
const SUMMARY = `The visitor asks whether order ${unique} can be returned.`;
const TRANSLATION = `Can I return my order ${unique}?`;
let fake: FakeProvider;

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});
test.afterAll(async () => {
  await fake?.close();
});

test('an agent inserts the AI agent’s suggestion, summarizes and translates', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { token, applicationId } = await apiLogin(request, OWNER);
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/bots', {
    headers: auth,
    data: { name: `Assist ${unique}`, engine: 'openai' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const botId = (await created.json()).data.id as string;
  try {
    const keyed = await request.put(`/api/bots/${botId}/engine`, {
      headers: auth,
      data: { settings: { baseUrl: fake.url, model: 'gpt-test' }, apiKey: KEY },
    });
    expect(keyed.ok(), await keyed.text()).toBe(true);

    const customer = await visitor(request, applicationId, { unique, subject: `Returns ${unique}` });
    const groupId = await customer.start();
    await customer.say(groupId, QUESTION);

    const page = await logIn(browser, 'agent1@demo.convo.local');
    fake.script({ kind: 'text', chunks: [SUGGESTION] });
    await page.goto(`/conversations/${groupId}`);
    const message = page.getByTestId('message').filter({ hasText: QUESTION });
    await expect(message).toBeVisible({ timeout: 120_000 });

    await test.step('the AI agent’s suggestion is inserted into the composer', async () => {
      const chip = page
        .getByRole('group', { name: 'Suggested replies' })
        .getByRole('button', { name: `Insert the suggested reply: ${SUGGESTION}` });
      await expect(chip).toBeVisible({ timeout: 30_000 });
      // Asked of the AI agent once. The fake answers in order, so a second suggestion request (the
      // strip asked again when the real composer replaced its stand-in mid-request) took the
      // scripted answer and left the fake's default one on screen; it was also a second paid call.
      expect(
        fake.calls.map((c) => c.rawBody.slice(0, 160)),
        'the requests that reached the AI agent',
      ).toHaveLength(1);
      await chip.click();
      const composer = page.getByTestId('composer');
      await expect(composer).toHaveValue(SUGGESTION);
      await expect(page.getByTestId('message').filter({ hasText: SUGGESTION })).toHaveCount(0);
    });

    await test.step('summarize', async () => {
      fake.script({ kind: 'text', chunks: [SUMMARY] });
      await page.getByRole('button', { name: 'Summarize' }).click();
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText(SUMMARY);
      await summary.getByRole('button', { name: 'Close the summary' }).click();
      await expect(summary).toHaveCount(0);
    });

    await test.step('translate the visitor’s message with the keyboard', async () => {
      fake.script({ kind: 'text', chunks: [TRANSLATION] });
      const translate = page
        .getByTestId('message-translation')
        .getByRole('button', { name: 'Translate' })
        .last();
      await translate.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('translated-text')).toHaveText(`Translation: ${TRANSLATION}`);
      // Into the agent's language (English), and the message as the visitor wrote it.
      const body = fake.calls.at(-1)?.rawBody ?? '';
      expect(body).toContain('English');
      expect(body).toContain(unique);
    });

    await test.step('a provider failure is a toast', async () => {
      fake.script({ kind: 'error', error: 'server' });
      await page.getByRole('button', { name: 'Summarize' }).click();
      await expect(
        page
          .locator('[data-toast-kind="error"]')
          .filter({ hasText: 'Unable to summarize the conversation.' }),
      ).toBeVisible();
    });

    await test.step('phone width', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('button', { name: 'Summarize' })).toBeVisible();
      await expectFitsViewport(page);
    });
    await page.context().close();
  } finally {
    await request.delete(`/api/bots/${botId}`, { headers: auth });
  }
});
