import type { DocumentLinkQuery, DocumentPreview } from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { findAttachment } from '../attachments/index.js';
import { channelMediaUrl, verifyChannelMediaLink } from '../channels/index.js';

// /document-preview links (docs/decisions.md "Document preview"): the channel-media signed link
// (modules/channels/media-link.ts) reused as is, so one signing rule and one public file route
// serve both; the preview page adds the file's name, type and size, read with the same signature.

export interface DocumentPreviewDeps {
  db: Db;
  appSecret: string;
  publicUrl: string;
}

/** The page's address for a signed media link of the file. */
export async function shareLink(
  deps: DocumentPreviewDeps,
  caller: AuthContext,
  key: string,
  now = Date.now(),
): Promise<{ url: string; expiresAt: number }> {
  const row = await findAttachment(deps.db, caller.applicationId, key.toLowerCase());
  if (!row) throw notFound('No such file.');
  const media = new URL(channelMediaUrl(deps.publicUrl, deps.appSecret, caller.applicationId, row.id, now));
  const expiresAt = Number(media.searchParams.get('expires'));
  const query = new URLSearchParams({ applicationId: caller.applicationId, key: row.id });
  for (const [name, value] of media.searchParams) query.set(name, value);
  return { url: `${deps.publicUrl}/document-preview?${query}`, expiresAt };
}

const gone = () => notFound('No such file, or the link has expired.');

/** What the public page shows: refused alike for a bad signature, an expired link and a missing file. */
export async function preview(deps: DocumentPreviewDeps, link: DocumentLinkQuery): Promise<DocumentPreview> {
  const key = link.key.toLowerCase();
  if (!verifyChannelMediaLink(deps.appSecret, { ...link, key })) throw gone();
  const row = await findAttachment(deps.db, link.applicationId, key);
  if (!row) throw gone();
  const fileUrl = `${deps.publicUrl}/api/channels/media/${encodeURIComponent(link.applicationId)}/${encodeURIComponent(key)}?expires=${link.expires}&signature=${encodeURIComponent(link.signature)}`;
  return {
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    createdAtTime: row.createdAt.getTime(),
    expiresAt: link.expires,
    fileUrl,
  };
}
