import { helpCenterSitePath } from '@convo/api';
import type { Db } from '../../../platform/db/database.js';
import { listPublishedForImport } from '../../help-center/index.js';
import { KnowledgeError } from './errors.js';
import { queueIndexing } from './indexing-queue.js';
import type { TextPart } from './parsers/index.js';
import * as repo from './repository.js';

// The AI agents' import of the help center (SPEC §2 imported help-center FAQ editor): a source of
// kind 'helpcenter' whose passages are the application's published articles. The help center
// queues its re-indexing in the transaction of every change, so the save never waits for it.

export const HELP_CENTER_KIND = 'helpcenter';
/** Articles read into one import at most (far above any real help center). */
const MAX_IMPORTED_ARTICLES = 5_000;

/** The published articles of the source's own application, one part per article. */
export async function helpCenterParts(
  db: Db,
  applicationId: string,
  publicUrl: string | undefined,
): Promise<TextPart[]> {
  const rows = await listPublishedForImport(db, applicationId, MAX_IMPORTED_ARTICLES);
  const parts = rows
    .filter((r) => r.bodyText.trim() || r.title.trim())
    .map((r) => ({
      title: r.title,
      // The title leads the text too: a question worded like the title finds the article.
      text: `${r.title}\n\n${r.bodyText}`,
      url: `${publicUrl ?? ''}${helpCenterSitePath(applicationId)}/articles/${encodeURIComponent(r.slug)}?lang=${r.language}`,
    }));
  if (parts.length === 0) {
    throw new KnowledgeError('The help center has no published article yet: publish one and it is imported.');
  }
  return parts;
}

/**
 * Queues the re-indexing of every help-center import of the application (call in the transaction
 * of the change). A source already waiting for its job is left alone: that job reads the articles
 * as they are when it runs, this change included.
 */
export async function queueHelpCenterSync(tx: Db, applicationId: string): Promise<number> {
  const sources = await repo.listSourcesOfKind(tx, applicationId, HELP_CENTER_KIND);
  let queued = 0;
  for (const source of sources) {
    if (source.status === 'pending') continue;
    await repo.updateSource(tx, applicationId, source.id, { status: 'pending', error: null });
    await queueIndexing(tx, applicationId, source.id);
    queued++;
  }
  return queued;
}
