import { KnowledgeError } from '../errors.js';
import { docxText } from './docx.js';
import { htmlToText } from './html.js';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './limits.js';
import { pdfPages } from './pdf.js';
import { assertMatchesType, type DocumentType, decodeText, documentTypeOf } from './sniff.js';

export { type DocumentType, documentTypeOf, extensionOf } from './sniff.js';

/** A piece of a source's text before splitting: a PDF page, a web page, a whole document. */
export interface TextPart {
  text: string;
  /** Where it came from (a page's address); null for an uploaded document. */
  url: string | null;
  /** The page's title or the document's name, the heading of passages that have none. */
  title: string | null;
  /** 1-based page of a PDF. */
  page?: number | undefined;
}

function textOf(fileName: string, bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === null) {
    throw new KnowledgeError(`"${fileName}" is not a text file: it holds binary data or is not UTF-8.`);
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * The text of an uploaded document, by the type its extension names and its bytes confirm.
 * Throws KnowledgeError (shown on the source) for a mismatch, a damaged file or one with no text.
 */
export async function parseDocument(
  fileName: string,
  bytes: Uint8Array,
  type?: DocumentType,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<TextPart[]> {
  const kind = type ?? documentTypeOf(fileName);
  if (!kind) throw new KnowledgeError(`"${fileName}" is not a PDF, DOCX, TXT, MD or HTML file.`);
  assertMatchesType(fileName, kind, bytes);
  let parts: TextPart[];
  switch (kind) {
    case 'pdf':
      parts = (await pdfPages(fileName, bytes, limits)).map((text, i) => ({
        text,
        url: null,
        title: fileName,
        page: i + 1,
      }));
      break;
    case 'docx':
      parts = [{ text: await docxText(fileName, bytes, limits), url: null, title: fileName }];
      break;
    case 'html': {
      const page = htmlToText(textOf(fileName, bytes));
      parts = [{ text: page.text, url: null, title: page.title ?? fileName }];
      break;
    }
    case 'markdown':
    case 'text':
      parts = [{ text: textOf(fileName, bytes), url: null, title: fileName }];
      break;
  }
  if (!parts.some((p) => /[\p{L}\p{N}]/u.test(p.text)))
    throw new KnowledgeError(`"${fileName}" has no text.`);
  return parts;
}
