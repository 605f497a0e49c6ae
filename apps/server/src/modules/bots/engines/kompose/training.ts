import { BOT_LANGUAGES, type BotLanguage } from '@convo/domain';
import { z } from 'zod';
import type { Db } from '../../../../platform/db/database.js';
import { type JobHandler, PermanentJobError } from '../../../../platform/jobs/job-queue.js';
import { listIntents } from '../../builder/repository.js';
import type { Embedder } from '../../knowledge/embeddings.js';
import * as repo from './repository.js';
import { trainSemantic } from './semantic-training.js';
import { outOfScopePhrases } from './settings.js';
import { type StoredKomposeModels, trainModels } from './snapshot.js';

// The `bots.train` job (worker role): trains a bot's language from its saved phrases and stores the
// model, unless the intents changed again while it trained (that change's own job stores it).
// Web nodes never train a saved bot; they read the stored model.

const payloadSchema = z.object({ botId: z.uuid(), language: z.enum(BOT_LANGUAGES) });

export interface TrainingOutcome {
  stored: boolean;
  version: number;
  intents: number;
  ms: number;
}

/** Trains one bot language now; returns null when there is nothing to do (bot gone, up to date). */
export async function trainBotLanguage(
  db: Db,
  applicationId: string,
  botId: string,
  language: BotLanguage,
  embedder: Embedder | null = null,
): Promise<TrainingOutcome | null> {
  const settings = await repo.komposeBotSettings(db, applicationId, botId);
  if (!settings) return null;
  const state = await repo.readModelVersion(db, applicationId, botId, language);
  if (!state) return null;
  if (state.status === 'ready' && state.trainedVersion >= state.version) return null;
  const started = performance.now();
  const intents = await listIntents(db, applicationId, botId, [language]);
  let models: StoredKomposeModels;
  const outOfScope = outOfScopePhrases(settings, language);
  try {
    models = trainModels(intents, language, outOfScope);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await repo.markTrainingFailed(db, applicationId, botId, language, state.version, message);
    throw new PermanentJobError(message);
  }
  if (embedder) models.semantic = await semanticOrNull(embedder, intents, language, outOfScope);
  const stored = await repo.storeTrainedModel(db, applicationId, botId, language, state.version, models);
  const trained = models.answers?.classifier.intents.length ?? 0;
  return { stored, version: state.version, intents: trained, ms: performance.now() - started };
}

/** Time the embeddings provider gets per training; past it the bot answers by words alone. */
const SEMANTIC_TRAINING_TIMEOUT_MS = 60_000;

/** A provider that fails or times out costs the meaning layer, never the training. */
async function semanticOrNull(
  embedder: Embedder,
  intents: Parameters<typeof trainSemantic>[1],
  language: BotLanguage,
  outOfScope: readonly string[],
) {
  try {
    return await trainSemantic(
      embedder,
      intents,
      language,
      outOfScope,
      AbortSignal.timeout(SEMANTIC_TRAINING_TIMEOUT_MS),
    );
  } catch {
    return null;
  }
}

export function komposeTrainingHandler(deps: { db: Db; embedder?: Embedder | null }): JobHandler {
  return async (job) => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success || !job.applicationId) throw new PermanentJobError('invalid bots.train payload');
    await trainBotLanguage(
      deps.db,
      job.applicationId,
      parsed.data.botId,
      parsed.data.language as BotLanguage,
      deps.embedder ?? null,
    );
  };
}
