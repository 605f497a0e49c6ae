import { INSIGHT_QUESTIONS, type InsightAnswer, type InsightQuestion, insightAnswerSchema } from '@convo/api';
import {
  INSIGHT_DB_NAME,
  INSIGHT_DB_VERSION,
  INSIGHT_SOURCE_INDEX,
  INSIGHT_STORE,
  insightAnswerRecordId,
  insightIdBounds,
  insightRecordId,
  isInsightRecordOf,
} from '@convo/domain';
import * as z from 'zod/mini';
import type { RangeParams } from '../api/analytics-api';

// The browser cache of the Insights' answers, exactly per SPEC §3 (the key scheme is the domain's):
// plain IndexedDB, as it is four calls and needs no library. Without IndexedDB (private windows of
// some browsers) every read misses and every write is skipped: the server answers each time.

/** One cached answer: the question it answers, over which range, and when the server answered. */
const cachedInsightSchema = z.object({
  id: z.string(),
  sourceQuestion: z.string(),
  applicationId: z.string(),
  from: z.number(),
  to: z.number(),
  timeZone: z.string(),
  answeredAt: z.number(),
  answer: insightAnswerSchema,
});
export type CachedInsight = z.infer<typeof cachedInsightSchema>;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openInsightDb(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  const open = indexedDB.open(INSIGHT_DB_NAME, INSIGHT_DB_VERSION);
  open.onupgradeneeded = () => {
    const db = open.result;
    // Version 1 records had no application prefix: they cannot be filtered, so they go.
    if (db.objectStoreNames.contains(INSIGHT_STORE)) db.deleteObjectStore(INSIGHT_STORE);
    const store = db.createObjectStore(INSIGHT_STORE, { keyPath: 'id' });
    store.createIndex(INSIGHT_SOURCE_INDEX, INSIGHT_SOURCE_INDEX, { unique: false });
  };
  return request(open);
}

/** The application's cached answers for the range, by question (only the application's ids are read). */
export async function readCachedInsights(
  applicationId: string,
  range: RangeParams,
): Promise<Map<InsightQuestion, CachedInsight>> {
  const found = new Map<InsightQuestion, CachedInsight>();
  const opening = openInsightDb();
  if (!opening) return found;
  const db = await opening;
  try {
    const { lower, upper } = insightIdBounds(applicationId);
    const store = db.transaction(INSIGHT_STORE, 'readonly').objectStore(INSIGHT_STORE);
    const rows: unknown[] = await request(store.getAll(IDBKeyRange.bound(lower, upper)));
    for (const row of rows) {
      const parsed = cachedInsightSchema.safeParse(row);
      if (!parsed.success || !isInsightRecordOf(parsed.data.id, applicationId)) continue;
      const question = parsed.data.answer.question;
      if (parsed.data.id === insightRecordId(applicationId, insightAnswerRecordId(question, range))) {
        found.set(question, parsed.data);
      }
    }
    return found;
  } finally {
    db.close();
  }
}

/** Stores the server's answers for the range, replacing those cached before. */
export async function writeCachedInsights(
  applicationId: string,
  range: RangeParams,
  answeredAt: number,
  answers: readonly InsightAnswer[],
): Promise<void> {
  const opening = openInsightDb();
  if (!opening) return;
  const db = await opening;
  try {
    const tx = db.transaction(INSIGHT_STORE, 'readwrite');
    const store = tx.objectStore(INSIGHT_STORE);
    for (const answer of answers) {
      const record: CachedInsight = {
        id: insightRecordId(applicationId, insightAnswerRecordId(answer.question, range)),
        sourceQuestion: answer.question,
        applicationId,
        ...range,
        answeredAt,
        answer,
      };
      store.put(record);
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The five answers in order when all are cached, else null (the server is asked). */
export function completeAnswers(cached: Map<InsightQuestion, CachedInsight>) {
  const records = INSIGHT_QUESTIONS.map((q) => cached.get(q));
  if (records.some((r) => r === undefined)) return null;
  const present = records.filter((r): r is CachedInsight => r !== undefined);
  return { answeredAt: Math.min(...present.map((r) => r.answeredAt)), answers: present.map((r) => r.answer) };
}
