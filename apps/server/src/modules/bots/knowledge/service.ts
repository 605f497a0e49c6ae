import {
  KNOWLEDGE_MAX_UPLOAD_BYTES,
  type KnowledgeCounts,
  type KnowledgeSitemapCreate,
  type KnowledgeSource,
  type KnowledgeSourceKind,
  type KnowledgeSourceStatus,
  knowledgeErrorDetailSchema,
} from '@convo/api';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { outboundPolicy, webUrlProblem } from '../../../platform/outbound/index.js';
import { type FileStorage, newStorageKey } from '../../../platform/storage/storage.js';
import { cleanFileName } from '../../attachments/index.js';
import { findBot } from '../repository.js';
import { HELP_CENTER_KIND } from './help-center-source.js';
import { queueIndexing } from './indexing-queue.js';
import { documentTypeOf } from './parsers/index.js';
import * as repo from './repository.js';

// A bot's knowledge sources: adding one stores it (and its file) and queues its indexing in the
// same transaction; re-crawling queues it again; deleting removes its passages with it.

export const MAX_SOURCES_PER_BOT = 200;
/** A source queued or indexing for longer than this is taken as stuck: re-crawl is allowed again. */
const STUCK_AFTER_MS = 10 * 60_000;

const DOCUMENT_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html',
  markdown: 'text/markdown',
  text: 'text/plain',
};

export interface KnowledgeDeps {
  db: Db;
  storage: FileStorage;
}

export interface DocumentUpload {
  filename: string | undefined;
  bytes: Buffer;
}

const sizeMb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const tooLarge = () =>
  new AppError(
    413,
    'FILE_TOO_LARGE',
    `The file is larger than ${sizeMb(KNOWLEDGE_MAX_UPLOAD_BYTES)}: split it or upload a smaller document.`,
    { limit: KNOWLEDGE_MAX_UPLOAD_BYTES },
  );

