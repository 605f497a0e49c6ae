import mammoth from 'mammoth';
import { KnowledgeError } from '../errors.js';
import { htmlToText } from './html.js';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './limits.js';
import { checkZip } from './zip-guard.js';

// A Word document through mammoth's HTML (its headings become markdown headings in htmlToText),
// once its archive passed the size, entry and ratio checks (zip-guard.ts).
export async function docxText(
  fileName: string,
  bytes: Uint8Array,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<string> {
  await checkZip(fileName, bytes, limits);
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new KnowledgeError(
      `"${fileName}" could not be read as a Word document (.docx): the file is damaged.`,
    );
  }
  return htmlToText(html).text;
}
