import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOT_PATHS, MESSAGING_PATHS } from '@convo/api';
import { removeSpecBots } from './support/demo-bot';
import { apiLogin, logIn } from './support/inbox';
import { expect, type FrameLocator, type Locator, type Page, test } from './support/test';

// Issue 36 item 1, as an admin and customers live it: in the bot builder's Flow Designer, build a
// flow from the palette and the step forms (ask an e-mail and validate it, call a local API and map
// its answer, hand off; the API's error branch ends politely), connect the steps with the forms'
// "next step" selects, try the draft in the designer's test panel, publish it, run it in the /demo
// widget (a wrong e-mail is refused with the retry message, a good one passes, the API's ticket
// lands, an agent gets the conversation), publish a second version, roll back to the first and see
// the first run again.

const tag = Date.now().toString(36);
const botName = `Flow Bot ${tag}`;
const flowName = `Tickets ${tag}`;
const greeting = `Let us open a ticket (${tag}).`;
const greeting2 = `Version two (${tag}): a ticket it is.`;
const retry = 'That is not an e-mail address; try again.';

const frameOf = (page: Page) => page.frameLocator('iframe[title="Chat"]');

async function passPreChat(chat: FrameLocator, who: string) {
  const start = chat.getByRole('button', { name: 'Start chat' });
  if (await start.isVisible().catch(() => false)) {
    await chat.getByLabel('Name *').fill('Fern Flow');
    await chat.getByLabel('E-mail *').fill(`${who}-${tag}@example.com`);
    await start.click();
  }
}

