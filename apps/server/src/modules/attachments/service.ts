import { randomUUID } from 'node:crypto';
import { formatFileSize, MAX_FILE_UPLOAD_BYTES, MAX_IMAGE_UPLOAD_BYTES } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { type FileStorage, newStorageKey, type StoredObject } from '../../platform/storage/storage.js';
import * as repo from './repository.js';

export interface AttachmentDeps {
  db: Db;
  storage: FileStorage;
  /** PUBLIC_URL without a trailing slash: file URLs are absolute. */
  publicUrl: string;
}

/** Any file other than an image (SPEC §5 sets only the image limit; this keeps disks sane). */
export { MAX_FILE_UPLOAD_BYTES };

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const isImageType = (type: string): type is ImageType =>
  (IMAGE_TYPES as readonly string[]).includes(type);

/** The platform's fileMeta: what a message with a file (content type 1) carries. */
export interface FileMeta {
  key: string;
  blobKey: string;
  name: string;
  size: number;
  contentType: string;
  url: string;
  thumbnailUrl?: string;
  createdAtTime: number;
}

export interface Upload {
  filename: string | undefined;
  mimetype: string;
  bytes: Buffer;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the first bytes prove, whatever the client claimed. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** SVG (or any XML that could be one): markup that can carry scripts, never accepted as an image. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 2048))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>/]/i.test(head);
}

/** A MIME type as `type/subtype` in lower case, or octet-stream for anything odd. */
export function normalizeContentType(raw: string | undefined): string {
  const type = (raw ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type)
    ? type
    : 'application/octet-stream';
}

/** The name shown for a file: its last path segment, without control characters, at most 255. */
export function cleanFileName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...last].filter((c) => {
    const code = c.charCodeAt(0);
    return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0);
  });
  return printable.join('').trim().slice(0, 255) || 'file';
}

export const fileUrl = (publicUrl: string, key: string) => `${publicUrl}/rest/ws/file/${key}`;

export const tooLarge = (what: 'image' | 'file', size: number, limit: number) =>
  new AppError(
    413,
    'FILE_TOO_LARGE',
    `The ${what} is ${formatFileSize(size)}; the limit is ${formatFileSize(limit)}.`,
    { size, limit },
  );

/** Multipart stopped reading at the limit, so the real size is unknown. */
export const overLimit = (limit: number) =>
  new AppError(413, 'FILE_TOO_LARGE', `The file is larger than the limit of ${formatFileSize(limit)}.`, {
    limit,
  });

const IMAGE_NAMES = 'a PNG, JPEG, GIF or WebP image';

/** The stored type of an image: the sniffed one, and only when it agrees with the claim. */
function checkImage(claimed: string, sniffed: ImageType | null): ImageType {
  if (!sniffed) {
    throw badRequest(
      'INVALID_FILE_TYPE',
      isImageType(claimed)
        ? `The file claims to be ${claimed}, but its content is not ${IMAGE_NAMES}.`
        : `The file is not ${IMAGE_NAMES}.`,
    );
  }
  if (isImageType(claimed) && claimed !== sniffed) {
    throw badRequest('INVALID_FILE_TYPE', `The file claims to be ${claimed}, but its content is ${sniffed}.`);
  }
  return sniffed;
}

/**
 * Checks an upload and stores it: images (upload/image, or a file that claims an image type)
 * must be a real PNG, JPEG, GIF or WebP of at most 3 MB; SVG is refused as an image; anything
 * else is a file of at most 10 MB. Nothing is written unless every check passed.
 */
export async function storeUpload(
  deps: AttachmentDeps,
  caller: AuthContext,
  upload: Upload,
  mode: 'image' | 'file',
): Promise<FileMeta> {
  const { bytes } = upload;
  const size = bytes.byteLength;
  const claimed = normalizeContentType(upload.mimetype);
  if (size === 0) throw badRequest('EMPTY_FILE', 'The file is empty.');
  const svg = claimed === 'image/svg+xml' || looksLikeSvg(bytes);
  let contentType: string;
  if (mode === 'image' || isImageType(claimed)) {
    if (svg) {
      throw badRequest(
        'UNSUPPORTED_FILE_TYPE',
        `SVG images are not accepted because they can carry scripts; upload ${IMAGE_NAMES}.`,
      );
    }
    if (size > MAX_IMAGE_UPLOAD_BYTES) throw tooLarge('image', size, MAX_IMAGE_UPLOAD_BYTES);
    contentType = checkImage(claimed, sniffImageType(bytes));
  } else {
    if (size > MAX_FILE_UPLOAD_BYTES) throw tooLarge('file', size, MAX_FILE_UPLOAD_BYTES);
    contentType = claimed;
  }

  const id = randomUUID();
  const storageKey = newStorageKey(caller.applicationId, id);
  await deps.storage.put(storageKey, bytes, contentType);
  let row: repo.AttachmentRow;
  try {
    row = await repo.insertAttachment(deps.db, {
      id,
      applicationId: caller.applicationId,
      uploaderId: caller.userId,
      storageKey,
      name: cleanFileName(upload.filename),
      contentType,
      size,
    });
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  return toFileMeta(row, deps.publicUrl);
}

export function toFileMeta(row: repo.AttachmentRow, publicUrl: string): FileMeta {
  const url = fileUrl(publicUrl, row.id);
  return {
    key: row.id,
    // The platform's clients name the stored file by blobKey (the widget's upload answer, fileMeta).
    blobKey: row.id,
    name: row.name,
    size: row.size,
    contentType: row.contentType,
    url,
    ...(isImageType(row.contentType) ? { thumbnailUrl: url } : {}),
    createdAtTime: row.createdAt.getTime(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fileNotFound = () => notFound('File not found.');

/**
 * A file the caller may read: any file of the caller's own application (members and end users
 * alike; keys are unguessable UUIDs). Another application's file is "not found", never 403.
 */
export async function findFile(deps: AttachmentDeps, caller: AuthContext, key: string) {
  if (!UUID.test(key)) throw fileNotFound();
  const row = await repo.findAttachment(deps.db, caller.applicationId, key.toLowerCase());
  if (!row) throw fileNotFound();
  return row;
}

export async function openFile(
  deps: AttachmentDeps,
  caller: AuthContext,
  key: string,
): Promise<{ row: repo.AttachmentRow; object: StoredObject }> {
  const row = await findFile(deps, caller, key);
  const object = await deps.storage.get(row.storageKey);
  if (!object) throw fileNotFound();
  return { row, object };
}

/** `inline` for the images we accept, `attachment` for everything else; both name the file. */
export function contentDisposition(name: string, contentType: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const kind = isImageType(contentType) ? 'inline' : 'attachment';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
