import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOT_PATHS, KNOWLEDGE_PATHS, type KnowledgeSource, knowledgePath } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../../app.js';
import { jobs, knowledgePassages } from '../../../db/schema/index.js';
import type { JobRunner } from '../../../platform/jobs/job-queue.js';
import { configureOutbound } from '../../../platform/outbound/index.js';
import { createStorage, type FileStorage } from '../../../platform/storage/storage.js';
import { addTestBot } from '../../../testing/bots.js';
import type { Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { multipart } from '../../attachments/test-harness.js';
import type { BotRow } from '../repository.js';
import { KNOWLEDGE_INDEX_QUEUE } from './indexing.js';
import { findSource } from './repository.js';
import { searchKnowledge } from './retrieval.js';
import { buildDocx, buildEncryptedPdf, buildPdf } from './test-documents.js';

// Upload → job (worker role) → passages → retrieval, over the HTTP API, against a local web server
// for pages and sitemaps; failures leave no passages; another application never sees them.

let site: Server;
let siteBase = '';
const pages = new Map<string, { status: number; type: string; body: string }>();

beforeAll(async () => {
  site = createServer((req, res) => {
    const found = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!found) return res.writeHead(404).end('not found');
    // A redirect's body is its target.
    if (found.status >= 300 && found.status < 400)
      return res.writeHead(found.status, { location: found.body }).end();
    res.writeHead(found.status, { 'content-type': found.type }).end(found.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const html = (title: string, body: string) => ({
    status: 200,
    type: 'text/html',
    body: `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>`,
  });
  pages.set('/hours', html('Opening hours', 'The shop is open from nine to six, Monday to Saturday.'));
  pages.set('/faq/returns', html('Returns', 'Returns are accepted within thirty days with the receipt.'));
  pages.set('/faq/gift', html('Gift cards', 'Gift cards never expire and work online.'));
  pages.set('/faq/warranty', html('Warranty', 'Every blender has a two year warranty.'));
  pages.set('/sitemap.xml', {
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      'returns',
      'gift',
      'warranty',
    ]
      .map((p) => `<url><loc>${siteBase}/faq/${p}</loc></url>`)
      .join('')}</urlset>`,
  });
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

describe.each(testDatabaseKinds())('knowledge sources on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2, dataDir: true });
  let worker: JobRunner;
  let bot: BotRow;
  let otherBot: BotRow;
  let storage: FileStorage;

  beforeAll(async () => {
    storage = createStorage(t.config.storage);
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 60_000,
      storage,
      // The test's web server is on 127.0.0.1.
      outboundAllow: ['127.0.0.1'],
    });
    await worker.stop();
    bot = await addTestBot(t.database, tenants[0].applicationId);
    otherBot = await addTestBot(t.database, tenants[1].applicationId);
  });

  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const list = async (tenant: Tenant, botId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: knowledgePath(KNOWLEDGE_PATHS.sources, botId),
      headers: bearer(tenant),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as KnowledgeSource[];
  };
  const source = async (id: string) => (await list(tenants[0], bot.id)).find((s) => s.id === id)!;
  const upload = (name: string, type: string, data: Uint8Array, tenant = tenants[0], botId = bot.id) => {
    const body = multipart([{ filename: name, contentType: type, data: Buffer.from(data) }]);
    return t.app.inject({
      method: 'POST',
      url: knowledgePath(KNOWLEDGE_PATHS.documents, botId),
      headers: { ...bearer(tenant), ...body.headers },
      payload: body.payload,
    });
  };
  const post = (path: string, payload: Record<string, unknown>, tenant = tenants[0], botId = bot.id) =>
    t.app.inject({ method: 'POST', url: knowledgePath(path, botId), headers: bearer(tenant), payload });
  const passageRows = (sourceId: string) =>
    t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.sourceId, sourceId));

  it('indexes an uploaded PDF in the worker role and retrieves its passages', async () => {
    const pdf = await buildPdf([
      '# Shipping\nWe ship every order within two working days.\nDelivery to Europe takes five days.',
      '# Payment\nWe accept cards and bank transfers.',
    ]);
    const res = await upload('Store policies.pdf', 'application/pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as KnowledgeSource;
    expect(created).toMatchObject({
      kind: 'document',
      name: 'Store policies.pdf',
      status: 'pending',
      passageCount: 0,
    });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, KNOWLEDGE_INDEX_QUEUE), eq(jobs.applicationId, tenants[0].applicationId)));
    expect(job?.payload).toEqual({ sourceId: created.id });

    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const ready = await source(created.id);
    expect(ready).toMatchObject({
      status: 'ready',
      error: null,
      note: null,
      progressDone: 2,
      progressTotal: 2,
    });
    expect(ready.passageCount).toBeGreaterThanOrEqual(2);
    expect(await passageRows(created.id)).toHaveLength(ready.passageCount);

    const hits = await searchKnowledge(
      t.database.db,
      tenants[0].applicationId,
      bot.id,
      'How long is delivery to Europe?',
    );
    expect(hits[0]).toMatchObject({ sourceId: created.id, sourceName: 'Store policies.pdf' });
    expect(hits[0]!.text).toContain('Delivery to Europe takes five days.');
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(hits[0]!.score).toBeLessThanOrEqual(1);
    expect(await searchKnowledge(t.database.db, tenants[0].applicationId, bot.id, 'the of and')).toEqual([]);

    const counts = await t.app.inject({
      method: 'GET',
      url: knowledgePath(KNOWLEDGE_PATHS.counts, bot.id),
      headers: bearer(tenants[0]),
    });
    expect(counts.json().data).toMatchObject({
      sources: 1,
      documents: 1,
      ready: 1,
      passages: ready.passageCount,
    });
  });

  it("never lets another application's bot see, change or retrieve these passages", async () => {
    const question = 'delivery Europe';
    expect(await searchKnowledge(t.database.db, tenants[1].applicationId, otherBot.id, question)).toEqual([]);
    // The right bot id with the wrong application, and the reverse.
    expect(await searchKnowledge(t.database.db, tenants[1].applicationId, bot.id, question)).toEqual([]);
    expect(await searchKnowledge(t.database.db, tenants[0].applicationId, otherBot.id, question)).toEqual([]);

    const sources = await list(tenants[0], bot.id);
    const target = sources[0]!;
    for (const res of [
      await t.app.inject({
        method: 'GET',
        url: knowledgePath(KNOWLEDGE_PATHS.sources, bot.id),
        headers: bearer(tenants[1]),
      }),
      await t.app.inject({
        method: 'DELETE',
        url: knowledgePath(KNOWLEDGE_PATHS.source, bot.id, target.id),
        headers: bearer(tenants[1]),
      }),
      await t.app.inject({
        method: 'DELETE',
        url: knowledgePath(KNOWLEDGE_PATHS.source, otherBot.id, target.id),
        headers: bearer(tenants[1]),
      }),
      await post(KNOWLEDGE_PATHS.recrawl.replace(':sourceId', target.id), {}, tenants[1], otherBot.id),
      await post(KNOWLEDGE_PATHS.urls, { url: `${siteBase}/hours` }, tenants[1], bot.id),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await source(target.id)).passageCount).toBeGreaterThan(0);
  });

  it('keeps two bots of one application apart: each retrieves and lists only its own sources', async () => {
    const sibling = await addTestBot(t.database, tenants[0].applicationId, 'kompose', 'Sibling Bot');
    const res = await upload(
      'loyalty.md',
      'text/markdown',
      new TextEncoder().encode('# Loyalty club\n\nLoyalty points double on Tuesdays for club members.'),
      tenants[0],
      sibling.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    await worker.drain();
    const own = (res.json().data as KnowledgeSource).id;
    const search = (botId: string, question: string) =>
      searchKnowledge(t.database.db, tenants[0].applicationId, botId, question);
    const [hit] = await search(sibling.id, 'loyalty points on Tuesdays');
    expect(hit).toMatchObject({ sourceId: own, sourceName: 'loyalty.md' });
    // The first bot's PDF is not the sibling's, and the sibling's notes are not the first bot's.
    expect(await search(sibling.id, 'delivery Europe')).toEqual([]);
    expect((await search(bot.id, 'loyalty points on Tuesdays')).map((h) => h.sourceName)).toEqual([]);
    expect((await search(bot.id, 'delivery Europe'))[0]).toMatchObject({ sourceName: 'Store policies.pdf' });
    expect((await list(tenants[0], sibling.id)).map((s) => s.name)).toEqual(['loyalty.md']);
    expect((await list(tenants[0], bot.id)).map((s) => s.name)).not.toContain('loyalty.md');
    const counts = await t.app.inject({
      method: 'GET',
      url: knowledgePath(KNOWLEDGE_PATHS.counts, sibling.id),
      headers: bearer(tenants[0]),
    });
    expect(counts.json().data).toMatchObject({ sources: 1, documents: 1, ready: 1 });
  });

  it('indexes a .docx, an HTML page and markdown', async () => {
    const docx = await upload(
      'warranty.docx',
      'application/octet-stream',
      await buildDocx(['# Warranty', 'Blenders are covered for two years.']),
    );
    const html = await upload(
      'about.html',
      'text/html',
      new TextEncoder().encode('<h1>About</h1><p>Family shop since 1990.</p>'),
    );
    const md = await upload(
      'notes.md',
      'text/markdown',
      new TextEncoder().encode('# Parking\n\nFree parking behind the shop.'),
    );
    await worker.drain();
    for (const res of [docx, html, md]) {
      const s = await source((res.json().data as KnowledgeSource).id);
      expect(s, s.error ?? '').toMatchObject({ status: 'ready', error: null });
    }
    const [hit] = await searchKnowledge(t.database.db, tenants[0].applicationId, bot.id, 'Is parking free?');
    expect(hit).toMatchObject({ sourceName: 'notes.md', heading: 'Parking' });
    const [covered] = await searchKnowledge(
      t.database.db,
      tenants[0].applicationId,
      bot.id,
      'blenders covered',
    );
    expect(covered).toMatchObject({ sourceName: 'warranty.docx', heading: 'Warranty' });
  });

  it('fails a document that is not what its extension says, an encrypted or empty PDF, with no passages', async () => {
    const cases = [
      [
        'fake.pdf',
        new TextEncoder().encode('this is not a pdf'),
        '"fake.pdf" is not a PDF: its content is not.',
      ],
      ['picture.docx', await buildPdf(['x']), '"picture.docx" is not a Word document (.docx): it is a PDF.'],
      [
        'locked.pdf',
        buildEncryptedPdf(),
        'This PDF is password-protected: upload a copy without a password.',
      ],
      ['scan.pdf', await buildPdf(['']), 'This PDF has no text'],
    ] as const;
    const ids: string[] = [];
    for (const [name, data] of cases) {
      const res = await upload(name, 'application/octet-stream', data);
      expect(res.statusCode, res.body).toBe(200);
      ids.push((res.json().data as KnowledgeSource).id);
    }
    await worker.drain();
    for (const [i, [, , message]] of cases.entries()) {
      const s = await source(ids[i]!);
      expect(s.status).toBe('failed');
      expect(s.error).toContain(message);
      expect(s.passageCount).toBe(0);
      expect(await passageRows(ids[i]!)).toEqual([]);
    }
  });

  it('refuses an upload over 20 MB with 413, an unsupported type and an empty file with 400', async () => {
    const big = await upload('huge.pdf', 'application/pdf', Buffer.alloc(50 * 1024 * 1024, 0x20));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('20 MB') });
    const justOver = await upload('over.txt', 'text/plain', Buffer.alloc(20 * 1024 * 1024 + 1, 0x61));
    expect(justOver.statusCode).toBe(413);
    const exe = await upload('tool.exe', 'application/octet-stream', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 'UNSUPPORTED_DOCUMENT' });
    const empty = await upload('empty.txt', 'text/plain', new Uint8Array());
    expect(empty.json()).toMatchObject({ code: 'EMPTY_DOCUMENT' });
  });

  it('indexes a URL, and a failed re-crawl leaves no passages behind', async () => {
    // Its own page per database kind: the page is broken on purpose below.
    const path = `/hours-${kind}`;
    pages.set(path, pages.get('/hours')!);
    const res = await post(KNOWLEDGE_PATHS.urls, { url: `${siteBase}${path}` });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().data as KnowledgeSource).id;
    await worker.drain();
    expect(await source(id)).toMatchObject({
      status: 'ready',
      passageCount: 1,
      progressDone: 1,
      progressTotal: 1,
    });
    const [hit] = await searchKnowledge(
      t.database.db,
      tenants[0].applicationId,
      bot.id,
      'When is the shop open?',
    );
    expect(hit).toMatchObject({ sourceId: id, url: `${siteBase}${path}`, heading: 'Opening hours' });

    pages.set(path, { status: 500, type: 'text/plain', body: 'boom' });
    const again = await post(KNOWLEDGE_PATHS.recrawl.replace(':sourceId', id), {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'pending' });
    // Asked again while queued: refused, not queued twice.
    expect((await post(KNOWLEDGE_PATHS.recrawl.replace(':sourceId', id), {})).statusCode).toBe(409);
    await worker.drain();
    expect(await source(id)).toMatchObject({
      status: 'failed',
      error: `${siteBase}${path} answered HTTP 500.`,
      passageCount: 0,
    });
    expect(await passageRows(id)).toEqual([]);
  });

  it('fails an unreachable or looping URL with a clear message', async () => {
    pages.set('/loop', { status: 302, type: 'text/plain', body: '/loop-again' });
    pages.set('/loop-again', { status: 301, type: 'text/plain', body: '/loop' });
    const looping = (await post(KNOWLEDGE_PATHS.urls, { url: `${siteBase}/loop` })).json()
      .data as KnowledgeSource;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    const dead = (await post(KNOWLEDGE_PATHS.urls, { url: deadUrl })).json().data as KnowledgeSource;
    await worker.drain();
    expect(await source(dead.id)).toMatchObject({
      status: 'failed',
      // A closed port reads like any unreachable address: the crawler is no port scanner.
      error: `Could not reach ${deadUrl}: could not reach the address.`,
    });
    expect(await source(looping.id)).toMatchObject({
      status: 'failed',
      error: `${siteBase}/loop redirects in a loop (back to ${siteBase}/loop).`,
      passageCount: 0,
    });
    const bad = await post(KNOWLEDGE_PATHS.urls, { url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
  });

  it('never crawls the server’s own network by default: refused at save, and at crawl time', async () => {
    const path = `/internal-${kind}`;
    pages.set(path, pages.get('/hours')!);
    // Saved and crawled while the operator allowed 127.0.0.1 (this test's OUTBOUND_ALLOW)…
    const saved = (await post(KNOWLEDGE_PATHS.urls, { url: `${siteBase}${path}` })).json()
      .data as KnowledgeSource;
    await worker.drain();
    expect(await source(saved.id)).toMatchObject({ status: 'ready' });
    configureOutbound([]);
    try {
      const refused = await post(KNOWLEDGE_PATHS.urls, { url: `${siteBase}${path}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('ADDRESS_NOT_ALLOWED');
      // …re-crawled under the default: refused, nothing told of what listens there.
      expect((await post(KNOWLEDGE_PATHS.recrawl.replace(':sourceId', saved.id), {})).statusCode).toBe(200);
      await worker.drain();
      expect(await source(saved.id)).toMatchObject({
        status: 'failed',
        error: `Could not reach ${siteBase}${path}: could not reach the address.`,
      });
    } finally {
      configureOutbound(t.config.outboundAllow);
    }
  });

  it('crawls a sitemap up to its page limit and says it was cut', async () => {
    const res = await post(KNOWLEDGE_PATHS.sitemaps, { url: `${siteBase}/sitemap.xml`, pageLimit: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as KnowledgeSource;
    expect(created).toMatchObject({ kind: 'sitemap', pageLimit: 2 });
    await worker.drain();
    const s = await source(created.id);
    expect(s).toMatchObject({
      status: 'ready',
      error: null,
      note: 'The sitemap lists more than 2 pages: only the first 2 were crawled.',
      progressDone: 2,
      progressTotal: 2,
      passageCount: 2,
    });
    const hits = await searchKnowledge(
      t.database.db,
      tenants[0].applicationId,
      bot.id,
      'gift cards expire',
      5,
    );
    expect(hits[0]).toMatchObject({ url: `${siteBase}/faq/gift` });
    // Beyond the limit: not crawled.
    expect(
      await searchKnowledge(t.database.db, tenants[0].applicationId, bot.id, 'warranty blender two year', 10),
    ).not.toContainEqual(expect.objectContaining({ url: `${siteBase}/faq/warranty` }));
    const tooMany = await post(KNOWLEDGE_PATHS.sitemaps, { url: `${siteBase}/sitemap.xml`, pageLimit: 501 });
    expect(tooMany.statusCode).toBe(400);
  });

  it('deletes a source with its passages and its stored file', async () => {
    const res = await upload(
      'bye.txt',
      'text/plain',
      new TextEncoder().encode('Temporary knowledge about zebras.'),
    );
    const id = (res.json().data as KnowledgeSource).id;
    await worker.drain();
    expect((await passageRows(id)).length).toBe(1);
    const row = await findSource(t.database.db, tenants[0].applicationId, id);
    expect(await storage.get(row!.fileKey!)).not.toBeNull();
    // Looked up once (and cached for the bot): a source added since must still be found.
    expect(await searchKnowledge(t.database.db, tenants[0].applicationId, bot.id, 'zebras')).toHaveLength(1);
    await upload('more.txt', 'text/plain', new TextEncoder().encode('More about zebras and their stripes.'));
    await worker.drain();
    expect(await searchKnowledge(t.database.db, tenants[0].applicationId, bot.id, 'zebras', 5)).toHaveLength(
      2,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: knowledgePath(KNOWLEDGE_PATHS.source, bot.id, id),
      headers: bearer(tenants[0]),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await passageRows(id)).toEqual([]);
    expect((await list(tenants[0], bot.id)).some((s) => s.id === id)).toBe(false);
    expect(await searchKnowledge(t.database.db, tenants[0].applicationId, bot.id, 'zebras', 5)).toEqual([
      expect.objectContaining({ sourceName: 'more.txt' }),
    ]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: knowledgePath(KNOWLEDGE_PATHS.source, bot.id, id),
      headers: bearer(tenants[0]),
    });
    expect(again.statusCode).toBe(404);
    expect(await storage.get(row!.fileKey!)).toBeNull();
  });

  it("deletes a bot's stored documents with the bot", async () => {
    const doomed = await addTestBot(t.database, tenants[0].applicationId);
    const res = await upload(
      'doomed.txt',
      'text/plain',
      new TextEncoder().encode('Soon gone.'),
      tenants[0],
      doomed.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await findSource(
      t.database.db,
      tenants[0].applicationId,
      (res.json().data as KnowledgeSource).id,
    );
    expect(await storage.get(row!.fileKey!)).not.toBeNull();
    const del = await t.app.inject({
      method: 'DELETE',
      url: BOT_PATHS.bot.replace(':botId', doomed.id),
      headers: bearer(tenants[0]),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await storage.get(row!.fileKey!)).toBeNull();
  });
});