/** The local ticket API the flow calls (the e2e server's OUTBOUND_ALLOW admits this machine). */
let api: Server;
let apiUrl = '';
const received: string[] = [];
test.beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ticket: { id: `T-${received.length}` } }));
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/tickets`;
});
test.afterAll(async () => {
  await new Promise((r) => api.close(r));
});

/** A new customer opens the /demo widget and says hello; the flow's first words come back. */
async function newCustomer(page: Page, who: string, expected: string) {
  const chat = frameOf(page);
  await page.goto('/demo');
  await chat.getByRole('button', { name: 'Open chat' }).click();
  await passPreChat(chat, who);
  const created = page.waitForResponse((r) => r.url().includes(MESSAGING_PATHS.groupCreateV21));
  const box = chat.getByRole('textbox', { name: 'Type a message…' });
  await box.fill('Hello, I have a problem with my order');
  await box.press('Enter');
  const groupId = ((await (await created).json()).response as { id: number }).id;
  await expect(chat.locator('.cv-theirs').filter({ hasText: expected })).toBeVisible({ timeout: 20_000 });
  await expect(chat.locator('.cv-theirs').filter({ hasText: 'What is your e-mail?' })).toBeVisible();
  return { chat, box, groupId };
}

test('a flow built in the designer, tried, published, run in the widget, handed off and rolled back', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { token } = await apiLogin(request, 'owner@demo.convo.local');
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(BOT_PATHS.bots, {
    headers,
    data: { name: botName, engine: 'kompose' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const botId = ((await created.json()).data as { id: string }).id;
  const first = await request.put(BOT_PATHS.firstResponder, { headers, data: { botId } });
  expect(first.status(), await first.text()).toBe(200);

  const admin = await logIn(browser, 'owner@demo.convo.local');
  const form = admin.getByTestId('flow-step-form');
  /** Picks an option of one of the step form's selects. */
  const pick = async (select: Locator, option: string) => {
    await select.click();
    await admin.getByRole('option', { name: option, exact: true }).click();
  };

  await test.step('open the Flow Designer and create a default flow', async () => {
    await admin.goto(`/bots/bot-builder/kompose?botId=${botId}`);
    await admin.getByRole('tab', { name: 'Flow Designer' }).click();
    await expect(admin.getByText('No flows yet: name one above to start.')).toBeVisible();
    await admin.getByRole('textbox', { name: 'New flow' }).fill(flowName);
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(admin.getByTestId('flow-node-start')).toBeVisible();
    // Controlled by the saved flow: it turns on once the server has it.
    await admin.getByRole('checkbox', { name: 'Default flow' }).click();
    await expect(admin.getByRole('checkbox', { name: 'Default flow' })).toBeChecked();
  });

  await test.step('build from the palette and connect with the "next step" selects', async () => {
    for (const name of ['email', 'ticket']) {
      const box = admin.getByRole('textbox', { name: 'New attribute, then Enter' });
      await box.fill(name);
      await box.press('Enter');
    }
    await admin.getByTestId('flow-node-start').click();
    await form.getByLabel('Message').fill(greeting);
    await admin.getByTestId('flow-node-end').click();
    await form.getByLabel('Message').fill('Our ticket system is down, sorry.');

    // Built from the last step back, so each new (selected) step can point at the one after it.
    await admin.getByTestId('flow-add-handoff').click();
    await form.getByLabel('Message').fill('Ticket {{ticket}} for {{email}}: an agent takes over.');
    // A hand-off has no way out.
    await expect(form.getByTestId('flow-next-next')).toHaveCount(0);

    await admin.getByTestId('flow-add-api').click();
    await pick(form.getByLabel('Method'), 'POST');
    await form.getByLabel('URL').fill(apiUrl);
    await form.getByLabel('Body').fill('{"email":"{{email}}"}');
    await form.getByLabel('Response to attributes').fill('ticket.id = ticket');
    await pick(
      form.getByTestId('flow-next-success'),
      'Hand off · Ticket {{ticket}} for {{email}}: an agent takes over.',
    );
    await pick(form.getByTestId('flow-next-error'), 'End · Our ticket system is down, sorry.');

    await admin.getByTestId('flow-add-question').click();
    await form.getByLabel('Question').fill('What is your e-mail?');
    await pick(form.getByLabel('Store in attribute'), 'email');
    await pick(form.getByLabel('Answer must be'), 'E-mail');
    await form.getByLabel('When the answer is not valid').fill(retry);
    await pick(form.getByTestId('flow-next-next'), `Call an API · POST ${apiUrl}`);

    await admin.getByTestId('flow-node-start').click();
    await pick(form.getByTestId('flow-next-next'), 'Ask a question · What is your e-mail?');
    await expect(admin.getByTestId('flow-problem-count')).toHaveCount(0);
  });

  await test.step('try the draft in the test panel: refused, then accepted and handed off', async () => {
    await admin.getByRole('button', { name: 'Test', exact: true }).click();
    const panel = admin.getByRole('region', { name: 'Try this flow' });
    await panel.getByRole('button', { name: 'Start' }).click();
    await expect(
      panel.getByTestId('flow-test-bot').filter({ hasText: 'What is your e-mail?' }),
    ).toBeVisible();
    await expect(panel.getByTestId('flow-test-bot').first()).toHaveText(greeting);
    const answer = panel.getByRole('textbox', { name: 'Your answer' });
    await answer.fill('not an e-mail');
    await answer.press('Enter');
    await expect(panel.getByTestId('flow-test-bot').last()).toHaveText(retry);
    await answer.fill(`tess-${tag}@example.com`);
    await answer.press('Enter');
    await expect(panel.getByTestId('flow-test-bot').last()).toHaveText(
      new RegExp(`^Ticket T-\\d+ for tess-${tag}@example.com: an agent takes over.$`),
    );
    await expect(panel.getByTestId('flow-test-note')).toHaveText('Handed off to an agent.');
    expect(received.at(-1)).toBe(`{"email":"tess-${tag}@example.com"}`);
  });

  await test.step('publish version 1', async () => {
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(admin.getByText('Published as version 1.')).toBeVisible();
    await expect(admin.getByTestId('flow-versions')).toContainText('Version 1 · live');
  });

  await test.step('a customer runs it in the /demo widget and is handed to an agent', async () => {
    const page = await (await browser.newContext()).newPage();
    const { chat, box, groupId } = await newCustomer(page, 'una', greeting);
    await box.fill('my mail is nope');
    await box.press('Enter');
    await expect(chat.locator('.cv-theirs').filter({ hasText: retry })).toBeVisible({ timeout: 15_000 });
    await box.fill(`una-${tag}@example.com`);
    await box.press('Enter');
    await expect(
      chat.locator('.cv-theirs').filter({ hasText: `for una-${tag}@example.com: an agent takes over.` }),
    ).toBeVisible({ timeout: 15_000 });
    // The API got the validated e-mail, and its ticket id landed in the attribute.
    expect(received.at(-1)).toBe(`{"email":"una-${tag}@example.com"}`);
    await expect(
      chat.locator('.cv-theirs').filter({ hasText: `Ticket T-${received.length} for una-${tag}` }),
    ).toBeVisible();
    await page.context().close();

    await admin.goto(`/conversations/${groupId}`);
    await expect(admin.getByText('Bot paused')).toBeVisible();
    await expect(admin.getByText(`una-${tag}@example.com`).first()).toBeVisible();
  });

  const openDesigner = async () => {
    await admin.goto(`/bots/bot-builder/kompose?botId=${botId}`);
    await admin.getByRole('tab', { name: 'Flow Designer' }).click();
    await expect(admin.getByTestId('flow-node-start')).toBeVisible();
  };

  await test.step('publish version 2; customers get it', async () => {
    await openDesigner();
    await admin.getByTestId('flow-node-start').click();
    await form.getByLabel('Message').fill(greeting2);
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(admin.getByText('Published as version 2.')).toBeVisible();
    const page = await (await browser.newContext()).newPage();
    await newCustomer(page, 'vic', greeting2);
    await page.context().close();
  });

  await test.step('roll back to version 1; customers get the earlier version again', async () => {
    const versions = admin.getByTestId('flow-versions');
    await expect(versions).toContainText('Version 2 · live');
    await versions.getByRole('button', { name: 'Roll back' }).click();
    await expect(admin.getByText('Rolled back.')).toBeVisible();
    await expect(versions).toContainText('Version 3 ← Version 1 · live');
    // The draft is the earlier version again.
    await expect(admin.getByTestId('flow-node-start')).toContainText(greeting);
    const page = await (await browser.newContext()).newPage();
    const { chat } = await newCustomer(page, 'wes', greeting);
    await expect(chat.locator('.cv-theirs').filter({ hasText: greeting2 })).toHaveCount(0);
    await page.context().close();
  });
});

// Whatever happened above, the spec's bot goes and the demo's bot answers first again.
test.afterAll(async ({ request }) => {
  await removeSpecBots(request, botName);
});
