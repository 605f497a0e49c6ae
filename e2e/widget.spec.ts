import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_PATHS,
  type ChatWidgetSettingsPatch,
  iframeSnippet,
  MESSAGING_PATHS,
  REGISTRATION_PATHS,
  ratingPath,
  sideboxSnippet,
  WIDGET_SETTINGS_PATHS,
} from '@convo/api';
import {
  type APIRequestContext,
  type Browser,
  type ConsoleMessage,
  expect,
  type Page,
  test,
} from './support/test';

// The chat widget end to end, in Chromium, on the demo store page: the visitor's side in the
// browser, the agent's side through the messaging API with a demo member's token.

const OWNER = { userName: 'owner@demo.convo.local', password: 'Demo1234' };

interface Agent {
  token: string;
  applicationId: string;
  headers: Record<string, string>;
}

async function signIn(request: APIRequestContext): Promise<Agent> {
  const res = await request.post(ACCOUNT_PATHS.login, { data: OWNER });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data as { token: string; applicationId: string };
  return {
    token: data.token,
    applicationId: data.applicationId,
    headers: { 'x-authorization': data.token, 'application-key': data.applicationId },
  };
}

async function saveSettings(request: APIRequestContext, agent: Agent, patch: ChatWidgetSettingsPatch) {
  const res = await request.patch(WIDGET_SETTINGS_PATHS.chatWidget, {
    headers: { authorization: `Bearer ${agent.token}` },
    data: patch,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A 1×1 transparent PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The agent's side of the real-time protocol (docs/realtime.md), from a blank page. */
async function agentSocket(browser: Browser, baseURL: string, token: string) {
  const page = await browser.newPage();
  const wsUrl = `${baseURL.replace(/^http/, 'ws')}/ws`;
  await page.evaluate(
    ([url, t]) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { ws: WebSocket; events: { type: string; data?: unknown }[] };
        w.events = [];
        w.ws = new WebSocket(url!);
        w.ws.onopen = () => w.ws.send(JSON.stringify({ type: 'hello', token: t }));
        w.ws.onmessage = (m) => {
          const e = JSON.parse(String(m.data));
          w.events.push(e);
          if (e.type === 'resumed') resolve();
        };
      }),
    [wsUrl, token],
  );
  return {
    /** Whether an event of this type arrived whose data has these values. */
    has: (type: string, data: Record<string, unknown>) =>
      page.evaluate(
        ([ty, d]) =>
          (window as unknown as { events: { type: string; data?: Record<string, unknown> }[] }).events.some(
            (e) =>
              e.type === ty &&
              Object.entries(d as Record<string, unknown>).every(([k, v]) => e.data?.[k] === v),
          ),
        [type, data] as const,
      ),
    typing: (groupId: number) =>
      page.evaluate(
        (g) =>
          (window as unknown as { ws: WebSocket }).ws.send(
            JSON.stringify({ type: 'typing', groupId: g, typing: true }),
          ),
        groupId,
      ),
    close: () => page.close(),
  };
}

const frameOf = (page: Page) => page.frameLocator('iframe[title="Chat"]');

const PRECHAT_ON: ChatWidgetSettingsPatch['preChatLeadCollection'] = {
  enabled: true,
  title: 'Tell us a little about you before we start',
  fields: {
    name: { enabled: true, required: true },
    email: { enabled: true, required: true },
    phone: { enabled: true, required: false },
  },
};
const ALWAYS_OPEN: ChatWidgetSettingsPatch['businessHours'] = {
  enabled: false,
  timeZone: 'UTC',
  days: [{ day: 1, open: '09:00', close: '18:00' }],
};

test.describe.configure({ mode: 'serial' });

test.describe('chat widget', () => {
  let agent: Agent;

  test.beforeAll(async ({ request }) => {
    agent = await signIn(request);
  });
  test.afterAll(async ({ request }) => {
    await saveSettings(request, agent, {
      preChatLeadCollection: { ...PRECHAT_ON!, enabled: false },
      businessHours: ALWAYS_OPEN,
    });
  });

  test('visitor chats with an agent live, keeps the history on reload and rates the conversation', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    await saveSettings(request, agent, { preChatLeadCollection: PRECHAT_ON, businessHours: ALWAYS_OPEN });
    await page.goto('/demo');
    const chat = frameOf(page);
    await chat.getByRole('button', { name: 'Open chat' }).click();

    // Pre-chat form with the spec's rules.
    await chat.getByLabel('Name *').fill('Vera Visitor');
    await chat.getByLabel('E-mail *').fill('vera@example.com');
    await chat.getByLabel('Phone').fill('0044 1234');
    await chat.getByRole('button', { name: 'Start chat' }).click();
    await expect(chat.getByText('Phone number must start with a country code (+)')).toBeVisible();
    await chat.getByLabel('Phone').fill('+441234567');
    await chat.getByRole('button', { name: 'Start chat' }).click();

    // Welcome message, then the visitor writes; the conversation is created with the first message.
    await expect(chat.getByText('Hi there! How can we help you today?')).toBeVisible();
    const created = page.waitForResponse((r) => r.url().includes(MESSAGING_PATHS.groupCreateV21));
    await chat.getByRole('textbox', { name: 'Type a message…' }).fill('Do you ship to Norway?');
    await chat.getByRole('textbox', { name: 'Type a message…' }).press('Enter');
    const groupId = ((await (await created).json()).response as { id: number }).id;
    const mine = chat.locator('.cv-mine').filter({ hasText: 'Do you ship to Norway?' });
    await expect(mine.locator('.cv-status')).toHaveText(/Sent|Delivered|Read/);

    // The lead is stored on the visitor.
    const lead = await request.get(
      `${REGISTRATION_PATHS.userData}?email=vera%40example.com&applicationId=${agent.applicationId}`,
      { headers: agent.headers },
    );
    expect((await lead.json()).response).toMatchObject({ displayName: 'Vera Visitor' });

    // The agent answers through the API; the visitor sees it live, HTML shown as text.
    const inbox = await agentSocket(browser, baseURL!, agent.token);
    const reply = await request.post(MESSAGING_PATHS.messageSend, {
      headers: agent.headers,
      data: { groupId, key: `agent-${Date.now()}`, message: 'Yes we do! <b>Free</b> over $50' },
    });
    expect(reply.status()).toBe(200);
    const replyId = (await reply.json()).id as number;
    const theirs = chat.locator('.cv-theirs').filter({ hasText: 'Yes we do! <b>Free</b> over $50' });
    await expect(theirs).toBeVisible();
    await expect(theirs.locator('b')).toHaveCount(0);

    // Read receipt and typing, both ways, over the agent's own real-time socket.
    await expect.poll(() => inbox.has('message.read', { messageId: replyId })).toBe(true);
    await inbox.typing(groupId);
    await expect(chat.getByText(/is typing…/)).toBeVisible();
    await chat.getByRole('textbox', { name: 'Type a message…' }).pressSequentially('Gr');
    await expect.poll(() => inbox.has('typing', { groupId, typing: true })).toBe(true);
    await chat.getByRole('textbox', { name: 'Type a message…' }).fill('');
    await inbox.close();

    // A quick-reply rich message (contentType 300, template 6) answers with one click.
    await request.post(MESSAGING_PATHS.messageSend, {
      headers: agent.headers,
      data: {
        groupId,
        key: `agent-rich-${Date.now()}`,
        message: 'Anything else?',
        metadata: {
          contentType: '300',
          templateId: '6',
          payload: JSON.stringify([{ title: 'No, thanks', message: 'No, thanks' }]),
        },
      },
    });
    await chat.getByRole('button', { name: 'No, thanks' }).click();
    await expect(chat.locator('.cv-mine').filter({ hasText: 'No, thanks' })).toBeVisible();

    // Reload: the same visitor, the window open again (automaticChatOpenOnNavigation), the
    // running conversation with its history.
    await page.reload();
    await expect(frameOf(page).getByText('Do you ship to Norway?')).toBeVisible();
    await expect(frameOf(page).getByText('Yes we do! <b>Free</b> over $50')).toBeVisible();

    // The agent resolves; the visitor rates 4 with a comment.
    const resolved = await request.patch(`${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`, {
      headers: agent.headers,
    });
    expect(resolved.status()).toBe(200);
    const csat = frameOf(page).locator('.cv-csat');
    await expect(csat.getByText('How was your conversation?')).toBeVisible();
    await csat.getByRole('button', { name: /Good/ }).click();
    await csat.getByLabel('Tell us more (optional)').fill('Fast and friendly');
    await csat.getByRole('button', { name: 'Send rating' }).click();
    await expect(csat.getByText('Thanks for your feedback!')).toBeVisible();
    const rating = await request.get(ratingPath(groupId), { headers: agent.headers });
    expect(await rating.json()).toMatchObject({ groupId, rating: 4, comment: 'Fast and friendly' });
  });

  test('outside business hours the away message shows and the e-mail is collected', async ({
    browser,
    request,
  }) => {
    const closedDay = (new Date().getUTCDay() + 3) % 7;
    await saveSettings(request, agent, {
      preChatLeadCollection: { ...PRECHAT_ON!, enabled: false },
      businessHours: {
        enabled: true,
        timeZone: 'UTC',
        days: [{ day: closedDay, open: '03:00', close: '03:01' }],
      },
      awayMessage: {
        enabled: true,
        message: "We're away right now. Leave us a message and we'll get back to you by e-mail.",
        collectEmailOnAwayMessage: true,
      },
    });
    const context = await browser.newContext(); // a new visitor
    const page = await context.newPage();
    await page.goto('/demo');
    const chat = frameOf(page);
    await chat.getByRole('button', { name: 'Open chat' }).click();
    await chat.getByRole('textbox', { name: 'Type a message…' }).fill('Are you there?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText("We're away right now.", { exact: false })).toBeVisible();
    const email = `away-${Date.now()}@example.com`;
    await chat.getByLabel('Your e-mail, so we can reply').fill(email);
    await chat.locator('.cv-inline-form').getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText(`Thanks! We will reply to ${email}.`)).toBeVisible();
    const user = await request.get(
      `${REGISTRATION_PATHS.userData}?email=${encodeURIComponent(email)}&applicationId=${agent.applicationId}`,
      { headers: agent.headers },
    );
    expect(user.status()).toBe(200);
    await context.close();
  });

  test('the page opens the chat through window.Convo; an oversized image is refused before any upload', async ({
    page,
    request,
  }) => {
    await saveSettings(request, agent, { businessHours: ALWAYS_OPEN });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/ws/upload')) uploads.push(r.url());
    });
    await page.goto('/demo');
    const chat = frameOf(page);
    await expect(chat.getByRole('button', { name: 'Open chat' })).toBeVisible();
    // The public API: an 'open' event, then the window is open.
    await page.evaluate(() => {
      const w = window as unknown as {
        Convo: { on(e: string, f: () => void): void; open(): void };
        opened?: boolean;
      };
      w.Convo.on('open', () => {
        w.opened = true;
      });
      w.Convo.open();
    });
    await expect(chat.getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { opened?: boolean }).opened))
      .toBe(true);

    await chat.locator('input[type=file]').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(4 * 1024 * 1024, 1),
    });
    await expect(chat.getByRole('alert')).toHaveText('The image is 4.00 MB; the limit is 3.00 MB.');
    expect(uploads).toEqual([]);

    // A small real image goes through and is shown in the conversation.
    await chat
      .locator('input[type=file]')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(chat.locator('.cv-mine img[alt="dot.png"]')).toBeVisible();
    expect(uploads).toHaveLength(1);
  });

  test("a visitor's messages go over the widget's socket, and through REST while it is down", async ({
    page,
    browser,
    request,
  }) => {
    await saveSettings(request, agent, {
      preChatLeadCollection: { ...PRECHAT_ON!, enabled: false },
      businessHours: ALWAYS_OPEN,
    });
    const restSends = (p: Page) => {
      const seen: string[] = [];
      p.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes(MESSAGING_PATHS.messageSend)) seen.push(r.url());
      });
      return seen;
    };
    const sent = async (p: Page, text: string) => {
      const chat = frameOf(p);
      await chat.getByRole('textbox', { name: 'Type a message…' }).fill(text);
      await chat.getByRole('textbox', { name: 'Type a message…' }).press('Enter');
      await expect(chat.locator('.cv-mine').filter({ hasText: text }).locator('.cv-status')).toHaveText(
        /Sent|Delivered|Read/,
      );
    };

    const viaRest = restSends(page);
    await page.goto('/demo');
    await frameOf(page).getByRole('button', { name: 'Open chat' }).click();
    await sent(page, 'My first question');
    const before = viaRest.length;
    await sent(page, 'And a second one over the socket');
    expect(viaRest.length).toBe(before);

    // The socket refused (a proxy that drops WebSockets): the same chat still works, over REST.
    const context = await browser.newContext();
    const offline = await context.newPage();
    await offline.routeWebSocket(/\/ws$/, (ws) => ws.close());
    const offlineRest = restSends(offline);
    await offline.goto('/demo');
    await frameOf(offline).getByRole('button', { name: 'Open chat' }).click();
    await sent(offline, 'Asked without a socket');
    await sent(offline, 'And again without one');
    expect(offlineRest.length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  test('an unknown application id or a site outside allowedDomains shows nothing and logs one line', async ({
    page,
    request,
    baseURL,
  }) => {
    // A customer's site on another origin (a page on loopback, so Chromium's private-network
    // rules do not interfere): the loader comes from our server and calls init cross-origin.
    let html = '';
    const customerPage = (appId: string) => `<!doctype html><html><body><h1>Customer site</h1>
      <script>window.convoSettings = { appId: ${JSON.stringify(appId)} };</script>
      <script async src="${baseURL}/widget/loader.js"></script></body></html>`;
    const site = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(html);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const lines: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.text().includes('Convo chat widget')) lines.push(m.text());
    });
    try {
      html = customerPage('no-such-application');
      const init = page.waitForResponse((r) => r.url().endsWith('/widget/api/init'));
      await page.goto(siteUrl);
      expect((await init).status()).toBe(404);
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toContain('APP_NOT_FOUND');
      await expect(page.locator('iframe')).toHaveCount(0);

      // The iframe snippet (no loader) and the legacy sidebox snippet work on any site by default.
      const snippet = { origin: baseURL!, appId: agent.applicationId, variant: 'classic' as const };
      html = `<!doctype html><html><body>${iframeSnippet(snippet)}</body></html>`;
      await page.goto(siteUrl);
      await expect(page.frameLocator('iframe').getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
      html = `<!doctype html><html><body>${sideboxSnippet(snippet)}</body></html>`;
      await page.goto(siteUrl);
      await expect(frameOf(page).getByRole('button', { name: 'Open chat' })).toBeVisible();

      // The demo application restricted to shop.example.com: refused on this site, CORS readable.
      await saveSettings(request, agent, {
        configuration: {
          popupWidget: true,
          automaticChatOpenOnNavigation: true,
          attachmentsEnabled: true,
          notificationSound: 'subtle',
          defaultLanguage: 'en',
          allowedDomains: ['shop.example.com'],
          showPoweredBy: true,
        },
      });
      try {
        lines.length = 0;
        html = customerPage(agent.applicationId);
        const refused = page.waitForResponse((r) => r.url().endsWith('/widget/api/init'));
        await page.goto(siteUrl);
        expect((await refused).status()).toBe(403);
        await expect.poll(() => lines.length).toBe(1);
        expect(lines[0]).toContain('DOMAIN_NOT_ALLOWED');
        await expect(page.locator('iframe')).toHaveCount(0);
        // The iframe snippet is refused by the browser itself (frame-ancestors).
        html = `<!doctype html><html><body>${iframeSnippet(snippet)}</body></html>`;
        await page.goto(siteUrl);
        await expect(page.locator('iframe')).toHaveCount(1);
        await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(true);
        await expect(page.frameLocator('iframe').getByRole('dialog', { name: 'Chat with us' })).toHaveCount(
          0,
        );
        // Our own /demo (the server's origin) still shows the widget.
        await page.goto('/demo');
        await expect(frameOf(page).getByRole('button', { name: 'Open chat' })).toBeVisible();
      } finally {
        await saveSettings(request, agent, {
          configuration: {
            popupWidget: true,
            automaticChatOpenOnNavigation: true,
            attachmentsEnabled: true,
            notificationSound: 'subtle',
            defaultLanguage: 'en',
            allowedDomains: [],
            showPoweredBy: true,
          },
        });
      }
    } finally {
      site.close();
    }
  });
});
