import { getDocumentProxy } from 'unpdf';
import { KnowledgeError } from '../errors.js';
import { DEFAULT_PARSE_LIMITS, limitErrors, type ParseLimits } from './limits.js';

// PDF text per page (unpdf: PDF.js built for servers). A password-protected or damaged file and a
// PDF without any text (scanned pages) are refused with a message that says which. A PDF over the
// page limit is refused before any page is read, and the text read out of it stops at the
// unpacked-size limit (its streams are compressed: a small file can hold a great deal of text).

const errorName = (err: unknown) => (err instanceof Error ? err.name : '');

type PdfLimits = Pick<ParseLimits, 'maxPages' | 'maxUnpackedBytes'>;

export async function pdfPages(
  fileName: string,
  bytes: Uint8Array,
  limits: PdfLimits = DEFAULT_PARSE_LIMITS,
): Promise<string[]> {
  const pages: string[] = [];
  try {
    // PDF.js takes ownership of the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      if (pdf.numPages > limits.maxPages) throw limitErrors.tooManyPages(pdf.numPages, limits.maxPages);
      let chars = 0;
      // One page at a time (unpdf's extractText reads them all at once), so the cap stops early.
      for (let n = 1; n <= pdf.numPages; n += 1) {
        const content = await (await pdf.getPage(n)).getTextContent();
        const text = content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('');
        chars += text.length;
        if (chars > limits.maxUnpackedBytes)
          throw limitErrors.unpackedTooLarge(chars, limits.maxUnpackedBytes);
        pages.push(text);
      }
    } finally {
      await pdf.destroy();
    }
  } catch (err) {
    if (err instanceof KnowledgeError) throw err;
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
