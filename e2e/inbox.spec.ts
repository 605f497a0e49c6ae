import { apiLogin, chooseView, conversationRow, logIn, PASSWORD, visitor } from './support/inbox';
import { expect, type Page, test } from './support/test';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

// The inbox as two agents use it, each in their own browser, with a visitor writing through the
// messaging API (as the widget does): live arrival in both inboxes, reply, tag, note, hand-over
// to the other agent who sees it arrive in "Assigned to me", resolve, reopen by the customer with
// the Reopen tag; a draft survives a reload; a bad conversation id shows a not-found state; the
// demo operator sees only its SPEC §6 screens.

const unique = Date.now().toString(36);
const subject = `Parcel ${unique}`;

const row = (page: Page) => conversationRow(page, subject);

test('two agents work a conversation live, from arrival to reopening', async ({ browser, request }) => {
  // Two browsers through seven steps: on a loaded two-core machine this runs close to a minute.
  test.setTimeout(150_000);
  const ana = await logIn(browser, 'agent1@demo.convo.local');
  const ben = await logIn(browser, 'agent2@demo.convo.local');
  const { applicationId } = await apiLogin(request, 'agent1@demo.convo.local');
  const customer = await visitor(request, applicationId, { unique, subject });
  let groupId = 0;

  await test.step('a new conversation appears live in both inboxes', async () => {
    for (const page of [ana, ben]) {
      await page.goto('/conversations');
      await chooseView(page, 'All conversations');
      await expect(page.getByTestId('conversation-search')).toBeVisible();
    }
    groupId = await customer.start();
    await customer.say(groupId, 'Hello, where is my parcel?');
    await expect(row(ana)).toBeVisible();
    await expect(row(ben)).toBeVisible();
  });

  await test.step('agent one replies, tags it and writes a note', async () => {
    await row(ana).getByRole('button').click();
    await expect(ana).toHaveURL(new RegExp(`/conversations/${groupId}$`));
    await expect(ana.getByTestId('message').getByText('Hello, where is my parcel?')).toBeVisible();
    const composer = ana.getByTestId('composer');
    await composer.fill('It left our warehouse this morning.');
    await composer.press('Enter');
    await expect(
      ana.getByTestId('message').filter({ hasText: 'It left our warehouse this morning.' }),
    ).toBeVisible();
    await expect(composer).toHaveValue('');

    // An image attachment is drawn: files need the agent's token, so the inbox shows the bytes it
    // fetched (a plain <img> link answered 401 and showed a broken image).
    await ana
      .locator('input[type=file]')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const image = ana.getByTestId('message-image').last();
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    await ana.getByTestId('tags-select').click();
    await ana.getByRole('option', { name: 'Do-not-auto-resolve' }).click();
    await ana.keyboard.press('Escape');
    await expect(ana.getByText('Do-not-auto-resolve').first()).toBeVisible();

    await ana.getByText('Private note', { exact: true }).click();
    await composer.fill('Customer is a long-time buyer.');
    await composer.press('Enter');
    await expect(ana.getByTestId('note').filter({ hasText: 'Customer is a long-time buyer.' })).toBeVisible();
  });

  await test.step('agent one assigns it to agent two, who sees it in "Assigned to me" without reloading', async () => {
    await chooseView(ben, 'Assigned to me');
    await expect(row(ben)).toHaveCount(0);
    await ana.getByTestId('assignee-select').click();
    await ana.getByRole('option', { name: 'Ben Agent' }).click();
    await expect(ana.getByTestId('assignee-select')).toHaveValue('Ben Agent');
    await expect(row(ben)).toBeVisible();
  });

  await test.step('agent two resolves it; the customer writes again and it reopens with the Reopen tag', async () => {
    await row(ben).getByRole('button').click();
    await expect(ben.getByTestId('message').getByText('It left our warehouse this morning.')).toBeVisible();
    await ben.getByTestId('status-menu').click();
    await ben.getByRole('menuitem', { name: 'Resolved' }).click();
    await expect(ben.getByTestId('conversation-title').locator('..').getByTestId('status-badge')).toHaveText(
      'Resolved',
    );
    await customer.say(groupId, 'It has not arrived yet.');
    await expect(ben.getByTestId('message').getByText('It has not arrived yet.')).toBeVisible();
    await expect(ben.getByTestId('conversation-title').locator('..').getByTestId('status-badge')).toHaveText(
      'Open',
    );
    await expect(
      ben.getByTestId('tags-select').locator('..').getByText('Reopen', { exact: true }),
    ).toBeVisible();
  });

  await test.step('a draft survives a reload', async () => {
    await ben.getByTestId('composer').fill('Let me check with the courier');
    await ben.reload();
    await expect(ben.getByTestId('composer')).toHaveValue('Let me check with the courier');
  });

  await test.step('a conversation id that does not exist shows a not-found state', async () => {
    await ana.goto('/conversations/999999999');
    await expect(ana.getByTestId('conversation-not-found')).toBeVisible();
    await ana.goto('/conversations/not-a-number');
    await expect(ana.getByTestId('conversation-not-found')).toBeVisible();
  });

  await ana.context().close();
  await ben.context().close();
});

