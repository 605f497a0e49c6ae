import {
  HELP_CENTER_PATHS,
  helpCenterPath,
  KNOWLEDGE_PATHS,
  type KnowledgeSource,
  knowledgePath,
} from '@convo/api';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../../app.js';
import { jobs, knowledgePassages } from '../../../db/schema/index.js';
import type { JobRunner } from '../../../platform/jobs/job-queue.js';
import { addTestBot } from '../../../testing/bots.js';
import type { Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import type { BotRow } from '../repository.js';
import { KNOWLEDGE_INDEX_QUEUE } from './indexing.js';
import { findSource } from './repository.js';

// The AI agents' import of the help center: published articles become passages, every change of a
// published article queues the re-indexing in its own transaction (the save never waits for it),
// and another application's articles are never imported.

describe.each(testDatabaseKinds())('help-center knowledge import on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  let worker: JobRunner;
  let bot: BotRow;
  let otherBot: BotRow;

  beforeAll(async () => {
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 60_000,
    });
    await worker.stop();
    bot = await addTestBot(t.database, tenants[0].applicationId);
    otherBot = await addTestBot(t.database, tenants[1].applicationId);
  });

  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const api = (tenant: Tenant, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tenant), ...(payload ? { payload } : {}) });
  const writeArticle = async (tenant: Tenant, title: string, body: string, status = 'published') => {
    const res = await api(tenant, 'POST', HELP_CENTER_PATHS.articles, {
      title,
      bodyHtml: `<p>${body}</p>`,
      status,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as string;
  };
  const passagesOf = async (applicationId: string, sourceId: string) =>
    (
      await t.database.db
        .select({ text: knowledgePassages.text })
        .from(knowledgePassages)
        .where(
          and(eq(knowledgePassages.applicationId, applicationId), eq(knowledgePassages.sourceId, sourceId)),
        )
    )
      .map((p) => p.text)
      .join('\n');
  const queuedFor = async (sourceId: string) =>
    (await t.database.db.select().from(jobs).where(eq(jobs.queue, KNOWLEDGE_INDEX_QUEUE))).filter(
      (j) => j.status === 'pending' && (j.payload as { sourceId?: string }).sourceId === sourceId,
    ).length;

  it('imports the published articles and follows every change through the job queue', async () => {
    const [a, b] = tenants;
    const refundId = await writeArticle(a, 'Refund policy', 'Refunds are paid within thirty days.');
    await writeArticle(a, 'Secret roadmap', 'An unannounced blender.', 'draft');
    await writeArticle(b, 'Other shop hours', 'The other shop opens at noon.');

    const added = await api(a, 'POST', knowledgePath(KNOWLEDGE_PATHS.helpCenter, bot.id));
    expect(added.statusCode).toBe(200);
    const source = added.json().data as KnowledgeSource;
    expect(source).toMatchObject({ kind: 'helpcenter', status: 'pending' });
    // One import per bot.
    const twice = await api(a, 'POST', knowledgePath(KNOWLEDGE_PATHS.helpCenter, bot.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('HELP_CENTER_IMPORTED');

    await worker.drain();
    let row = await findSource(t.database.db, a.applicationId, source.id);
    expect(row).toMatchObject({ status: 'ready', passageCount: 1 });
    let text = await passagesOf(a.applicationId, source.id);
    expect(text).toContain('thirty days');
    expect(text).not.toContain('blender');
    expect(text).not.toContain('noon');

    // An edit: the save answers at once with the source queued, the worker re-indexes.
    await api(a, 'PATCH', helpCenterPath(HELP_CENTER_PATHS.article, refundId), {
      bodyHtml: '<p>Refunds are paid within fourteen days.</p>',
    });
    expect((await findSource(t.database.db, a.applicationId, source.id))?.status).toBe('pending');
    expect(await queuedFor(source.id)).toBe(1);
    await worker.drain();
    text = await passagesOf(a.applicationId, source.id);
    expect(text).toContain('fourteen days');
    expect(text).not.toContain('thirty days');

    // Creating and publishing.
    const hoursId = await writeArticle(a, 'Opening hours', 'Open from nine to six.', 'draft');
    expect(await queuedFor(source.id)).toBe(0);
    await api(a, 'POST', HELP_CENTER_PATHS.articleBulk, { action: 'publish', ids: [hoursId] });
    await worker.drain();
    expect(await passagesOf(a.applicationId, source.id)).toContain('nine to six');

    // Unpublishing and deleting.
    await api(a, 'POST', HELP_CENTER_PATHS.articleBulk, { action: 'unpublish', ids: [hoursId] });
    await worker.drain();
    expect(await passagesOf(a.applicationId, source.id)).not.toContain('nine to six');
    await api(a, 'DELETE', helpCenterPath(HELP_CENTER_PATHS.article, refundId));
    await worker.drain();
    row = await findSource(t.database.db, a.applicationId, source.id);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('no published article');
    expect(await passagesOf(a.applicationId, source.id)).toBe('');

    // Publishing again brings it back.
    await writeArticle(a, 'Warranty', 'Two years on every blender.');
    await worker.drain();
    row = await findSource(t.database.db, a.applicationId, source.id);
    expect(row).toMatchObject({ status: 'ready', passageCount: 1 });
  });

  it("never imports into another application's bot nor reads another application's articles", async () => {
    const [a, b] = tenants;
    // Tenant B cannot add the import to tenant A's bot.
    const foreign = await api(b, 'POST', knowledgePath(KNOWLEDGE_PATHS.helpCenter, bot.id));
    expect(foreign.statusCode).toBe(404);
    // Tenant B's own import holds B's articles only; A's changes never queue B's source.
    const res = await api(b, 'POST', knowledgePath(KNOWLEDGE_PATHS.helpCenter, otherBot.id));
    const theirs = res.json().data as KnowledgeSource;
    await worker.drain();
    const text = await passagesOf(b.applicationId, theirs.id);
    expect(text).toContain('noon');
    expect(text).not.toContain('blender');
    await writeArticle(a, 'Gift cards', 'Gift cards never expire.');
    expect(await queuedFor(theirs.id)).toBe(0);
    expect((await findSource(t.database.db, b.applicationId, theirs.id))?.status).toBe('ready');
  });
});
