// The builder settings pages' own calls (BOT_SETTINGS_PATHS of packages/api/src/bots/bot-settings.ts):
// the fulfillment webhook, the export file and the import. General, entities and handover use
// the bots API (../api.ts, ../builder/builder-api.ts).

import {
  BOT_SETTINGS_PATHS,
  type BotExportFile,
  type BotImportPreview,
  type BotWebhook,
  type BotWebhookUpdate,
  botExportResponseSchema,
  botImportResponseSchema,
  botPath,
  botWebhookResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../../app/api/api-client';

export const botSettingsKeys = {
  webhook: (botId: string) => ['bots', botId, 'webhook'] as const,
};

export async function fetchBotWebhook(botId: string, signal?: AbortSignal): Promise<BotWebhook> {
  return (
    await apiRequest(botPath(BOT_SETTINGS_PATHS.webhook, { botId }), {
      schema: botWebhookResponseSchema,
      signal,
    })
  ).data;
}

export async function saveBotWebhook(botId: string, body: BotWebhookUpdate): Promise<BotWebhook> {
  return (
    await apiRequest(botPath(BOT_SETTINGS_PATHS.webhook, { botId }), {
      method: 'PUT',
      body,
      schema: botWebhookResponseSchema,
    })
  ).data;
}

export async function fetchBotExport(botId: string): Promise<BotExportFile> {
  return apiRequest(botPath(BOT_SETTINGS_PATHS.export, { botId }), { schema: botExportResponseSchema });
}

/** The file name the export is saved under: the bot's name, made safe for file systems. */
export function exportFileName(botName: string): string {
  const safe = botName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${safe || 'bot'}.convo-bot.json`;
}

/** Saves the export as a JSON file in the browser. */
export async function downloadBotExport(botId: string): Promise<BotExportFile> {
  const file = await fetchBotExport(botId);
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(file.bot.name);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file;
}

/** Sends a parsed export file: a preview with `dryRun`, else the import itself. */
export async function importBotFile(
  botId: string,
  file: unknown,
  dryRun: boolean,
): Promise<BotImportPreview> {
  return (
    await apiRequest(botPath(BOT_SETTINGS_PATHS.import, { botId }), {
      method: 'POST',
      body: file,
      query: { dryRun: dryRun ? 'true' : undefined },
      schema: botImportResponseSchema,
    })
  ).data;
}
