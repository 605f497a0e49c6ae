import { randomUUID } from 'node:crypto';
import { type FakeProvider, startFakeOpenAI } from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, customers } from '../../../db/schema/index.js';
import type { Database } from '../../../platform/db/database.js';
import { addTestBot } from '../../../testing/bots.js';
import { openTestDatabase, testDatabaseKinds } from '../../../testing/test-database.js';
import type { BotRow } from '../repository.js';
import { openAIEmbedder } from './embeddings.js';
import { embedSource } from './indexing.js';
import { passagesOf } from './passages.js';
import * as repo from './repository.js';
import { searchKnowledge } from './retrieval.js';

// Retrieval as a bot runs it: BM25 with the minimum relevance, scoped to the bot (a second bot of
// the application and a second application never get these passages), and hybrid with the
// provider fake's embeddings endpoint.

const PICKUP = `# Pickup points

The Lisbon pickup point is at Rua da Prata 112, next to the Baixa metro station. It opens Tuesday to Saturday from 11:00 to 19:00.

Orders wait at the pickup point for 14 days. Bring the order number and an identity document.`;
const WARRANTY = `# Warranty

Every frame carries a 10-year warranty. To make a warranty claim, send us the serial number and your proof of purchase.`;

describe.each(testDatabaseKinds())('knowledge retrieval on %s', (kind) => {
  let database: Database;
  let fake: FakeProvider;
  const apps: string[] = [];
  let bot: BotRow;
  let sibling: BotRow;
  let foreign: BotRow;

  async function addApplication(): Promise<string> {
    const [customer] = await database.db
      .insert(customers)
      .values({ companyName: 'Retrieval', email: `r-${randomUUID()}@example.com` })
      .returning({ id: customers.id });
    const id = `rt${randomUUID().slice(0, 8)}`;
    await database.db.insert(applications).values({ id, key: id, customerId: customer!.id, name: 'R' });
    return id;
  }

  async function addSource(owner: BotRow, name: string, text: string) {
    const source = await repo.insertSource(database.db, {
      applicationId: owner.applicationId,
      botId: owner.id,
      kind: 'document',
      name,
    });
    const passages = passagesOf([{ text, url: `https://help.example.com/${name}`, title: null }]);
    await database.db.transaction(async (tx) => {
      await repo.replacePassages(tx, source, passages);
      await repo.updateSource(tx, owner.applicationId, source.id, {
        status: 'ready',
        passageCount: passages.length,
      });
    });
    return source;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    fake = await startFakeOpenAI({ apiKey: 'embed-key' });
    apps.push(await addApplication(), await addApplication());
    bot = await addTestBot(database, apps[0]!);
    sibling = await addTestBot(database, apps[0]!, 'kompose', 'Sibling');
    foreign = await addTestBot(database, apps[1]!);
    await addSource(bot, 'pickup.md', PICKUP);
    await addSource(bot, 'warranty.md', WARRANTY);
    // The second application holds the same documents for its own bot.
    await addSource(foreign, 'pickup.md', PICKUP);
  });

  afterAll(async () => {
    await fake?.close();
    await database?.close();
  });

  it('ranks by BM25 and explains the score; under the minimum relevance it finds nothing', async () => {
    const [hit, ...rest] = await searchKnowledge(
      database.db,
      apps[0]!,
      bot.id,
      'When does the Lisbon pickup point open?',
      3,
      { language: 'en' },
    );
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ sourceName: 'pickup.md', heading: 'Pickup points' });
    expect(hit!.text).toContain('Tuesday to Saturday');
    expect(hit!.explain).toMatchObject({ ranking: 'keyword', similarity: null, minRelevance: 0.5 });
    expect(hit!.explain!.relevance).toBeGreaterThan(0.5);
    expect(hit!.explain!.bm25).toBeGreaterThan(0);
    expect(hit!.explain!.terms.map((t) => [t.term, t.matched])).toEqual([
      ['lisbon', true],
      ['pickup', true],
      ['point', true],
      ['open', true],
    ]);
    // One shared word ("number") is no answer; neither is a question about something never written.
    for (const question of [
      'Do you need my number?',
      'Can I bring my dog?',
      'What is the weather in Lisbon?',
    ]) {
      expect(await searchKnowledge(database.db, apps[0]!, bot.id, question, 3, { language: 'en' })).toEqual(
        [],
      );
    }
  });

  it("never gives a bot another bot's or another application's passages", async () => {
    const question = 'How long does the pickup point keep my order?';
    const own = await searchKnowledge(database.db, apps[0]!, bot.id, question);
    expect(own.map((h) => h.sourceName)).toEqual(['pickup.md']);
    // The sibling bot of the same application has no sources.
    expect(await searchKnowledge(database.db, apps[0]!, sibling.id, question)).toEqual([]);
    // The bot's id with the other application, and the other application's bot with this one.
    expect(await searchKnowledge(database.db, apps[1]!, bot.id, question)).toEqual([]);
    expect(await searchKnowledge(database.db, apps[0]!, foreign.id, question)).toEqual([]);
    // The second application's own copy is its own passage row.
    const theirs = await searchKnowledge(database.db, apps[1]!, foreign.id, question);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.id).not.toBe(own[0]!.id);
    expect(await searchKnowledge(database.db, apps[1]!, foreign.id, 'warranty claim serial number')).toEqual(
      [],
    );
  });

  it('stores embeddings at indexing and fuses them with the keyword ranking (provider fake)', async () => {
    const embedder = openAIEmbedder({
      baseURL: fake.url,
      apiKey: 'embed-key',
      model: 'fake-embed',
      minSimilarity: 0.5,
    });
    const sources = await repo.listSources(database.db, apps[0]!, bot.id);
    for (const source of sources) {
      await embedSource({ db: database.db }, embedder, source, AbortSignal.timeout(10_000));
    }
    expect(fake.calls.filter((c) => c.path === '/v1/embeddings' && c.reply.kind === 'computed')).toHaveLength(
      2,
    );
    for (const source of sources) {
      expect(await repo.passagesToEmbed(database.db, apps[0]!, source.id, 'fake-embed')).toEqual([]);
    }
    const [hit] = await searchKnowledge(database.db, apps[0]!, bot.id, 'warranty claim serial number', 1, {
      language: 'en',
      embedder,
    });
    expect(hit).toMatchObject({ sourceName: 'warranty.md' });
    expect(hit!.explain!.ranking).toBe('hybrid');
    expect(hit!.explain!.similarity).toBeGreaterThan(0.5);

    // On its similarity alone (the keyword relevance made unreachable), a passage still answers.
    const [byMeaning] = await searchKnowledge(
      database.db,
      apps[0]!,
      bot.id,
      'frame warranty proof of purchase',
      1,
      {
        language: 'en',
        embedder: { ...embedder, minSimilarity: 0.3, embed: embedder.embed },
        minRelevance: 1.01,
      },
    );
    expect(byMeaning).toMatchObject({ sourceName: 'warranty.md' });
    // Vectors of another model are never compared; the sibling bot has none.
    const other = openAIEmbedder({
      baseURL: fake.url,
      apiKey: 'embed-key',
      model: 'other-model',
      minSimilarity: 0.5,
    });
    expect(
      await searchKnowledge(database.db, apps[0]!, bot.id, 'frame warranty proof of purchase', 1, {
        embedder: other,
        minRelevance: 1.01,
      }),
    ).toEqual([]);
    expect(
      await searchKnowledge(database.db, apps[0]!, sibling.id, 'warranty claim serial number', 1, {
        embedder,
      }),
    ).toEqual([]);

    // The provider failing: the keyword ranking answers alone.
    fake.script({ kind: 'error', error: 'server' }, { kind: 'error', error: 'server' });
    const [keyword] = await searchKnowledge(
      database.db,
      apps[0]!,
      bot.id,
      'warranty claim serial number',
      1,
      {
        embedder,
      },
    );
    expect(keyword).toMatchObject({ sourceName: 'warranty.md' });
    expect(keyword!.explain!.ranking).toBe('keyword');
  });
  it("counts a common word toward a passage's relevance before reading it (candidates are pruned on their best possible relevance)", async () => {
    // "parcel" is in more passages than a term is looked up in (TERM_CAP): only known to be common.
    // The passage holding "zorblax" and "parcel" covers just over half of the question's weight,
    // so the candidate must not be dropped on its rare terms alone; the one holding only
    // "quimble" stays under the minimum relevance.
    const big = await addTestBot(database, apps[0]!, 'kompose', 'Big');
    const source = await repo.insertSource(database.db, {
      applicationId: big.applicationId,
      botId: big.id,
      kind: 'document',
      name: 'depot.md',
    });
    const passages = [
      'The zorblax parcel is kept at the depot for a week.',
      'A quimble is a small tool.',
      ...Array.from({ length: 130 }, (_, i) => `Depot note ${i}: every parcel gets a label.`),
    ].map((text, position) => ({ position, url: null, heading: null, text }));
    await database.db.transaction(async (tx) => {
      await repo.replacePassages(tx, source, passages);
      await repo.updateSource(tx, big.applicationId, source.id, {
        status: 'ready',
        passageCount: passages.length,
      });
    });
    const hits = await searchKnowledge(database.db, big.applicationId, big.id, 'zorblax quimble parcel', 3);
    expect(hits.map((h) => h.text)).toEqual(['The zorblax parcel is kept at the depot for a week.']);
    expect(hits[0]!.score).toBeGreaterThan(0.5);
    expect(await searchKnowledge(database.db, big.applicationId, big.id, 'quimble zorblax', 3)).toEqual([]);
  });
});
