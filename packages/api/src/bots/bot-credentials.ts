import { EXTERNAL_BOT_ENGINES } from '@convo/domain';
import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';

// Credentials of the external bot engines (issue 36): what the admin types on /bots/bot-integrations.
// They are write-only: the server seals them with the application secret and answers only which
// fields are configured (identifiers in clear, secrets as names) — never a secret's value.

const id = (max = 200) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9._:-]+$/, 'Letters, digits, dots, dashes, colons and underscores only.');
const secret = (max = 500) => z.string().trim().min(1).max(max);
const httpsUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/ }));

const serviceAccountObject = z.object({
  client_email: z.email(),
  private_key: z.string().min(20).max(10_000).includes('PRIVATE KEY'),
  private_key_id: z.string().max(200).optional(),
});

/**
 * The JSON key file of a Google service account, as pasted (text) or as stored (its fields); only
 * the fields the JWT grant needs are kept.
 */
export const googleServiceAccountSchema = z.union([
  serviceAccountObject,
  z
    .string()
    .trim()
    .min(2)
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The service account key is not JSON.' });
        return z.NEVER;
      }
    })
    .pipe(serviceAccountObject),
]);

export const dialogflowCredentialsSchema = z.object({
  engine: z.literal('dialogflow'),
  projectId: id(100),
  /** The service account key file's JSON (absent when the agent is authorized with Google instead). */
  serviceAccountKey: googleServiceAccountSchema.optional(),
});

export const dialogflowCxCredentialsSchema = z.object({
  engine: z.literal('dialogflowcx'),
  projectId: id(100),
  /** The agent's region ('global', 'us-central1', 'europe-west1'…). */
  location: id(50).default('global'),
  agentId: id(100),
  serviceAccountKey: googleServiceAccountSchema.optional(),
});

export const lexCredentialsSchema = z.object({
  engine: z.literal('amazonlex'),
  region: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'An AWS region such as us-east-1.'),
  botId: id(10),
  botAliasId: id(10),
  localeId: id(20).default('en_US'),
  accessKeyId: id(128),
  secretAccessKey: secret(128),
});

export const watsonCredentialsSchema = z.object({
  engine: z.literal('watson'),
  /** The instance's service URL (https://api.<region>.assistant.watson.cloud.ibm.com/instances/<id>). */
  serviceUrl: httpsUrl,
  /** The assistant's environment id (v2 API). */
  assistantId: id(100),
  apiKey: secret(),
});

export const customCredentialsSchema = z.object({
  engine: z.literal('custom'),
  /** Where each customer message is POSTed (docs/bots/custom-webhook.md). */
  webhookUrl: httpsUrl,
  /** Sent as `Authorization: Bearer <token>` when set. */
  token: secret().optional(),
});

export const externalCredentialsSchema = z.discriminatedUnion('engine', [
  dialogflowCredentialsSchema,
  dialogflowCxCredentialsSchema,
  lexCredentialsSchema,
  watsonCredentialsSchema,
  customCredentialsSchema,
]);
export type ExternalCredentialsInput = z.input<typeof externalCredentialsSchema>;
/** As stored (sealed) and given to the engine; Dialogflow may also carry an OAuth refresh token. */
export type ExternalCredentials = z.output<typeof externalCredentialsSchema> & {
  oauth?: { refreshToken: string } | undefined;
};

/**
 * PUT credentials: the bot's engine (an external one, or viaKM: kompose first, then the external
 * engine named by `credentials.engine`) and the provider's credentials.
 */
export const botCredentialsUpdateSchema = z
  .object({
    engine: z.enum([...EXTERNAL_BOT_ENGINES, 'viaKM']),
    credentials: externalCredentialsSchema,
  })
  .refine((b) => b.engine === 'viaKM' || b.engine === b.credentials.engine, {
    message: 'The credentials are for another engine.',
    path: ['credentials', 'engine'],
  });
export type BotCredentialsUpdate = z.input<typeof botCredentialsUpdateSchema>;
export type BotCredentialsUpdateParsed = z.output<typeof botCredentialsUpdateSchema>;

/** What the API says about stored credentials: identifiers, and which secrets are set. */
export const credentialsViewSchema = z.object({
  engine: z.string(),
  /** Non-secret identifiers as typed (project, agent, region, bot ids, URLs, the service account's e-mail). */
  fields: z.record(z.string(), z.string()),
  /** Names of the secret fields that are configured (their values never leave the server). */
  configured: z.array(z.string()),
});
export type CredentialsView = z.infer<typeof credentialsViewSchema>;
export const credentialsResponseSchema = successEnvelope(credentialsViewSchema.nullable());

export const dialogflowAuthorizeUrlResponseSchema = successEnvelope(z.object({ url: z.string() }));
export const dialogflowAuthorizeSchema = z.object({
  code: z.string().trim().min(1).max(2000),
  state: z.string().trim().min(1).max(2000),
});

/**
 * The custom engine's webhook contract (docs/bots/custom-webhook.md): what the bot POSTs for each
 * customer message…
 */
export const customWebhookRequestSchema = z.object({
  /** The bot's id. */
  botId: z.string(),
  /** The customer message's key. */
  key: z.string(),
  /** The customer's user id. */
  from: z.string(),
  message: z.string(),
  /** The conversation. */
  groupId: z.number(),
  metadata: z.record(z.string(), z.string()),
  contentType: z.number(),
  applicationKey: z.string(),
  /** Where the message came from (the widget, a channel); '' unknown. */
  source: z.string(),
  /** 'message' for a customer message. */
  eventName: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type CustomWebhookRequest = z.infer<typeof customWebhookRequestSchema>;

/** …and what it answers: the bot's messages in order; KM_ASSIGN_TO / KM_ASSIGN_TEAM hand off. */
export const customWebhookResponseSchema = z
  .array(
    z.object({
      message: z.string().max(5000).optional(),
      metadata: z.record(z.string(), z.unknown()).optional(),
    }),
  )
  .max(20);
