import { ANALYTICS_PATHS, BOT_PATHS } from '@convo/api';
import { restoreDemoFirstResponder } from './support/demo-bot';
import { apiLogin, logIn, messagingHeaders } from './support/inbox';
import { expect, test } from './support/test';

// Bot analytics and insights (issue 36 item 5) as an admin lives them: a new kompose bot with no
// answers is the first responder, customers ask it questions it cannot answer (each in its own
// conversation, so it never hands off), the admin opens its analytics from the bots overview's
// link, sees the unanswered sentences, computes insights (the worker groups them), and follows a
// topic's "Create an answer from this" into the builder with the questions as training phrases.

const OWNER = 'owner@demo.convo.local';
const tag = Date.now().toString(36);
const botName = `Analytics Bot ${tag}`;
const QUESTIONS = [
  'How do I reset my password?',
  'I forgot my password and need to reset it',
  'password reset link is broken',
  'Do you ship to Iceland?',
  'shipping to Iceland',
];

test('bot analytics, insights, and an answer created from a topic', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { token, applicationId } = await apiLogin(request, OWNER);
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post(BOT_PATHS.bots, {
    headers: auth,
    data: { name: botName, engine: 'kompose' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const bot = (await created.json()).data as { id: string };
  const page = await logIn(browser, OWNER);
  try {
    const first = await request.put(BOT_PATHS.firstResponder, { headers: auth, data: { botId: bot.id } });
    expect(first.ok(), await first.text()).toBe(true);

    await test.step('customers ask what the bot cannot answer', async () => {
      const reg = await request.post('/rest/ws/register/client', {
        data: { userId: `visitor-ba-${tag}`, applicationId, authenticationTypeId: 0, displayName: 'Bea' },
      });
      expect(reg.ok()).toBe(true);
      const headers = messagingHeaders((await reg.json()).authToken as string, applicationId);
      for (const [i, question] of QUESTIONS.entries()) {
        // No SKIP_ROUTING: the first-responder bot takes each new conversation.
        const conv = await request.post('/rest/ws/group/v2.1/create', {
          headers,
          data: { groupName: `Question ${i} ${tag}`, type: 10 },
        });
        expect(conv.ok()).toBe(true);
        const groupId = (await conv.json()).response.id as number;
        const sent = await request.post('/rest/ws/message/v2/send', {
          headers,
          data: { groupId, key: `ba-${tag}-${i}`, message: question },
        });
        expect(sent.ok()).toBe(true);
      }
      const day = 86_400_000;
      const url = `${ANALYTICS_PATHS.botAnalytics.replace(':botId', bot.id)}?from=${Date.now() - day}&to=${Date.now() + day}`;
      await expect
        .poll(
          async () => {
            const res = await request.get(url, { headers: auth });
            return res.ok() ? ((await res.json()).data.overview.fallbacks as number) : -1;
          },
          { timeout: 60_000 },
        )
        .toBe(QUESTIONS.length);
    });

    await test.step('the bots overview links to the bot’s analytics', async () => {
      await page.goto('/dashboard');
      await page.getByRole('link', { name: botName }).click();
      await expect(page).toHaveURL(/\/bots\/analytics\?bot=/);
      await expect(page.getByRole('heading', { name: 'Bot analytics' })).toBeVisible();
      await expect(page.getByTestId('bot-sentences')).toContainText('password reset link is broken');
      await expect(page.getByText('Resolved without a human')).toBeVisible();
    });

    await test.step('insights group the questions into topics', async () => {
      await expect(page.getByText('No insights yet')).toBeVisible();
      await page.getByRole('button', { name: 'Compute insights' }).click();
      const topic = page.getByTestId('insight-topic').filter({ hasText: 'reset my password' });
      await expect(topic).toBeVisible({ timeout: 60_000 });
      await expect(topic).toContainText('3 questions');
      await expect(page.getByTestId('insight-topic').filter({ hasText: 'Iceland' })).toContainText(
        '2 questions',
      );
      await topic.getByRole('button', { name: 'Create an answer from this' }).click();
    });

    await test.step('the builder opens a new answer with the questions as its phrases', async () => {
      await expect(page).toHaveURL(/\/bots\/bot-builder\/kompose\?botId=.*phrase=/);
      const phrases = [
        await page.getByLabel('Phrase 1', { exact: true }).inputValue(),
        await page.getByLabel('Phrase 2', { exact: true }).inputValue(),
        await page.getByLabel('Phrase 3', { exact: true }).inputValue(),
      ];
      expect(phrases.sort()).toEqual(QUESTIONS.slice(0, 3).sort());
    });
  } finally {
    await page.close();
    await request.delete(`${BOT_PATHS.bots}/${bot.id}`, { headers: auth });
    await restoreDemoFirstResponder(request);
  }
});
