import mammoth from 'mammoth';
import { KnowledgeError } from '../errors.js';
import { htmlToText } from './html.js';

// A Word document through mammoth's HTML (its headings become markdown headings in htmlToText).

export async function docxText(fileName: string, bytes: Uint8Array): Promise<string> {
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
