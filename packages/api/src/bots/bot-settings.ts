import { BOT_EXPORT_FORMAT, BOT_EXPORT_VERSION, BOT_LANGUAGES, BOT_OPERATION_MODES } from '@convo/domain';
import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { flowGraphSchema } from './bot-flows.js';
import {
  botEngineSchema,
  botEngineSettingsSchema,
  botLanguageSchema,
  botSaysSchema,
  entityWriteSchema,
  intentWriteSchema,
} from './bots.js';

// The builder's settings pages (SPEC §2 /settings/general … /handover): a bot's fulfillment
// webhook, and its export file and import. General, entities and handover use the bots API.

/** Answers to the fulfillment webhook's call: the messages sent instead of the static reply. */
export const fulfillmentResponseSchema = z.object({
  messages: z
    .array(
      z.union([
        botSaysSchema,
        z.object({ text: z.string().trim().min(1).max(5000) }).transform((m) => ({
          kind: 'text' as const,
          text: m.text,
        })),
      ]),
    )
    .min(1)
    .max(20),
});
export type FulfillmentResponse = z.output<typeof fulfillmentResponseSchema>;

/** What the bot POSTs to its fulfillment webhook (signed like the application's webhooks). */
export const fulfillmentRequestSchema = z.object({
  botId: z.string(),
  groupId: z.number(),
  messageId: z.number(),
  /** The customer's message. */
  message: z.string(),
  intent: z.string(),
  confidence: z.number(),
  language: z.string(),
  /** Custom entities found in the message: entity → value. */
  entities: z.record(z.string(), z.string()),
});
export type FulfillmentRequest = z.infer<typeof fulfillmentRequestSchema>;

export const botWebhookSchema = z.object({
  url: z.string().nullable(),
  /** Names of the answers (intents) whose reply comes from the webhook. */
  intents: z.array(z.string()),
  /** Whether a signing secret is stored; the secret itself is never returned. */
  hasSecret: z.boolean(),
  /** How long the bot waits for the webhook before it sends the static reply. */
  timeoutMs: z.number(),
});
export type BotWebhook = z.infer<typeof botWebhookSchema>;
export const botWebhookResponseSchema = successEnvelope(botWebhookSchema);

export const botWebhookUpdateSchema = z.object({
  /** '' removes the webhook. */
  url: z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/ }))
    .or(z.literal('')),
  intents: z.array(z.string().trim().min(1).max(150)).max(500),
  /** Write-only: absent keeps the stored secret, '' removes it. */
  secret: z.string().trim().max(500).optional(),
});
export type BotWebhookUpdate = z.input<typeof botWebhookUpdateSchema>;

/** Version 1 of the export file. Unknown keys are refused so a typo is not silently lost. */
export const botExportFileSchema = z
  .object({
    format: z.literal(BOT_EXPORT_FORMAT),
    version: z.literal(BOT_EXPORT_VERSION),
    exportedAt: z.string().max(40),
    bot: z
      .object({
        name: z.string().trim().min(1).max(120),
        engine: botEngineSchema,
        defaultLanguage: botLanguageSchema,
        languages: z.array(botLanguageSchema).min(1).max(BOT_LANGUAGES.length),
        operationMode: z.enum(BOT_OPERATION_MODES),
        settings: botEngineSettingsSchema.strict(),
        webhook: z
          .object({ url: z.string().max(2048).nullable(), intents: z.array(z.string().max(150)).max(500) })
          .strict(),
      })
      .strict(),
    intents: z.array(intentWriteSchema.strict()).max(5000),
    entities: z.array(entityWriteSchema.strict()).max(2000),
    /** The bot's flows (Flow Designer): each one's published graph, else its draft. Absent in older files. */
    flows: z
      .array(
        z
          .object({
            name: z.string().trim().min(1).max(100),
            intent: z.string().trim().min(1).max(150).nullable(),
            isDefault: z.boolean(),
            published: z.boolean(),
            graph: flowGraphSchema,
          })
          .strict(),
      )
      .max(100)
      .default([]),
  })
  .strict();
export type BotExportFile = z.output<typeof botExportFileSchema>;
export const botExportResponseSchema = botExportFileSchema;

export const botImportQuerySchema = z.object({ dryRun: z.enum(['true', 'false']).optional() });

const namedItem = z.object({ language: z.string(), name: z.string() });
export const botImportPreviewSchema = z.object({
  /** False for a dry run. */
  applied: z.boolean(),
  intents: z.object({ added: z.array(namedItem), replaced: z.array(namedItem) }),
  entities: z.object({ added: z.array(namedItem), replaced: z.array(namedItem) }),
  /** Flows by name (language is ''); a replaced flow keeps its history and gets a new version. */
  flows: z
    .object({ added: z.array(namedItem), replaced: z.array(namedItem) })
    .default({ added: [], replaced: [] }),
  /** Languages the import turns on. */
  languagesAdded: z.array(z.string()),
  /** Whether the bot's settings (handover, threshold, instructions, webhook…) change. */
  settingsChanged: z.boolean(),
});
export type BotImportPreview = z.infer<typeof botImportPreviewSchema>;
export const botImportResponseSchema = successEnvelope(botImportPreviewSchema);
