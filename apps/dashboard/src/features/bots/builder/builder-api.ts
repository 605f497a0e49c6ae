// The builder's calls (BOT_PATHS of packages/api/src/bots/bots.ts): the bot, its engine settings, its
// intents per language, training state and the emulator.

import {
  BOT_PATHS,
  type BotEngineUpdate,
  type BotUpdate,
  botResponseSchema,
  type EmulatorCorrection,
  type EmulatorReply,
  emulatorCorrectionSchema,
  emulatorRequestSchema,
  emulatorResponseSchema,
  entitySchema,
  entityWriteSchema,
  type IntentWrite,
  intentListResponseSchema,
  intentResponseSchema,
  thresholdPreviewResponseSchema,
  trainingResponseSchema,
} from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import { z } from 'zod';
import { apiRequest } from '../../../app/api/api-client';
import { type ThresholdPreview, thresholdPreviewFrom } from './threshold-preview';

export const builderKeys = {
  bot: (botId: string) => ['bots', botId] as const,
  intents: (botId: string, language: string) => ['bots', botId, 'intents', language] as const,
  training: (botId: string) => ['bots', botId, 'training'] as const,
  entities: (botId: string, locale: string) => ['bots', botId, 'entities', locale] as const,
  thresholdPreview: (botId: string, threshold: number) =>
    ['bots', botId, 'threshold-preview', threshold] as const,
};

const path = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

// Writes whose answer the contract leaves open: the builder re-reads what it shows afterwards.
const anyResponse = z.unknown();

export async function fetchBot(botId: string, signal?: AbortSignal) {
  return (await apiRequest(path(BOT_PATHS.bot, { botId }), { schema: botResponseSchema, signal })).data;
}

/** Rename, languages, default language, operation mode (PATCH, as the bots module serves it). */
export async function updateBot(botId: string, body: BotUpdate) {
  await apiRequest(path(BOT_PATHS.bot, { botId }), { method: 'PATCH', body, schema: anyResponse });
}

export async function updateBotEngine(botId: string, body: BotEngineUpdate) {
  await apiRequest(path(BOT_PATHS.botEngine, { botId }), { method: 'PUT', body, schema: anyResponse });
}

export async function fetchIntents(botId: string, language: BotLanguage, signal?: AbortSignal) {
  return (
    await apiRequest(path(BOT_PATHS.intents, { botId }), {
      schema: intentListResponseSchema,
      query: { language },
      signal,
    })
  ).data;
}

export async function createIntent(botId: string, body: IntentWrite) {
  return (
    await apiRequest(path(BOT_PATHS.intents, { botId }), {
      method: 'POST',
      body,
      schema: intentResponseSchema,
    })
  ).data;
}

export async function updateIntent(botId: string, intentId: string, body: IntentWrite) {
  return (
    await apiRequest(path(BOT_PATHS.intent, { botId, intentId }), {
      method: 'PUT',
      body,
      schema: intentResponseSchema,
    })
  ).data;
}

export async function deleteIntent(botId: string, intentId: string, allLanguages: boolean) {
  await apiRequest(path(BOT_PATHS.intent, { botId, intentId }), {
    method: 'DELETE',
    query: { allLanguages: allLanguages ? 'true' : 'false' },
    schema: anyResponse,
  });
}

/** 'Yes, copy!': the answers (all of the language when no ids) to every enabled language. */
export async function copyIntents(botId: string, from: BotLanguage, intentIds?: string[]) {
  await apiRequest(path(BOT_PATHS.copyIntents, { botId }), {
    method: 'POST',
    body: intentIds === undefined ? { from } : { from, intentIds },
    schema: anyResponse,
  });
}

export async function fetchTraining(botId: string, signal?: AbortSignal) {
  return (await apiRequest(path(BOT_PATHS.training, { botId }), { schema: trainingResponseSchema, signal }))
    .data;
}

export async function trainNow(botId: string) {
  await apiRequest(path(BOT_PATHS.training, { botId }), { method: 'POST', body: {}, schema: anyResponse });
}

// The entities' answers are the entity (one) or the list, in the usual envelope.
const entityListSchema = z.object({ data: z.array(entitySchema) });
const entityOneSchema = z.object({ data: entitySchema });
export type EntityWrite = z.input<typeof entityWriteSchema>;

export async function fetchEntities(botId: string, locale: BotLanguage, signal?: AbortSignal) {
  return (
    await apiRequest(path(BOT_PATHS.entities, { botId }), {
      schema: entityListSchema,
      query: { locale },
      signal,
    })
  ).data;
}

export async function saveEntity(botId: string, entityId: string | null, body: EntityWrite) {
  return (
    await apiRequest(
      entityId === null ? path(BOT_PATHS.entities, { botId }) : path(BOT_PATHS.entity, { botId, entityId }),
      {
        method: entityId === null ? 'POST' : 'PUT',
        body: entityWriteSchema.parse(body),
        schema: entityOneSchema,
      },
    )
  ).data;
}

export async function deleteEntity(botId: string, entityId: string) {
  await apiRequest(path(BOT_PATHS.entity, { botId, entityId }), { method: 'DELETE', schema: anyResponse });
}

export type EmulatorRequest = z.input<typeof emulatorRequestSchema>;

export async function askEmulator(botId: string, body: EmulatorRequest): Promise<EmulatorReply> {
  return (
    await apiRequest(path(BOT_PATHS.emulator, { botId }), {
      method: 'POST',
      body: emulatorRequestSchema.parse(body),
      schema: emulatorResponseSchema,
    })
  ).data;
}

/** "This should have been…": learns the message for that intent (null: none) and answers it again. */
export async function correctEmulator(botId: string, body: EmulatorCorrection): Promise<EmulatorReply> {
  return (
    await apiRequest(path(BOT_PATHS.emulatorCorrection, { botId }), {
      method: 'POST',
      body: emulatorCorrectionSchema.parse(body),
      schema: emulatorResponseSchema,
    })
  ).data;
}

/** How recent customer messages would fare at this threshold (answered, fallen back, changed). */
export async function fetchThresholdPreview(
  botId: string,
  threshold: number,
  signal?: AbortSignal,
): Promise<ThresholdPreview> {
  const body = await apiRequest(path(BOT_PATHS.thresholdPreview, { botId }), {
    method: 'POST',
    body: { threshold },
    schema: thresholdPreviewResponseSchema,
    signal,
  });
  return thresholdPreviewFrom(body.data);
}
