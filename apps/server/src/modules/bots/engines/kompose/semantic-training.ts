import type { BotLanguage } from '@convo/domain';
import type { Embedder } from '../../knowledge/embeddings.js';
import { genericOutOfScope } from './out-of-scope.js';
import { SemanticIndex, type SerializedSemanticIndex } from './semantic.js';
import { trainingSets } from './snapshot.js';

// The meaning layer of a bot language, built by the worker after the word model (training.ts):
// one provider call for the answer phrases and the calibration's negatives together.

interface PhraseIntent {
  section: string;
  name: string;
  userSays: readonly string[];
}

/** The index, or null when the bot has no answer phrases or the provider fails (words alone then). */
export async function trainSemantic(
  embedder: Embedder,
  intents: readonly PhraseIntent[],
  language: BotLanguage,
  outOfScope: readonly string[],
  signal?: AbortSignal,
): Promise<SerializedSemanticIndex | null> {
  const sets = trainingSets(intents, language, outOfScope);
  if (sets.answers.length === 0) return null;
  const negatives = [...genericOutOfScope(language), ...sets.smallTalk.map((e) => e.text)];
  const vectors = await embedder.embed([...sets.answers.map((e) => e.text), ...negatives], signal);
  const phrases = sets.answers.map((e, i) => ({ intent: e.intent, vector: vectors[i] ?? [] }));
  const index = SemanticIndex.build(embedder.model, phrases, vectors.slice(sets.answers.length));
  return index?.toJSON() ?? null;
}
