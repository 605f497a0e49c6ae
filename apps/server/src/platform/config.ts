import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { REGIONS, type Region } from '@convo/domain';
import { z } from 'zod';
import { allowEntryProblem } from './outbound/policy.js';
import { type StorageConfig, StorageConfigError, storageConfigFromEnv } from './storage/storage.js';

// Every setting the server reads from its environment, validated once here.

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * Which peers may set X-Forwarded-For (and so the address rate limits count): nobody by default;
 * a hop count; or a comma list of addresses, CIDR ranges and proxy-addr's names (loopback,
 * linklocal, uniquelocal). "true" (trust anybody) is refused: any caller could then pick its address.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [ip = '', prefix, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): TrustProxy => {
    if (v === '' || v === 'false' || v === 'off' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `expected off, a hop count, or a comma list of proxy addresses/CIDRs; bad: ${bad.join(', ') || v}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * OUTBOUND_ALLOW: the internal addresses, CIDR ranges and host names (`*.corp.example` for every
 * name under one) tenants' URLs and mail hosts may reach despite the guard (platform/outbound).
 */
const outboundAllowSchema = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): string[] => {
    const entries = v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    const bad = entries.filter((e) => allowEntryProblem(e) !== null);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a comma list of addresses, CIDR ranges and host names; bad: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const SERVER_ROLES = ['web', 'realtime', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  /** Diagnostics (the messaging bench): a file where PGlite's thread writes its time per statement. */
  PGLITE_STATEMENT_TIMES: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Convo <no-reply@convo.local>'),
  PRODUCT_VARIANT: z.enum(['classic', 'agentic']).default('classic'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_SECRET: optionalText,
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  ERROR_REPORTING: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** A Sentry-compatible DSN the stored error reports are forwarded to (through the job queue). */
  SENTRY_DSN: optionalUrl,
  SUPPORT_APP_ID: optionalText,
  /** SPEC §7 regional deployment this server is (india, eu…); unset: no region is shown anywhere. */
  REGION: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(REGIONS).optional()),
  /** The region's name as the operator wants it shown (e.g. "India (Mumbai)"); needs REGION. */
  REGION_NAME: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  GEOIP_DB_PATH: optionalText,
  DASHBOARD_DIST: optionalText,
  WIDGET_DIST: optionalText,
  TRUST_PROXY: trustProxySchema,
  OUTBOUND_ALLOW: outboundAllowSchema,
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins from one address (every account together); by default 5 accounts' worth. */
  RATE_LIMIT_LOGIN_ADDRESS_MAX: z.coerce.number().int().min(1).optional(),
  /** How long a token's session may be answered from memory (0: ask the database every time). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Messages one visitor (end user) may send per minute. */
  RATE_LIMIT_VISITOR_MESSAGES: z.coerce.number().int().min(1).default(60),
  /** Conversations one visitor may start per hour. */
  RATE_LIMIT_VISITOR_CONVERSATIONS: z.coerce.number().int().min(1).default(20),
  /** Conversations the visitors of one address may start per hour (an office shares one address). */
  RATE_LIMIT_ADDRESS_CONVERSATIONS: z.coerce.number().int().min(1).default(100),
  /** register/client calls (visitor sign-ups and app logins) per minute from one address. */
  RATE_LIMIT_REGISTER_CLIENT: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60 * 1000),
  /** LLM bots without their own base URL call these instead of the providers' (proxies, fakes). */
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_BASE_URL: optionalUrl,
  GEMINI_BASE_URL: optionalUrl,
  /**
   * Hybrid knowledge retrieval: an OpenAI-format embeddings endpoint (its base URL, default
   * OpenAI's), key and model; both key and model set turn it on. MIN_SIMILARITY: the cosine at
   * which a passage answers on meaning alone (model-dependent; docs/decisions.md).
   */
  KNOWLEDGE_EMBEDDINGS_URL: optionalUrl,
  KNOWLEDGE_EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  KNOWLEDGE_EMBEDDINGS_MODEL: z.string().min(1).optional(),
  KNOWLEDGE_EMBEDDINGS_MIN_SIMILARITY: z.coerce.number().min(0).max(1).default(0.6),
  /** External bot engines (issue 36): the providers' endpoints (local fakes in tests and e2e). */
  DIALOGFLOW_API_URL: z.url().default('https://dialogflow.googleapis.com'),
  /** One Lex runtime endpoint for every region (a local fake); unset: AWS's regional endpoints. */
  LEX_RUNTIME_URL: optionalUrl,
  /** The custom bot webhook's deadline per attempt (it is tried twice). */
  CUSTOM_BOT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(60_000),
  /** The Telegram Bot API (a local fake in tests and e2e). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** The LINE Messaging API and its data API (message content); local fakes in tests and e2e. */
  LINE_API_URL: z.url().default('https://api.line.me'),
  LINE_DATA_API_URL: z.url().default('https://api-data.line.me'),
  /** Slack's Web API (a local fake in tests and e2e). */
  SLACK_API_URL: z.url().default('https://slack.com/api'),
  /** Shopify's Admin API; `{shop}` stands for the shop's myshopify.com domain (a local fake in tests and e2e). */
  SHOPIFY_ADMIN_URL: z.string().includes('{shop}').default('https://{shop}'),
  /** BigCommerce's store API and its OAuth login (local fakes in tests and e2e). */
  BIGCOMMERCE_API_URL: z.url().default('https://api.bigcommerce.com'),
  BIGCOMMERCE_LOGIN_URL: z.url().default('https://login.bigcommerce.com'),
  /** The operator's BigCommerce marketplace app (both or neither): the install and load callbacks. */
  BIGCOMMERCE_CLIENT_ID: optionalText,
  BIGCOMMERCE_CLIENT_SECRET: optionalText,
  /** HubSpot's API (a local fake in tests); Zendesk's and Salesforce's addresses are each tenant's own. */
  HUBSPOT_API_URL: z.url().default('https://api.hubapi.com'),
  /** The deadline of one call to a CRM or helpdesk (Zendesk, HubSpot, Salesforce). */
  CRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The Viber REST bot API. */
  VIBER_API_URL: z.url().default('https://chatapi.viber.com'),
  /** Meta's Graph API: WhatsApp Cloud API, Messenger and Instagram (a local fake in tests and e2e). */
  META_GRAPH_API_URL: z.url().default('https://graph.facebook.com'),
  /**
   * The operator's Meta app (both or neither): "Connect with Facebook / Instagram" through
   * Facebook Login, and the app-wide Messenger/Instagram webhook signed with the app secret.
   */
  META_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, 'must be the Meta app id (digits)')
      .optional(),
  ),
  META_APP_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{16,64}$/, 'must be the Meta app secret (App settings → Basic)')
      .optional(),
  ),
  /** What the operator types as the verify token of the app's webhook in Meta's dashboard. */
  META_VERIFY_TOKEN: optionalText.pipe(z.string().min(8, 'needs at least 8 characters').optional()),
  /** Where Facebook Login's dialog lives (a local fake in tests and e2e). */
  META_DIALOG_URL: z.url().default('https://www.facebook.com'),
  /** Twilio's REST API hosts (api.twilio.com, content.twilio.com) all go here when set (a local fake). */
  TWILIO_API_URL: optionalUrl,
  /** 360dialog's WhatsApp API (Cloud API hosted by 360dialog). */
  DIALOG360_API_URL: z.url().default('https://waba-v2.360dialog.io'),
  /** Gallabox's developer API. */
  GALLABOX_API_URL: z.url().default('https://server.gallabox.com'),
  /** How often the worker reads the connected mailboxes by IMAP (the e-mail channel). */
  EMAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Campaign messages per second on every platform; each provider's own limit when unset. */
  CAMPAIGN_RATE_PER_SECOND: z.coerce.number().positive().max(1000).optional(),
  /** The built-in SMTP receiver's port (e.g. 25 or 2525); unset: no receiver. */
  SMTP_RECEIVER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The receiver's listen address; HOST by default. */
  SMTP_RECEIVER_HOST: optionalText,
  /** The domain of the inbound addresses `<applicationId>@<domain>`; PUBLIC_URL's host by default. */
  INBOUND_MAIL_DOMAIN: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'must be a domain name like mail.example.com')
      .optional(),
  ),
  /** The largest mail the receiver accepts, in megabytes. */
  SMTP_RECEIVER_MAX_MB: z.coerce.number().int().min(1).max(100).default(25),
  /** Metabase signed embedding (/metabase-dashboard): all three, or the page explains the set-up. */
  METABASE_SITE_URL: optionalUrl,
  METABASE_SECRET_KEY: optionalText.pipe(
    z.string().min(32, 'must be the 64-character embedding secret key').optional(),
  ),
  METABASE_DASHBOARD_ID: z.coerce.number().int().min(1).optional(),
  /**
   * reCAPTCHA (or a siteverify-compatible service) for `register/v2/account`; unset: no check. The
   * site key is public (the sign-up form renders the widget with it) and needs the secret.
   */
  CAPTCHA_SECRET: optionalText,
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Who sells the plans; unset: the operator plan, every feature open (self-hosted default). */
  BILLING_PROVIDER: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(['manual', 'stripe']).optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe's API elsewhere than api.stripe.com (the local fake in tests). */
  STRIPE_API_BASE: optionalUrl,
  /** JSON: Stripe price ids by plan and period, e.g. {"starter:month":"price_…","starter:year":"price_…"}. */
  STRIPE_PRICES: optionalText,
  /** How long a server trusts its memory of an application's plan (a set-plan from elsewhere shows after it). */
  BILLING_CACHE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  /**
   * What one uploaded file may cost to parse (issue 32: knowledge documents are read in a child
   * process under these limits). Inflated size of an archive or of a PDF's text, in MB.
   */
  PARSE_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(2048).default(50),
  /** Entries of an archive (a .docx). */
  PARSE_MAX_ARCHIVE_ENTRIES: z.coerce.number().int().min(10).max(1_000_000).default(2000),
  /** Inflated size ÷ compressed size of an archive (a normal .docx is 3-10 to 1). */
  PARSE_MAX_COMPRESSION_RATIO: z.coerce.number().int().min(2).max(100_000).default(100),
  /** Pages of a PDF. */
  PARSE_MAX_PAGES: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** Passages of one knowledge source. */
  PARSE_MAX_PASSAGES: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  /** Wall time of one file's parse; under the job queue's 60 s claim. */
  PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(50).default(30),
  /** Heap of the parsing process, in MB. */
  PARSE_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  /** Files parsed at the same time by one server process. */
  PARSE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Where PGlite's thread writes its time per statement text (diagnostics), if anywhere. */
  pgliteStatementTimes: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  variant: Env['PRODUCT_VARIANT'];
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
  } | null;
  logLevel: Env['LOG_LEVEL'];
  appSecret: string;
  sessionTtlMs: number;
  /** See modules/accounts/session-cache.ts. */
  sessionCacheMs: number;
  seedDemo: boolean;
  errorReporting: boolean;
  sentryDsn: string | undefined;
  /** The application whose widget the dashboard shows its users (SPEC §6); null: none. */
  supportAppId: string | null;
  /** The configured regional deployment and its display name (null name: the region's own label). */
  region: { id: Region; name: string | null } | null;
  /** CSV of `cidr,country` the sign-up country lookup reads; undefined: every lookup says 'us'. */
  geoipDbPath: string | undefined;
  dashboardDist: string | undefined;
  /** The built widget; found beside the server when unset. */
  widgetDist: string | undefined;
  /** Fastify's trustProxy: whose X-Forwarded-For gives `req.ip`. */
  trustProxy: TrustProxy;
  /** OUTBOUND_ALLOW: what tenants' addresses may reach inside the network; empty: nothing. */
  outboundAllow: readonly string[];
  rateLimit: {
    loginMax: number;
    loginAddressMax: number;
    windowMs: number;
    visitorMessagesPerMinute: number;
    visitorConversationsPerHour: number;
    addressConversationsPerHour: number;
    registerClientPerMinute: number;
  };
  roles: ReadonlySet<ServerRole>;
  /** Uploaded files: `<DATA_DIR>/files`, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** Base URLs of the LLM providers' APIs; undefined: the provider's own. */
  llmBaseUrls: { openai: string | undefined; anthropic: string | undefined; gemini: string | undefined };
  /** The external bot engines' endpoints and Google's OAuth client (issue 36). */
  externalBots: {
    dialogflowApiUrl: string;
    google: {
      tokenUrl: string;
      authUrl: string;
      oauthClient: { clientId: string; clientSecret: string } | null;
    };
    lexEndpoint: string | undefined;
    customTimeoutMs: number;
  };
  /** Base URLs of the messaging channels' provider APIs. */
  channelApiUrls: {
    telegram: string;
    line: string;
    lineData: string;
    viber: string;
    metaGraph: string;
    /** undefined: Twilio's own hosts. */
    twilio: string | undefined;
    dialog360: string;
    gallabox: string;
    slack: string;
  };
  /** CRMs and helpdesks: HubSpot's API (HUBSPOT_API_URL) and the deadline of one call (CRM_TIMEOUT_MS). */
  crm: { hubspotApiUrl: string; timeoutMs: number };
  /** The operator's Meta app (META_APP_ID and META_APP_SECRET); null: pasted page tokens only. */
  metaApp: { appId: string; appSecret: string; verifyToken: string | null; dialogUrl: string } | null;
  /** Online stores' APIs (issue 38 items 1–2). */
  stores: {
    /** `{shop}` is replaced by the shop's domain; the default https://{shop} is each shop's own host. */
    shopifyAdminUrl: string;
    bigCommerceApiUrl: string;
    bigCommerceLoginUrl: string;
    bigCommerceApp: { clientId: string; clientSecret: string } | null;
  };
  /** CAMPAIGN_RATE_PER_SECOND: campaign sends per second per platform (undefined: per provider). */
  campaignRatePerSecond: number | undefined;
  /** EMAIL_POLL_SECONDS in milliseconds. */
  emailPollMs: number;
  /** The largest inbound mail the receiver accepts or the mailbox poller reads (SMTP_RECEIVER_MAX_MB). */
  inboundMailMaxBytes: number;
  /** The built-in SMTP receiver (SMTP_RECEIVER_PORT); null: off. */
  smtpReceiver: { port: number; host: string; domain: string; maxBytes: number } | null;
  /** Metabase signed embedding; null when not configured. */
  metabase: { siteUrl: string; secretKey: string; dashboardId: number } | null;
  /** CAPTCHA_SECRET and where answers are verified; null: `register/v2/account` checks no captcha. */
  captcha: { secret: string; verifyUrl: string; siteKey: string | null } | null;
  /** BILLING_PROVIDER; null: no billing, the operator plan with everything open. */
  billingProvider: 'manual' | 'stripe' | null;
  billingCacheMs: number;
  /** The knowledge source's embeddings provider (KNOWLEDGE_EMBEDDINGS_*); null: keyword search alone. */
  knowledgeEmbeddings: {
    baseUrl: string | undefined;
    apiKey: string;
    model: string;
    minSimilarity: number;
  } | null;
  /** Limits of parsing one uploaded file (PARSE_*; the knowledge module's ParseLimits). */
  parseLimits: {
    /** Everything inside an archive (a .docx), once inflated; also the text read out of a PDF. */
    maxUnpackedBytes: number;
    /** Entries of an archive. */
    maxArchiveEntries: number;
    /** Inflated size ÷ archive size (a normal .docx is 3-10; a bomb hundreds). */
    maxCompressionRatio: number;
    /** Pages of a PDF. */
    maxPages: number;
    /** Passages of one source. */
    maxPassages: number;
    /** Wall time of one file's parse. */
    timeoutMs: number;
    /** Heap of the parsing process, in MB. */
    memoryMb: number;
    /** Files parsed at the same time by this process. */
    concurrency: number;
  };
  /** Set when BILLING_PROVIDER=stripe (then all of it is required). */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    apiBase: string | undefined;
    prices: Record<string, string>;
  } | null;
}

export class ConfigError extends Error {}

// Keys: 'plan:period' for the plans, and SPEC §9's overage add-on ids for the add-ons' prices.
const stripePricesSchema = z.record(
  z.string().regex(/^([a-z_]+:(month|year)|(mtu|messages)-overage-(monthly|yearly))$/),
  z.string().min(1),
);

function stripeConfig(e: Env): NonNullable<AppConfig['stripe']> {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICES) {
    throw new ConfigError(
      'Invalid configuration:\n  BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICES',
    );
  }
  let prices: unknown;
  try {
    prices = JSON.parse(e.STRIPE_PRICES);
  } catch {
    prices = null;
  }
  const parsed = stripePricesSchema.safeParse(prices);
  if (!parsed.success) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PRICES: expected JSON like {"starter:month":"price_…","messages-overage-monthly":"price_…"}',
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiBase: e.STRIPE_API_BASE,
    prices: parsed.data,
  };
}

/** Reads the environment; a bad value stops the start with every problem listed. */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  roles: readonly ServerRole[] = SERVER_ROLES,
): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.META_APP_ID) !== Boolean(e.META_APP_SECRET))
    throw new ConfigError(
      'Invalid configuration:\n  META_APP_ID and META_APP_SECRET go together (both or neither)',
    );
  if (e.CAPTCHA_SITE_KEY && !e.CAPTCHA_SECRET) {
    // A form showing a captcha nobody checks would look protected and not be.
    throw new ConfigError('Invalid configuration:\n  CAPTCHA_SITE_KEY: set CAPTCHA_SECRET too');
  }
  if (e.REGION_NAME && !e.REGION) {
    throw new ConfigError(
      `Invalid configuration:\n  REGION_NAME: set REGION too (one of ${REGIONS.join(', ')})`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let storage: StorageConfig;
  try {
    storage = storageConfigFromEnv({ ...source, DATA_DIR: dataDir });
  } catch (err) {
    if (err instanceof StorageConfigError) throw new ConfigError(err.message);
    throw err;
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          authUrl: e.GOOGLE_AUTH_URL,
          tokenUrl: e.GOOGLE_TOKEN_URL,
          userinfoUrl: e.GOOGLE_USERINFO_URL,
        }
      : null;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    pgliteStatementTimes: e.PGLITE_STATEMENT_TIMES,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    variant: e.PRODUCT_VARIANT,
    google,
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET ?? localSecret(dataDir),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    seedDemo: e.SEED_DEMO,
    errorReporting: e.ERROR_REPORTING,
    sentryDsn: e.SENTRY_DSN,
    supportAppId: e.SUPPORT_APP_ID ?? null,
    region: e.REGION ? { id: e.REGION, name: e.REGION_NAME ?? null } : null,
    geoipDbPath: e.GEOIP_DB_PATH,
    dashboardDist: e.DASHBOARD_DIST,
    widgetDist: e.WIDGET_DIST,
    trustProxy: e.TRUST_PROXY,
    outboundAllow: e.OUTBOUND_ALLOW,
    rateLimit: {
      loginMax: e.RATE_LIMIT_LOGIN_MAX,
      loginAddressMax: e.RATE_LIMIT_LOGIN_ADDRESS_MAX ?? 5 * e.RATE_LIMIT_LOGIN_MAX,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      visitorMessagesPerMinute: e.RATE_LIMIT_VISITOR_MESSAGES,
      visitorConversationsPerHour: e.RATE_LIMIT_VISITOR_CONVERSATIONS,
      addressConversationsPerHour: e.RATE_LIMIT_ADDRESS_CONVERSATIONS,
      registerClientPerMinute: e.RATE_LIMIT_REGISTER_CLIENT,
    },
    roles: new Set(roles),
    storage,
    llmBaseUrls: { openai: e.OPENAI_BASE_URL, anthropic: e.ANTHROPIC_BASE_URL, gemini: e.GEMINI_BASE_URL },
    externalBots: {
      dialogflowApiUrl: e.DIALOGFLOW_API_URL.replace(/\/$/, ''),
      google: {
        tokenUrl: e.GOOGLE_TOKEN_URL,
        authUrl: e.GOOGLE_AUTH_URL,
        oauthClient:
          // The Google sign-in client also authorizes Dialogflow agents (/dialogflow-callback).
          e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
            ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
            : null,
      },
      lexEndpoint: e.LEX_RUNTIME_URL?.replace(/\/$/, ''),
      customTimeoutMs: e.CUSTOM_BOT_TIMEOUT_MS,
    },
    channelApiUrls: {
      telegram: e.TELEGRAM_API_URL.replace(/\/$/, ''),
      line: e.LINE_API_URL.replace(/\/$/, ''),
      lineData: e.LINE_DATA_API_URL.replace(/\/$/, ''),
      viber: e.VIBER_API_URL.replace(/\/$/, ''),
      metaGraph: e.META_GRAPH_API_URL.replace(/\/$/, ''),
      twilio: e.TWILIO_API_URL?.replace(/\/$/, ''),
      dialog360: e.DIALOG360_API_URL.replace(/\/$/, ''),
      gallabox: e.GALLABOX_API_URL.replace(/\/$/, ''),
      slack: e.SLACK_API_URL.replace(/\/$/, ''),
    },
    stores: {
      shopifyAdminUrl: e.SHOPIFY_ADMIN_URL.replace(/\/$/, ''),
      bigCommerceApiUrl: e.BIGCOMMERCE_API_URL.replace(/\/$/, ''),
      bigCommerceLoginUrl: e.BIGCOMMERCE_LOGIN_URL.replace(/\/$/, ''),
      bigCommerceApp:
        e.BIGCOMMERCE_CLIENT_ID && e.BIGCOMMERCE_CLIENT_SECRET
          ? { clientId: e.BIGCOMMERCE_CLIENT_ID, clientSecret: e.BIGCOMMERCE_CLIENT_SECRET }
          : null,
    },
    crm: { hubspotApiUrl: e.HUBSPOT_API_URL.replace(/\/$/, ''), timeoutMs: e.CRM_TIMEOUT_MS },
    metaApp:
      e.META_APP_ID && e.META_APP_SECRET
        ? {
            appId: e.META_APP_ID,
            appSecret: e.META_APP_SECRET,
            verifyToken: e.META_VERIFY_TOKEN ?? null,
            dialogUrl: e.META_DIALOG_URL.replace(/\/$/, ''),
          }
        : null,
    emailPollMs: e.EMAIL_POLL_SECONDS * 1000,
    campaignRatePerSecond: e.CAMPAIGN_RATE_PER_SECOND,
    inboundMailMaxBytes: e.SMTP_RECEIVER_MAX_MB * 1024 * 1024,
    smtpReceiver:
      e.SMTP_RECEIVER_PORT === undefined
        ? null
        : {
            port: e.SMTP_RECEIVER_PORT,
            host: e.SMTP_RECEIVER_HOST ?? e.HOST,
            domain: e.INBOUND_MAIL_DOMAIN ?? new URL(publicUrl).hostname.toLowerCase(),
            maxBytes: e.SMTP_RECEIVER_MAX_MB * 1024 * 1024,
          },
    metabase:
      e.METABASE_SITE_URL && e.METABASE_SECRET_KEY && e.METABASE_DASHBOARD_ID
        ? {
            siteUrl: e.METABASE_SITE_URL.replace(/\/$/, ''),
            secretKey: e.METABASE_SECRET_KEY,
            dashboardId: e.METABASE_DASHBOARD_ID,
          }
        : null,
    captcha: e.CAPTCHA_SECRET
      ? { secret: e.CAPTCHA_SECRET, verifyUrl: e.CAPTCHA_VERIFY_URL, siteKey: e.CAPTCHA_SITE_KEY ?? null }
      : null,
    billingProvider: e.BILLING_PROVIDER ?? null,
    billingCacheMs: e.BILLING_CACHE_MS,
    knowledgeEmbeddings:
      e.KNOWLEDGE_EMBEDDINGS_API_KEY && e.KNOWLEDGE_EMBEDDINGS_MODEL
        ? {
            baseUrl: e.KNOWLEDGE_EMBEDDINGS_URL,
            apiKey: e.KNOWLEDGE_EMBEDDINGS_API_KEY,
            model: e.KNOWLEDGE_EMBEDDINGS_MODEL,
            minSimilarity: e.KNOWLEDGE_EMBEDDINGS_MIN_SIMILARITY,
          }
        : null,
    parseLimits: {
      maxUnpackedBytes: e.PARSE_MAX_UNPACKED_MB * 1024 * 1024,
      maxArchiveEntries: e.PARSE_MAX_ARCHIVE_ENTRIES,
      maxCompressionRatio: e.PARSE_MAX_COMPRESSION_RATIO,
      maxPages: e.PARSE_MAX_PAGES,
      maxPassages: e.PARSE_MAX_PASSAGES,
      timeoutMs: e.PARSE_TIMEOUT_SECONDS * 1000,
      memoryMb: e.PARSE_MEMORY_MB,
      concurrency: e.PARSE_CONCURRENCY,
    },
    stripe: e.BILLING_PROVIDER === 'stripe' ? stripeConfig(e) : null,
  };
}

/**
 * Without APP_SECRET a single-machine install keeps a generated secret in its data directory, so
 * encrypted OAuth state survives restarts. Several nodes must share APP_SECRET instead.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseRoles(argv: readonly string[]): ServerRole[] {
  const arg = argv.find((a) => a.startsWith('--roles='));
  if (!arg) return [...SERVER_ROLES];
  const names = arg
    .slice('--roles='.length)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.filter((n) => !(SERVER_ROLES as readonly string[]).includes(n));
  if (bad.length > 0 || names.length === 0) {
    throw new ConfigError(
      `--roles takes a comma list of ${SERVER_ROLES.join(', ')}; got "${names.join(',')}"`,
    );
  }
  return names as ServerRole[];
}