test('a lost connection shows a banner and what was missed appears on reconnect', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The socket goes through the test: it can drop it and refuse reconnections for a while.
  let refuse = false;
  let refused = 0;
  let current: { close(options?: { code?: number; reason?: string }): Promise<void> } | null = null;
  // The banner is for a connection that had worked: the drop waits for the server's 'resumed' on the
  // page's current socket (a page load replaces the socket; a drop before 'resumed' is a first try).
  let live = false;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (refuse) {
      refused++;
      void ws.close({ code: 1001, reason: 'network down' });
      return;
    }
    const server = ws.connectToServer();
    current = ws;
    live = false;
    server.onMessage((frame) => {
      if (current === ws && typeof frame === 'string' && /"type"\s*:\s*"resumed"/.test(frame)) live = true;
      ws.send(frame);
    });
  });
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('agent1@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/loginv2/);

  const { applicationId } = await apiLogin(request, 'agent1@demo.convo.local');
  const customer = await visitor(request, applicationId, { unique, subject });
  const groupId = await customer.start();
  await customer.say(groupId, 'Before the outage');
  await page.goto(`/conversations/${groupId}`);
  await expect(page.getByTestId('message').getByText('Before the outage')).toBeVisible();

  await expect.poll(() => live, { timeout: 20_000 }).toBe(true);
  refuse = true;
  await current!.close({ code: 1001, reason: 'network down' });
  await expect(page.getByTestId('connection-lost')).toBeVisible();
  await customer.say(groupId, 'Written during the outage');
  // A positive signal rather than a pause: the client has tried (and been refused) a reconnection
  // since the message was stored, so it was running and had its chance to show it some other way.
  const refusedBefore = refused;
  await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(refusedBefore);
  await expect(page.getByTestId('message').getByText('Written during the outage')).toHaveCount(0);

  refuse = false;
  await expect(page.getByTestId('message').getByText('Written during the outage')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('connection-lost')).toHaveCount(0);
  await context.close();
});

test('the demo operator sees only its SPEC §6 screens', async ({ browser, request }) => {
  const operator = await logIn(browser, 'operator@demo.convo.local');
  // SPEC §6: "Operator (12) sees only: components, conversations, dashboard, message logs, profile,
  // insert-options, email notifications, agent-assignment, conversation notes, metabase dashboard,
  // policies". Of the screens built today that is the list below (Help is open to everyone); the
  // Metabase page is listed only once the server configures it (not in e2e), and the technical pages
  // come in the Developer group, after the workspace's settings (issue 40).
  const nav = operator.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Conversations' })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Conversations',
    'Message logs',
    'Settings',
    'Components',
    'Policies',
    'Help',
  ]);
  await nav.getByRole('link', { name: 'Settings' }).click();
  const settings = operator.getByRole('navigation', { name: 'Settings' }).first();
  await expect(settings.getByRole('link')).toHaveText(['Profile', 'E-mail notifications']);
  // None of the conversation settings, even by address.
  for (const path of ['/settings/quick-replies', '/settings/manage-tags', '/settings/conversation-rules']) {
    await operator.goto(path);
    await expect(operator.getByTestId('not-allowed')).toBeVisible();
  }
  // The server refuses what the screen hides.
  const session = await apiLogin(request, 'operator@demo.convo.local');
  const refused = await request.post('/api/quick-replies', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { shortcut: 'x', content: 'y' },
  });
  expect(refused.status()).toBe(403);
  await operator.context().close();
});

test('at phone width the list keeps the newest message in view and always shows the agent’s own reply', async ({
  browser,
  request,
}) => {
  const { applicationId } = await apiLogin(request, 'owner@demo.convo.local');
  const talk = `Scroll ${unique}`;
  const customer = await visitor(request, applicationId, { unique: `scroll-${unique}`, subject: talk });
  const groupId = await customer.start();
  for (let i = 1; i <= 12; i++)
    await customer.say(groupId, `Line ${i} of a long story about a parcel that went to the wrong town.`);
  const page = await logIn(browser, 'owner@demo.convo.local');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/conversations/${groupId}`);
  const newest = page.getByTestId('message').filter({ hasText: 'Line 12 of' });
  await expect(newest).toBeInViewport();

  // A draft of several lines grows the reply box: the newest message stays in view.
  const box = page.getByTestId('composer');
  await box.fill('One\nTwo\nThree\nFour\nFive');
  await expect(newest).toBeInViewport();
  await box.fill('');

  // Scrolled up to the first message, the agent replies: the list goes to the reply.
  await page.evaluate(() => {
    const list = document.querySelector('[data-testid="message-list"]');
    const scroller =
      list?.querySelector<HTMLElement>('[data-virtuoso-scroller]') ?? (list as HTMLElement | null);
    if (scroller) scroller.scrollTop = 0;
  });
  await expect(page.getByTestId('message').filter({ hasText: 'Line 1 of' })).toBeInViewport();
  const reply = `Found it ${unique}: it is on its way back.`;
  await box.fill(reply);
  await box.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: reply })).toBeInViewport();
  await page.context().close();
});
