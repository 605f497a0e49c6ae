import {
  DOCUMENT_PREVIEW_PATHS,
  documentPreviewResponseSchema,
  documentShareResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

/** The stored file's key in a file URL of ours (`…/rest/ws/file/<key>`), or null. */
export function fileKeyOf(url: string): string | null {
  const match =
    /\/rest\/ws\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#]|$)/i.exec(url);
  return match?.[1]?.toLowerCase() ?? null;
}

/** A signed /document-preview link of one of the application's files. */
export async function shareDocument(key: string) {
  return (
    await apiRequest(DOCUMENT_PREVIEW_PATHS.share, { body: { key }, schema: documentShareResponseSchema })
  ).data;
}

/** What the public page shows for the link's query (passed on as it came). */
export async function fetchDocumentPreview(search: string) {
  return (
    await apiRequest(`${DOCUMENT_PREVIEW_PATHS.preview}${search}`, {
      schema: documentPreviewResponseSchema,
      // A public link: a stale session of this browser must not turn it into a logout.
      token: null,
    })
  ).data;
}

export type PreviewKind = 'image' | 'pdf' | 'text' | 'none';

/** How the page shows a file: images and PDFs inline, small text files as text, the rest by download. */
export function previewKind(contentType: string, size: number): PreviewKind {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (/^image\/(png|jpeg|gif|webp)$/.test(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if ((type.startsWith('text/') || type === 'application/json') && size <= TEXT_PREVIEW_MAX_BYTES)
    return 'text';
  return 'none';
}
/** Larger text files are offered for download only: the page stays quick. */
export const TEXT_PREVIEW_MAX_BYTES = 512 * 1024;
