// The fakes the command line can start, by name: how each starts, the server settings that point
// Convo at it, what to enter in the dashboard, and, for the chat channels whose connector
// registers its webhook with the provider, how a line typed by the operator reaches Convo as a
// customer's message and how Convo's replies are read back.
import { startFakeAnthropic } from '../anthropic/index.js';
import { startFakeCustomBot } from '../custom-bot/index.js';
import { startFakeDialog360 } from '../dialog360/index.js';
import { startFakeDialogflow } from '../dialogflow/index.js';
import { startFakeGallabox } from '../gallabox/index.js';
import { startFakeGemini } from '../gemini/index.js';
import { startFakeLex } from '../lex/index.js';
import { startFakeLine } from '../line/index.js';
import { startFakeMeta, whatsAppDelivery } from '../meta/index.js';
import { startFakeOpenAI } from '../openai/index.js';
import { startFakeRecaptcha } from '../recaptcha/index.js';
import { startFakeS3 } from '../s3/index.js';
import { startFakeSentry } from '../sentry/index.js';
import type { FakeReply } from '../shared/fake-server.js';
import { startFakeSlack } from '../slack/index.js';
import { startFakeStripe } from '../stripe/index.js';
import { startFakeTelegram } from '../telegram/index.js';
import { startFakeTwilio } from '../twilio/index.js';
import { startFakeViber } from '../viber/index.js';
import { startFakeWatson } from '../watson/index.js';

export interface StartedFake {
  /** Lines for the server's environment (`NAME=value`). */
  env: Record<string, string>;
  /** What to enter in the dashboard to connect to this fake. */
  instructions: string[];
  /** Sends `text` to Convo as a customer of this channel; absent when the fake cannot. */
  say?: (text: string) => Promise<string>;
  /** Texts Convo sent through this fake since the last call. */
  replies?: () => string[];
  close(): Promise<void>;
}

export interface FakeEntry {
  name: string;
  summary: string;
  /** How many consecutive ports it takes from the one given. */
  ports: number;
  start(port: number, options: { apiKey?: string }): Promise<StartedFake>;
}

const reply: FakeReply = {
  kind: 'text',
  chunks: ['This is', ' a reply', ' from the local', ' provider fake.'],
  firstChunkDelayMs: 50,
  chunkDelayMs: 30,
};

