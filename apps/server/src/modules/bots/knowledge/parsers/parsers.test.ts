import { describe, expect, it } from 'vitest';
import { KnowledgeError } from '../errors.js';
import { buildDocx, buildEncryptedPdf, buildPdf } from '../test-documents.js';
import { htmlToText } from './html.js';
import { parseDocument } from './index.js';
import { assertMatchesType, decodeText, documentTypeOf, extensionOf } from './sniff.js';

const utf8 = (s: string) => new TextEncoder().encode(s);

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(KnowledgeError);
    return (err as Error).message;
  }
  throw new Error('expected a KnowledgeError');
}

describe('document types', () => {
  it('come from the extension, case-insensitively', () => {
    expect(extensionOf('Guide.PDF')).toBe('pdf');
    expect(extensionOf('noext')).toBe('');
    expect(documentTypeOf('a.docx')).toBe('docx');
    expect(documentTypeOf('a.htm')).toBe('html');
    expect(documentTypeOf('a.md')).toBe('markdown');
    expect(documentTypeOf('a.txt')).toBe('text');
    expect(documentTypeOf('a.doc')).toBeNull();
    expect(documentTypeOf('a.exe')).toBeNull();
  });

  it('are checked against the bytes', async () => {
    const pdf = await buildPdf(['hello']);
    const docx = await buildDocx(['hello']);
    expect(() => assertMatchesType('a.pdf', 'pdf', pdf)).not.toThrow();
    expect(() => assertMatchesType('a.docx', 'docx', docx)).not.toThrow();
    expect(() => assertMatchesType('a.pdf', 'pdf', utf8('just text'))).toThrow('"a.pdf" is not a PDF');
    expect(() => assertMatchesType('a.docx', 'docx', pdf)).toThrow(
      '"a.docx" is not a Word document (.docx): it is a PDF.',
    );
    expect(() => assertMatchesType('a.txt', 'text', docx)).toThrow('it is a ZIP archive');
    expect(() => assertMatchesType('a.html', 'html', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]))).toThrow(
      'it is a PNG image',
    );
    expect(() => assertMatchesType('a.txt', 'text', new Uint8Array())).toThrow('"a.txt" is empty.');
  });

  it('reject a ZIP that is not a Word document', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    zip.file('photos/cat.txt', 'meow');
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    expect(() => assertMatchesType('cat.docx', 'docx', bytes)).toThrow('it is a ZIP archive');
  });

  it('decode UTF-8 text and refuse binary or invalid UTF-8', () => {
    expect(decodeText(utf8('\uFEFFcafé'))).toBe('café');
    expect(decodeText(Buffer.from([0x61, 0x00, 0x62]))).toBeNull();
    expect(decodeText(Buffer.from([0xc3, 0x28]))).toBeNull();
  });
});

describe('parseDocument', () => {
  it('reads a PDF page by page', async () => {
    const pdf = await buildPdf(['Shipping takes three days.', 'Returns are free within 30 days.']);
    const parts = await parseDocument('policies.pdf', pdf);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatchObject({ page: 1, title: 'policies.pdf', url: null });
    expect(parts[0]!.text).toContain('Shipping takes three days.');
    expect(parts[1]!.text).toContain('Returns are free within 30 days.');
  });

  it('says a PDF without text has no text', async () => {
    expect(await failure(parseDocument('scan.pdf', await buildPdf(['', ''])))).toMatch(
      /^This PDF has no text/,
    );
  });

  it('says a password-protected PDF is protected', async () => {
    expect(await failure(parseDocument('secret.pdf', buildEncryptedPdf()))).toMatch(
      /^This PDF is password-protected/,
    );
  });

  it('says a damaged PDF is damaged', async () => {
    expect(await failure(parseDocument('broken.pdf', utf8('%PDF-1.7\nnothing else')))).toContain(
      'is damaged',
    );
  });

  it('reads a .docx with its headings', async () => {
    const docx = await buildDocx([
      '# Opening hours',
      'We are open from 9 to 5 on weekdays.',
      'Closed on Sundays.',
    ]);
    const [part] = await parseDocument('hours.docx', docx);
    expect(part!.text).toContain('# Opening hours');
    expect(part!.text).toContain('We are open from 9 to 5 on weekdays.');
    expect(part!.text).toContain('Closed on Sundays.');
  });

  it('says a text file renamed .docx is not a Word document', async () => {
    expect(await failure(parseDocument('notes.docx', utf8('plain words')))).toBe(
      '"notes.docx" is not a Word document (.docx): its content is not.',
    );
  });

  it('reads HTML without scripts or navigation, keeping headings and the title', async () => {
    const html =
      '<html><head><title>Help &amp; FAQ</title><style>p{color:red}</style></head><body>' +
      '<nav>Home | Shop | Cart</nav><h1>Delivery</h1><p>We ship <b>worldwide</b>.</p>' +
      '<script>alert("x")</script><footer>© Shop</footer></body></html>';
    const [part] = await parseDocument('faq.html', utf8(html));
    expect(part!.title).toBe('Help & FAQ');
    expect(part!.text).toContain('# Delivery');
    expect(part!.text).toContain('We ship worldwide.');
    expect(part!.text).not.toMatch(/alert|color:red|Home \| Shop|© Shop/);
  });

  it('reads markdown and text as they are, and refuses binary text files', async () => {
    const [md] = await parseDocument('a.md', utf8('# Title\n\nBody text.'));
    expect(md!.text).toBe('# Title\n\nBody text.');
    expect(await failure(parseDocument('a.txt', Buffer.from([0x68, 0x69, 0x00, 0x01])))).toContain(
      'is not a text file',
    );
    expect(await failure(parseDocument('blank.txt', utf8('   \n\n  ')))).toBe('"blank.txt" has no text.');
    expect(await failure(parseDocument('a.exe', utf8('MZ')))).toContain(
      'is not a PDF, DOCX, TXT, MD or HTML file',
    );
  });
});

describe('htmlToText', () => {
  it('keeps list items and drops images and link targets', () => {
    const { text } = htmlToText(
      '<ul><li>One</li><li>Two</li></ul><img src="x.png" alt="pic"><a href="/x">Link</a>',
    );
    expect(text).toContain('- One');
    expect(text).toContain('- Two');
    expect(text).toContain('Link');
    expect(text).not.toContain('/x');
    expect(text).not.toContain('pic');
  });
});
