import { createOpenAI } from '@ai-sdk/openai';
import { embedMany } from 'ai';

// The embeddings provider of hybrid retrieval: any OpenAI-format `/embeddings` endpoint (OpenAI,
// or a compatible server), through the `ai` SDK. Configured for the deployment (KNOWLEDGE_EMBEDDINGS_*,
// docs/decisions.md); without it retrieval is keyword ranking alone.

export interface Embedder {
  /** Stored with each vector: vectors of another model are never compared. */
  readonly model: string;
  /** A passage whose cosine similarity reaches this answers even without the question's words. */
  readonly minSimilarity: number;
  /** Unit-length vectors of the texts, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface EmbedderOptions {
  baseURL?: string | undefined;
  apiKey: string;
  model: string;
  minSimilarity: number;
  fetch?: typeof fetch | undefined;
}

/** Texts per provider call (OpenAI accepts 2048 inputs; smaller calls fail and retry cheaper). */
const BATCH = 64;

export function normalise(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  return norm > 0 ? vector.map((x) => x / norm) : vector.map(() => 0);
}

export function openAIEmbedder(options: EmbedderOptions): Embedder {
  const provider = createOpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, fetch: options.fetch });
  const model = provider.embedding(options.model);
  return {
    model: options.model,
    minSimilarity: options.minSimilarity,
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const { embeddings } = await embedMany({
          model,
          values: texts.slice(i, i + BATCH),
          maxRetries: 1,
          abortSignal: signal,
        });
        for (const e of embeddings) out.push(normalise(e));
      }
      return out;
    },
  };
}

/** The text a passage is embedded as: its heading says what it is about. */
export function passageEmbeddingText(p: { heading: string | null; text: string }): string {
  return p.heading ? `${p.heading}\n${p.text}` : p.text;
}

/** The deployment's embedder (config.knowledgeEmbeddings), or null when none is configured. */
export function configuredEmbedder(
  config: { baseUrl: string | undefined; apiKey: string; model: string; minSimilarity: number } | null,
): Embedder | null {
  return config
    ? openAIEmbedder({
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        minSimilarity: config.minSimilarity,
      })
    : null;
}