/** Reads what a fake recorded, returning only the entries after those already seen. */
function unseen<T>(list: () => T[], text: (item: T) => string | undefined): () => string[] {
  let seen = 0;
  return () => {
    const all = list();
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh.map(text).filter((t): t is string => typeof t === 'string');
  };
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const field = (body: Record<string, unknown>, key: string): unknown => body[key];

/** Names the channel's webhook or says it is not connected yet. */
const notConnected = (channel: string) =>
  `not sent: connect the ${channel} channel in the dashboard first (Settings → Channels)`;

const CUSTOMER = { id: 4242, name: 'Local Tester' };

/**
 * A chat channel's customer side: a typed line is posted to Convo's webhook once the dashboard
 * has connected the channel (the connector registers that webhook), and Convo's replies are read
 * back from what the fake recorded.
 */
function customerSide<T>(side: {
  channel: string;
  connected: () => boolean;
  post: (text: string) => Promise<{ status: number }>;
  sent: () => T[];
  textOf: (item: T) => string | undefined;
}): Pick<StartedFake, 'say' | 'replies'> {
  return {
    async say(text) {
      if (!side.connected()) return notConnected(side.channel);
      const { status } = await side.post(text);
      return `delivered to Convo: HTTP ${status}`;
    },
    replies: unseen(side.sent, side.textOf),
  };
}

export const FAKES: readonly FakeEntry[] = [
  {
    name: 'llm',
    summary: 'OpenAI, Anthropic and Gemini (streamed replies) for the LLM bots',
    ports: 3,
    async start(port, { apiKey }) {
      const fakes = await Promise.all([
        startFakeOpenAI({ port, apiKey, defaultReply: reply }),
        // Port 0 (any free port) for each when no port is chosen.
        startFakeAnthropic({ port: port && port + 1, apiKey, defaultReply: reply }),
        startFakeGemini({ port: port && port + 2, apiKey, defaultReply: reply }),
      ]);
      const [openai, anthropic, gemini] = fakes;
      return {
        env: { OPENAI_BASE_URL: openai.url, ANTHROPIC_BASE_URL: anthropic.url, GEMINI_BASE_URL: gemini.url },
        instructions: [`Bots → new bot with an LLM engine; provider key: ${apiKey ?? 'any text'}`],
        close: () => Promise.all(fakes.map((f) => f.close())).then(() => undefined),
      };
    },
  },
  {
    name: 'bot-engines',
    summary: 'Dialogflow ES/CX (and Google OAuth), Amazon Lex V2, IBM Watson and a custom bot webhook',
    ports: 4,
    async start(port) {
      const at = (i: number) => (port ? port + i : undefined);
      const [dialogflow, lex, watson, hook] = await Promise.all([
        startFakeDialogflow({ port: at(0) }),
        startFakeLex({ port: at(1) }),
        startFakeWatson({ port: at(2) }),
        startFakeCustomBot({ port: at(3) }),
      ]);
      const key = dialogflow.createServiceAccount('local-agent');
      const hello = { intent: 'greeting', texts: ['Hello from the local agent!'] };
      dialogflow.addAgent('local-agent', { hello });
      dialogflow.addAgent('local-agent/local-cx', { hello });
      dialogflow.authorizeProject = 'local-agent';
      lex.addKey('AKIALOCALFAKE', 'local-fake-lex-secret');
      lex.addBot('LOCALBOT01', { hello });
      const serviceUrl = watson.addInstance('local', 'local-fake-watson-key');
      watson.addAssistant('local-assistant', { hello });
      return {
        env: {
          DIALOGFLOW_API_URL: dialogflow.url,
          GOOGLE_TOKEN_URL: dialogflow.tokenUrl,
          GOOGLE_AUTH_URL: dialogflow.authUrl,
          GOOGLE_CLIENT_ID: dialogflow.oauthClient.clientId,
          GOOGLE_CLIENT_SECRET: dialogflow.oauthClient.clientSecret,
          LEX_RUNTIME_URL: lex.url,
        },
        instructions: [
          `Bots → Bot integrations → Dialogflow: project local-agent (CX agent local-cx), key file: ${key.replace(/\n/g, '')}`,
          'Amazon Lex: region us-east-1, bot LOCALBOT01, alias TSTALIASID, key AKIALOCALFAKE / local-fake-lex-secret',
          `IBM Watson: service URL ${serviceUrl}, assistant local-assistant, API key local-fake-watson-key`,
          `Custom: webhook URL ${hook.webhookUrl} (say "hello"; "human" hands off)`,
        ],
        close: () => Promise.all([dialogflow, lex, watson, hook].map((f) => f.close())).then(() => undefined),
      };
    },
  },
  {
    name: 'recaptcha',
    summary: 'reCAPTCHA siteverify, for register/v2/account',
    ports: 1,
    async start(port) {
      const fake = await startFakeRecaptcha({ port, secret: 'fake-recaptcha-secret' });
      return {
        env: { CAPTCHA_VERIFY_URL: fake.verifyUrl, CAPTCHA_SECRET: fake.secret },
        instructions: [`a token: curl -X POST ${fake.url}/fake/tokens`],
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'telegram',
    summary: 'the Telegram Bot API; type a line to send it as a customer',
    ports: 1,
    async start(port) {
      const fake = await startFakeTelegram({ port });
      const token = '123456789:local-fake-telegram-bot-token';
      fake.addBot(token, 'convo_local_bot');
      return {
        env: { TELEGRAM_API_URL: fake.url },
        instructions: [`Settings → Channels → Telegram; bot token: ${token}`],
        ...customerSide({
          channel: 'Telegram',
          connected: () => Boolean(fake.webhookOf(token)),
          post: (text) => fake.postUpdate(token, { chatId: CUSTOMER.id, firstName: CUSTOMER.name, text }),
          sent: () => fake.sent(token),
          textOf: (c) => textOf(field(c.body, 'text')),
        }),
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'viber',
    summary: 'the Viber REST bot API; type a line to send it as a customer',
    ports: 1,
    async start(port) {
      const fake = await startFakeViber({ port });
      const token = '4f1a2b3c4d5e6f70-local-fake-viber-token';
      fake.addBot(token, { name: 'Convo Local', uri: 'convolocal' });
      return {
        env: { VIBER_API_URL: fake.url },
        instructions: [`Settings → Channels → Viber; authentication token: ${token}`],
        ...customerSide({
          channel: 'Viber',
          connected: () => Boolean(fake.webhookOf(token)),
          post: (text) =>
            fake.postMessage(token, { senderId: `local-${CUSTOMER.id}`, name: CUSTOMER.name, text }),
          sent: () => fake.sent(token),
          textOf: (c) => textOf(field(c.body, 'text')),
        }),
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'line',
    summary: 'the LINE Messaging API; type a line to send it as a customer',
    ports: 1,
    async start(port) {
      const fake = await startFakeLine({ port });
      const token = 'local-fake-line-channel-access-token';
      const secret = 'local-fake-line-channel-secret';
      fake.addChannel(token, { secret, displayName: 'Convo Local', basicId: '@convolocal' });
      return {
        env: { LINE_API_URL: fake.url, LINE_DATA_API_URL: fake.url },
        instructions: [
          `Settings → Channels → LINE; channel access token: ${token}; channel secret: ${secret}`,
        ],
        ...customerSide({
          channel: 'LINE',
          connected: () => Boolean(fake.webhookOf(token)),
          post: (text) => fake.postEvent(token, { userId: `Ulocal${CUSTOMER.id}`, text }),
          sent: () => fake.sent(token),
          textOf: (c) => {
            const messages = field(c.body, 'messages');
            return Array.isArray(messages)
              ? messages.map((m: { text?: unknown }) => textOf(m.text) ?? '').join(' ')
              : undefined;
          },
        }),
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'whatsapp-dialog360',
    summary: 'WhatsApp through 360dialog; type a line to send it as a customer',
    ports: 1,
    async start(port) {
      const fake = await startFakeDialog360({ port });
      const apiKey = 'D360localFakeKey000000000000000000';
      fake.addKey(apiKey);
      return {
        env: { DIALOG360_API_URL: fake.url },
        instructions: [`Settings → Channels → WhatsApp (360dialog); API key: ${apiKey}`],
        ...customerSide({
          channel: 'WhatsApp (360dialog)',
          connected: () => Boolean(fake.webhookOf(apiKey)),
          post: (text) => {
            const from = `1555000${CUSTOMER.id}`;
            const delivery = whatsAppDelivery('100000000000001', {
              contacts: [{ wa_id: from, profile: { name: CUSTOMER.name } }],
              messages: [
                {
                  from,
                  id: `wamid.local${Date.now()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            });
            return fake.postWebhook(apiKey, delivery);
          },
          sent: () => fake.sent(),
          textOf: (c) => textOf((field(c.body, 'text') as { body?: unknown } | undefined)?.body),
        }),
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'meta',
    summary: 'the Meta Graph API: WhatsApp Cloud, Messenger and Instagram (connect with its login dialog)',
    ports: 1,
    async start(port) {
      const fake = await startFakeMeta({ port });
      return {
        env: { META_GRAPH_API_URL: fake.url },
        instructions: [
          'Settings → Channels → Facebook, Instagram or WhatsApp; the fake answers the Graph API calls',
        ],
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'twilio',
    summary: 'Twilio (WhatsApp, SMS and voice)',
    ports: 1,
    async start(port) {
      const fake = await startFakeTwilio({ port });
      const sid = `AC${'0'.repeat(30)}01`;
      const token = 'local-fake-twilio-auth-token';
      fake.addAccount(sid, token, 'Convo Local');
      fake.addPhoneNumber(sid, '+15550001000');
      return {
        env: { TWILIO_API_URL: fake.url },
        instructions: [
          `Settings → Channels → Twilio; account SID: ${sid}; auth token: ${token}; number +15550001000`,
        ],
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'gallabox',
    summary: 'WhatsApp through Gallabox',
    ports: 1,
    async start(port) {
      const fake = await startFakeGallabox({ port });
      const account = {
        apiKey: 'local-fake-gallabox-key',
        apiSecret: 'local-fake-gallabox-secret',
        accountId: '0123456789abcdef01234567',
        channelId: '76543210fedcba9876543210',
      };
      fake.addAccount(account);
      return {
        env: { GALLABOX_API_URL: fake.url },
        instructions: [
          `Settings → Channels → WhatsApp (Gallabox); API key ${account.apiKey}, secret ${account.apiSecret}, account ${account.accountId}, channel ${account.channelId}`,
        ],
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'slack',
    summary: 'the Slack Web API, for the Slack mirror',
    ports: 1,
    async start(port) {
      const fake = await startFakeSlack({ port });
      const token = 'xoxb-local-fake-slack-token';
      fake.addWorkspace({ token, team: 'Convo Local', botUserId: 'U0LOCALBOT', botId: 'B0LOCALBOT' });
      fake.addChannel({ id: 'C0SUPPORT', name: 'support', isMember: true });
      return {
        env: { SLACK_API_URL: fake.url },
        instructions: [`Settings → Integrations → Slack; bot token: ${token}; channel #support`],
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'stripe',
    summary: 'Stripe checkout, subscriptions and invoices, for billing',
    ports: 1,
    async start(port) {
      const secretKey = 'sk_test_local_fake';
      const webhookSecret = 'whsec_local_fake';
      const fake = await startFakeStripe({ secretKey, webhookSecret, port });
      return {
        env: {
          BILLING_PROVIDER: 'stripe',
          STRIPE_API_BASE: fake.url,
          STRIPE_SECRET_KEY: secretKey,
          STRIPE_WEBHOOK_SECRET: webhookSecret,
        },
        instructions: [
          'set STRIPE_PRICES as the README says; Settings → Billing then checks out against the fake',
        ],
        close: () => fake.close(),
      };
    },
  },
  {
    name: 's3',
    summary: 'an S3-compatible bucket for uploaded files',
    ports: 1,
    async start(port) {
      const accessKeyId = 'local-fake-access-key';
      const secretAccessKey = 'local-fake-secret-key';
      const fake = await startFakeS3({ port, accessKeyId, secretAccessKey, buckets: ['convo'] });
      return {
        env: {
          S3_BUCKET: 'convo',
          S3_ENDPOINT: fake.url,
          S3_REGION: 'us-east-1',
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: accessKeyId,
          S3_SECRET_ACCESS_KEY: secretAccessKey,
        },
        instructions: ['uploads (attachments, documents) then go to the fake bucket'],
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'sentry',
    summary: 'a Sentry ingest endpoint for error reports',
    ports: 1,
    async start(port) {
      const fake = await startFakeSentry({ port });
      return {
        env: { SENTRY_DSN: fake.dsn },
        instructions: ['server errors are then reported to the fake'],
        close: () => fake.close(),
      };
    },
  },
];

export const fakeNamed = (name: string): FakeEntry | undefined => FAKES.find((f) => f.name === name);
