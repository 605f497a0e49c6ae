import type { KnowledgeDocumentExtension } from '@convo/api';
import { KnowledgeError } from '../errors.js';

// The file's bytes decide whether its extension tells the truth: a renamed image or archive is
// refused with a message naming what it really is, before any parser sees it.

export type DocumentType = 'pdf' | 'docx' | 'html' | 'markdown' | 'text';

const EXTENSION_TYPES: Record<KnowledgeDocumentExtension, DocumentType> = {
  pdf: 'pdf',
  docx: 'docx',
  html: 'html',
  htm: 'html',
  md: 'markdown',
  txt: 'text',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

export function documentTypeOf(fileName: string): DocumentType | null {
  const ext = extensionOf(fileName);
  return Object.hasOwn(EXTENSION_TYPES, ext) ? EXTENSION_TYPES[ext as KnowledgeDocumentExtension] : null;
}

/** What the first bytes prove the file to be, for the message of a mismatch. */
export function describeBytes(bytes: Uint8Array): string | null {
  const pdfAt = Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF-');
  if (pdfAt >= 0) return 'a PDF';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'a ZIP archive';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'an old Office file (.doc)';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'a PNG image';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'a JPEG image';
  if (startsWith(bytes, ascii('GIF8'))) return 'a GIF image';
  if (startsWith(bytes, ascii('RIFF'))) return 'a media file';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'a gzip archive';
  if (startsWith(bytes, ascii('Rar!'))) return 'a RAR archive';
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'a program';
  if (startsWith(bytes, ascii('MZ'))) return 'a program';
  return null;
}

const LABELS: Record<DocumentType, string> = {
  pdf: 'a PDF',
  docx: 'a Word document (.docx)',
  html: 'an HTML page',
  markdown: 'a Markdown file',
  text: 'a text file',
};

function mismatch(fileName: string, type: DocumentType, actual: string | null): KnowledgeError {
  const what = actual ? `it is ${actual}` : 'its content is not';
  return new KnowledgeError(`"${fileName}" is not ${LABELS[type]}: ${what}.`);
}

/** UTF-8 text (a BOM allowed); binary content or invalid UTF-8 is not a text document. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.subarray(0, 8192).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Throws a KnowledgeError when the bytes are not what the extension says. */
export function assertMatchesType(fileName: string, type: DocumentType, bytes: Uint8Array): void {
  if (bytes.length === 0) throw new KnowledgeError(`"${fileName}" is empty.`);
  const actual = describeBytes(bytes);
  if (type === 'pdf') {
    if (actual !== 'a PDF') throw mismatch(fileName, type, actual);
    return;
  }
  if (type === 'docx') {
    if (actual !== 'a ZIP archive') throw mismatch(fileName, type, actual);
    // A .docx is a ZIP holding word/document.xml; its name sits in the archive's entries.
    if (Buffer.from(bytes).indexOf('word/') < 0) throw mismatch(fileName, type, 'a ZIP archive');
    return;
  }
  if (actual !== null) throw mismatch(fileName, type, actual);
}