/** The stored detail when it is one the API knows (an unknown or malformed one is left out). */
function errorDetailOf(value: unknown): KnowledgeSource['errorDetail'] {
  const parsed = knowledgeErrorDetailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toKnowledgeSource(row: repo.SourceRow): KnowledgeSource {
  const status = row.status as KnowledgeSourceStatus;
  return {
    id: row.id,
    botId: row.botId,
    kind: row.kind as KnowledgeSourceKind,
    name: row.name,
    url: row.url,
    mimeType: row.mimeType,
    status,
    error: status === 'failed' ? row.error : null,
    errorDetail: status === 'failed' ? errorDetailOf(row.errorDetail) : null,
    note: status === 'ready' ? row.error : null,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    pageLimit: row.pageLimit,
    passageCount: row.passageCount,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

async function assertBot(db: Db, applicationId: string, botId: string): Promise<void> {
  if (!(await findBot(db, applicationId, botId))) throw notFound('Bot not found.');
}

async function assertRoom(db: Db, applicationId: string, botId: string): Promise<void> {
  if ((await repo.countSources(db, applicationId, botId)) >= MAX_SOURCES_PER_BOT) {
    throw conflict(
      'TOO_MANY_SOURCES',
      `A bot has at most ${MAX_SOURCES_PER_BOT} knowledge sources: delete one before adding another.`,
    );
  }
}

export async function listSources(db: Db, applicationId: string, botId: string): Promise<KnowledgeSource[]> {
  await assertBot(db, applicationId, botId);
  return (await repo.listSources(db, applicationId, botId)).map(toKnowledgeSource);
}

export async function counts(db: Db, applicationId: string, botId: string): Promise<KnowledgeCounts> {
  await assertBot(db, applicationId, botId);
  return repo.sourceCounts(db, applicationId, botId);
}

async function addSource(db: Db, values: repo.NewSource): Promise<KnowledgeSource> {
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertSource(tx, values);
    await queueIndexing(tx, values.applicationId, inserted.id);
    return inserted;
  });
  return toKnowledgeSource(row);
}

/**
 * Stores an uploaded document and queues its indexing. Only the extension is checked here; the
 * bytes are checked against it by the indexing job, whose message lands on the source.
 */
export async function addDocument(
  deps: KnowledgeDeps,
  applicationId: string,
  botId: string,
  upload: DocumentUpload,
): Promise<KnowledgeSource> {
  await assertBot(deps.db, applicationId, botId);
  const name = cleanFileName(upload.filename);
  const type = documentTypeOf(name);
  if (!type) {
    throw badRequest('UNSUPPORTED_DOCUMENT', `"${name}" is not a PDF, DOCX, TXT, MD or HTML file.`);
  }
  if (upload.bytes.length === 0) throw badRequest('EMPTY_DOCUMENT', `"${name}" is empty.`);
  if (upload.bytes.length > KNOWLEDGE_MAX_UPLOAD_BYTES) throw tooLarge();
  await assertRoom(deps.db, applicationId, botId);
  const fileKey = newStorageKey(applicationId);
  const mimeType = DOCUMENT_MIME[type] ?? 'application/octet-stream';
  await deps.storage.put(fileKey, upload.bytes, mimeType);
  try {
    return await addSource(deps.db, { applicationId, botId, kind: 'document', name, fileKey, mimeType });
  } catch (err) {
    await deps.storage.delete(fileKey).catch(() => undefined);
    throw err;
  }
}

/** An address of the server's own network is refused now rather than failed at crawl time. */
function assertCrawlable(url: string): void {
  const problem = webUrlProblem(url, outboundPolicy());
  if (problem)
    throw badRequest('ADDRESS_NOT_ALLOWED', `The URL ${problem}.`, [{ path: 'url', message: problem }]);
}

export async function addUrl(
  db: Db,
  applicationId: string,
  botId: string,
  url: string,
): Promise<KnowledgeSource> {
  assertCrawlable(url);
  await assertBot(db, applicationId, botId);
  await assertRoom(db, applicationId, botId);
  return addSource(db, { applicationId, botId, kind: 'url', name: url, url });
}

export async function addSitemap(
  db: Db,
  applicationId: string,
  botId: string,
  input: Required<KnowledgeSitemapCreate>,
): Promise<KnowledgeSource> {
  assertCrawlable(input.url);
  await assertBot(db, applicationId, botId);
  await assertRoom(db, applicationId, botId);
  return addSource(db, {
    applicationId,
    botId,
    kind: 'sitemap',
    name: input.url,
    url: input.url,
    pageLimit: input.pageLimit,
  });
}

/** Imports the application's help center into the bot (once per bot); kept in sync afterwards. */
export async function addHelpCenter(db: Db, applicationId: string, botId: string): Promise<KnowledgeSource> {
  await assertBot(db, applicationId, botId);
  const existing = await repo.listSources(db, applicationId, botId);
  if (existing.some((s) => s.kind === HELP_CENTER_KIND)) {
    throw conflict('HELP_CENTER_IMPORTED', 'This bot already imports the help center.');
  }
  await assertRoom(db, applicationId, botId);
  return addSource(db, { applicationId, botId, kind: HELP_CENTER_KIND, name: 'Help center' });
}

export async function recrawl(
  db: Db,
  applicationId: string,
  botId: string,
  sourceId: string,
): Promise<KnowledgeSource> {
  const row = await db.transaction(async (tx) => {
    const source = await repo.lockSource(tx, applicationId, sourceId);
    if (!source || source.botId !== botId) throw notFound('Knowledge source not found.');
    const busy = source.status === 'pending' || source.status === 'indexing';
    if (busy && Date.now() - source.updatedAt.getTime() < STUCK_AFTER_MS) {
      throw conflict('SOURCE_BUSY', 'This source is being indexed: wait until it is done.');
    }
    const updated = await repo.updateSource(tx, applicationId, sourceId, {
      status: 'pending',
      error: null,
      errorDetail: null,
      progressDone: 0,
      progressTotal: 0,
    });
    await queueIndexing(tx, applicationId, sourceId);
    return updated!;
  });
  return toKnowledgeSource(row);
}

export async function deleteSource(
  deps: KnowledgeDeps,
  applicationId: string,
  botId: string,
  sourceId: string,
): Promise<void> {
  const row = await deps.db.transaction((tx) => repo.deleteSource(tx, applicationId, botId, sourceId));
  if (!row) throw notFound('Knowledge source not found.');
  // After the commit: a stored file without its row is harmless, a row without its file is not.
  if (row.fileKey) await deps.storage.delete(row.fileKey).catch(() => undefined);
}
