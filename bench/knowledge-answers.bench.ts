// Knowledge answers that answer (issue 34): a made-up company's 20 help documents
// (bench/fixtures/knowledge-set.ts), 100 questions they answer and 100 they do not, asked of the
// bot's knowledge source as kompose asks it (retrieval with the minimum relevance, then the best
// sentences of the best passage). Prints the share answered with the right passage (budget
// ≥ 85 %), the share of unanswerable questions answered anyway (≤ 5 %), how often the extracted
// sentences hold the fact, and latency. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
// Usage: npx tsx bench/knowledge-answers.bench.ts   (VERBOSE=1 lists every miss)
import { randomUUID } from 'node:crypto';
import { applications, customers } from '../apps/server/src/db/schema/index.js';
import { extractAnswer } from '../apps/server/src/modules/bots/knowledge/answer.js';
import { passagesOf } from '../apps/server/src/modules/bots/knowledge/passages.js';
import * as repo from '../apps/server/src/modules/bots/knowledge/repository.js';
import { searchKnowledge } from '../apps/server/src/modules/bots/knowledge/retrieval.js';
import { addTestBot } from '../apps/server/src/testing/bots.js';
import { openTestDatabase, type TestDbKind } from '../apps/server/src/testing/test-database.js';
import { ANSWERABLE, DOCUMENTS, UNANSWERABLE } from './fixtures/knowledge-set.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const verbose = process.env.VERBOSE === '1';

async function measure(kind: TestDbKind): Promise<Row[]> {
  const database = await openTestDatabase(kind);
  try {
    const [customer] = await database.db
      .insert(customers)
      .values({ companyName: 'Bench', email: `bench-${randomUUID()}@example.com` })
      .returning({ id: customers.id });
    const applicationId = `kb${randomUUID().slice(0, 8)}`;
    await database.db
      .insert(applications)
      .values({ id: applicationId, key: applicationId, customerId: customer!.id, name: 'Bench' });
    const bot = await addTestBot(database, applicationId);
    const sourceOf = new Map<string, string>();
    for (const doc of DOCUMENTS) {
      const source = await repo.insertSource(database.db, {
        applicationId,
        botId: bot.id,
        kind: 'document',
        name: doc.name,
      });
      const passages = passagesOf([{ text: doc.text, url: doc.name, title: null }]);
      await database.db.transaction(async (tx) => {
        await repo.replacePassages(tx, source, passages);
        await repo.updateSource(tx, applicationId, source.id, {
          status: 'ready',
          passageCount: passages.length,
        });
      });
      sourceOf.set(source.id, doc.id);
    }
    const ask = (q: string) => searchKnowledge(database.db, applicationId, bot.id, q, 1, { language: 'en' });
    for (const q of ANSWERABLE.slice(0, 10)) await ask(q.question);

    const times: number[] = [];
    let right = 0;
    let wrongPassage = 0;
    let unanswered = 0;
    let factInAnswer = 0;
    for (const q of ANSWERABLE) {
      const t0 = performance.now();
      const [hit] = await ask(q.question);
      const answer = hit?.explain ? extractAnswer(hit.text, hit.explain.terms, 'en') : '';
      times.push(performance.now() - t0);
      const fact = q.fact.toLowerCase();
      if (!hit) {
        unanswered += 1;
        if (verbose) console.log(`  unanswered: ${q.question}`);
      } else if (sourceOf.get(hit.sourceId) === q.document && hit.text.toLowerCase().includes(fact)) {
        right += 1;
        if (answer.toLowerCase().includes(fact)) factInAnswer += 1;
        else if (verbose) console.log(`  fact not in answer: ${q.question} → ${answer}`);
      } else {
        wrongPassage += 1;
        if (verbose)
          console.log(`  wrong passage: ${q.question} → ${hit.heading}: ${hit.text.slice(0, 80)}…`);
      }
    }
    let falseAnswers = 0;
    for (const q of UNANSWERABLE) {
      const t0 = performance.now();
      const [hit] = await ask(q);
      times.push(performance.now() - t0);
      if (hit) {
        falseAnswers += 1;
        if (verbose) console.log(`  answered off-topic: ${q} → ${hit.heading} (${hit.score})`);
      }
    }
    times.sort((a, b) => a - b);
    const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(0)} %`;
    return [
      {
        figure: `knowledge answers (${kind}): answerable questions answered with the right passage (${right}/${ANSWERABLE.length}; ${wrongPassage} wrong, ${unanswered} unanswered)`,
        value: pct(right, ANSWERABLE.length),
        budget: '≥ 85 %',
        pass: right / ANSWERABLE.length >= 0.85,
      },
      {
        figure: `knowledge answers (${kind}): the extracted 1-3 sentences hold the fact (of right passages)`,
        value: pct(factInAnswer, Math.max(1, right)),
        budget: '—',
        pass: null,
      },
      {
        figure: `knowledge answers (${kind}): unanswerable questions answered anyway (${falseAnswers}/${UNANSWERABLE.length})`,
        value: pct(falseAnswers, UNANSWERABLE.length),
        budget: '≤ 5 %',
        pass: falseAnswers / UNANSWERABLE.length <= 0.05,
      },
      {
        figure: `knowledge answers (${kind}): latency p50 / p95 (retrieval + extraction)`,
        value: `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`,
        budget: '—',
        pass: null,
      },
    ];
  } finally {
    await database.close();
  }
}

const kinds: TestDbKind[] = process.env.TEST_DATABASE_URL?.trim() ? ['pglite', 'postgres'] : ['pglite'];
const rows: Row[] = [];
for (const kind of kinds) rows.push(...(await measure(kind)));
printTable('Knowledge answers: right passage, unanswerable, latency', rows);
