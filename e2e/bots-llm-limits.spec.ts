import { apiLogin, logIn } from './support/inbox';
import { expect, test } from './support/test';

// An LLM bot's usage limits (issue 32 item 3) on its General settings page: the owner sets a
// visitor's hourly ceiling, it is saved into the bot's settings, and an empty field keeps the
// default. The bot is the spec's own and is deleted at the end.

const OWNER = 'owner@demo.convo.local';
const name = `E2E Limits ${Date.now().toString(36)}`;

test('an LLM bot’s usage limits are set on its General page', async ({ browser, request }) => {
  const { token } = await apiLogin(request, OWNER);
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/bots', { headers: auth, data: { name, engine: 'openai' } });
  expect(created.ok(), await created.text()).toBe(true);
  const bot = (await created.json()).data as { id: string };
  const page = await logIn(browser, OWNER);
  try {
    await page.goto(`/settings/general?botId=${bot.id}`);
    await expect(page.getByText('LLM usage limits')).toBeVisible();
    const visitorHour = page.getByTestId('llm-limit-visitorPerHour');
    await expect(visitorHour).toHaveAttribute('placeholder', 'Default: 30');
    await visitorHour.fill('5');
    await page.getByTestId('llm-limit-addressPerDay').fill('');
    await page.getByTestId('llm-limits-save').click();
    await expect(page.getByText('Usage limits saved')).toBeVisible();
    const shown = await request.get(`/api/bots/${bot.id}`, { headers: auth });
    expect((await shown.json()).data.settings.llmCaps).toEqual({ visitorPerHour: 5 });
    await page.reload();
    await expect(page.getByTestId('llm-limit-visitorPerHour')).toHaveValue('5');
  } finally {
    await page.close();
    await request.delete(`/api/bots/${bot.id}`, { headers: auth });
  }
});
