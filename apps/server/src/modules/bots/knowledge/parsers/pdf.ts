import { extractText, getDocumentProxy } from 'unpdf';
import { KnowledgeError } from '../errors.js';

// PDF text per page (unpdf: PDF.js built for servers). A password-protected or damaged file and a
// PDF without any text (scanned pages) are refused with a message that says which.

const errorName = (err: unknown) => (err instanceof Error ? err.name : '');

export async function pdfPages(fileName: string, bytes: Uint8Array): Promise<string[]> {
  let pages: string[];
  try {
    // PDF.js takes ownership of the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
    } finally {
      await pdf.destroy();
    }
  } catch (err) {
    if (errorName(err) === 'PasswordException') {
      throw new KnowledgeError('This PDF is password-protected: upload a copy without a password.');
    }
    throw new KnowledgeError(`"${fileName}" could not be read as a PDF: the file is damaged.`);
  }
  if (!pages.some((page) => /[\p{L}\p{N}]/u.test(page))) {
    throw new KnowledgeError(
      'This PDF has no text: its pages are empty or scanned images (run text recognition first).',
    );
  }
  return pages;
}
