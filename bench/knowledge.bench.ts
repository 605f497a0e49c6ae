// Knowledge source budgets (issue 15): indexing a 200-page PDF (< 10 s: parse, split, write the
// passages in one transaction, as the worker's job does) and retrieval p95 at 10,000 passages of
// one bot (< 50 ms), on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
// Usage: npx tsx bench/knowledge.bench.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { applications, customers } from '../apps/server/src/db/schema/index.js';
import { indexSource } from '../apps/server/src/modules/bots/knowledge/indexing.js';
import * as repo from '../apps/server/src/modules/bots/knowledge/repository.js';
import { searchKnowledge } from '../apps/server/src/modules/bots/knowledge/retrieval.js';
import { buildPdf } from '../apps/server/src/modules/bots/knowledge/test-documents.js';
import { createLocalStorage } from '../apps/server/src/platform/storage/local-storage.js';
import { newStorageKey } from '../apps/server/src/platform/storage/storage.js';
import { addTestBot } from '../apps/server/src/testing/bots.js';
import { openTestDatabase, type TestDbKind } from '../apps/server/src/testing/test-database.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const PDF_PAGES = 200;
const PASSAGES = 10_000;
const QUERIES = Number(process.env.QUERIES ?? 300);

// A deterministic text generator: a Zipf-like vocabulary, so some words are in most passages
// (the worst case for an OR of terms) and most are rare.
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'sto',
  'pa',
  'vel',
  'tri',
  'no',
  'sha',
  'qui',
  'dor',
  'bel',
  'fen',
  'gru',
];
const COMMON = ['order', 'delivery', 'return', 'shop', 'price', 'product', 'customer', 'day', 'time', 'help'];
const STOP = ['the', 'a', 'of', 'and', 'to', 'is', 'in', 'for', 'with', 'on'];
const vocabulary = [
  ...COMMON,
  ...Array.from({ length: 3000 }, () =>
    Array.from(
      { length: 2 + Math.floor(rand() * 3) },
      () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)],
    ).join(''),
  ),
];
const word = () => {
  if (rand() < 0.3) return STOP[Math.floor(rand() * STOP.length)]!;
  // Zipf-ish: low ranks far more often.
  return vocabulary[Math.floor(vocabulary.length * rand() ** 3)]!;
};
const sentence = (n: number) => {
  const words = Array.from({ length: n }, word);
  return `${words.join(' ')}.`;
};

async function seedBot(kind: TestDbKind) {
  const database = await openTestDatabase(kind);
  const [customer] = await database.db
    .insert(customers)
    .values({ companyName: 'Bench', email: `bench-${randomUUID()}@example.com` })
    .returning({ id: customers.id });
  const applicationId = `bench${Math.floor(rand() * 1e9)}`;
  await database.db
    .insert(applications)
    .values({ id: applicationId, key: applicationId, customerId: customer!.id, name: 'Bench' });
  const bot = await addTestBot(database, applicationId);
  return { database, applicationId, bot };
}

async function measure(kind: TestDbKind): Promise<Row[]> {
  const { database, applicationId, bot } = await seedBot(kind);
  const dir = mkdtempSync(path.join(tmpdir(), 'convo-knowledge-bench-'));
  const storage = createLocalStorage(dir);
  try {
    // 1. A 200-page PDF, about 400 words a page, indexed as the worker's job does.
    const pdf = await buildPdf(
      Array.from({ length: PDF_PAGES }, (_, i) =>
        [`# Chapter ${i + 1}`, ...Array.from({ length: 34 }, () => sentence(12))].join('\n'),
      ),
    );
    const fileKey = newStorageKey(applicationId);
    await storage.put(fileKey, pdf, 'application/pdf');
    const source = await repo.insertSource(database.db, {
      applicationId,
      botId: bot.id,
      kind: 'document',
      name: 'manual.pdf',
      fileKey,
      mimeType: 'application/pdf',
    });
    const t0 = performance.now();
    await indexSource({ db: database.db, storage }, applicationId, source.id);
    const indexSeconds = (performance.now() - t0) / 1000;
    const indexed = await repo.findSource(database.db, applicationId, source.id);
    if (indexed?.status !== 'ready') throw new Error(`indexing failed: ${indexed?.error}`);

    // 2. 10,000 passages of about 100 words for the same bot (the PDF's included).
    const bulk = await repo.insertSource(database.db, {
      applicationId,
      botId: bot.id,
      kind: 'url',
      name: 'bulk',
    });
    const need = PASSAGES - indexed.passageCount;
    await database.db.transaction((tx) =>
      repo.replacePassages(
        tx,
        bulk,
        Array.from({ length: need }, (_, i) => ({
          position: i,
          url: `https://example.com/p/${i}`,
          heading: sentence(4),
          text: Array.from({ length: 6 }, () => sentence(16)).join(' '),
        })),
      ),
    );
    await database.db.execute(sql`analyze knowledge_passages`);

    const questions = Array.from({ length: QUERIES }, () => sentence(4 + Math.floor(rand() * 6)));
    for (const q of questions.slice(0, 20)) await searchKnowledge(database.db, applicationId, bot.id, q);
    const times: number[] = [];
    let found = 0;
    for (const q of questions) {
      const t1 = performance.now();
      const hits = await searchKnowledge(database.db, applicationId, bot.id, q);
      times.push(performance.now() - t1);
      if (hits.length > 0) found += 1;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    return [
      {
        figure: `knowledge (${kind}): index a ${PDF_PAGES}-page PDF (${Math.round(pdf.length / 1024)} KB, ${indexed.passageCount} passages)`,
        value: `${indexSeconds.toFixed(2)} s`,
        budget: '< 10 s',
        pass: indexSeconds < 10,
      },
      {
        figure: `knowledge (${kind}): retrieval p50 at ${PASSAGES} passages`,
        value: `${percentile(times, 50).toFixed(1)} ms`,
        budget: '—',
        pass: null,
      },
      {
        figure: `knowledge (${kind}): retrieval p95 at ${PASSAGES} passages (${found}/${QUERIES} with hits)`,
        value: `${p95.toFixed(1)} ms`,
        budget: '< 50 ms',
        pass: p95 < 50,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.close();
  }
}

const kinds: TestDbKind[] = process.env.TEST_DATABASE_URL?.trim() ? ['pglite', 'postgres'] : ['pglite'];
const rows: Row[] = [];
for (const kind of kinds) rows.push(...(await measure(kind)));
printTable('Knowledge source: indexing and retrieval', rows);
