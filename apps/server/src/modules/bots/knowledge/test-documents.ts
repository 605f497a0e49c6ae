import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';

// Real documents built in memory for the knowledge tests and bench (no fixture files): PDFs with
// pdf-lib, a .docx as the ZIP of WordprocessingML that Word writes, a password-protected PDF.

/** A PDF with one page per entry; each entry's lines are drawn top-down. */
export async function buildPdf(pages: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    let y = 800;
    for (const line of text.split('\n')) {
      if (line) page.drawText(line, { x: 40, y, size: 11, font });
      y -= 16;
    }
  }
  return doc.save();
}

/**
 * A PDF whose trailer names a standard security handler (RC4, revision 2) with a user password:
 * readers must ask for the password before they can open it.
 */
export function buildEncryptedPdf(): Uint8Array {
  const hex = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 11)}> /U <${hex(32, 29)}> /P -4 >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex(16, 3)}> <${hex(16, 3)}>] >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const DOCUMENT_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_CLOSE = '</w:body></w:document>';

/** A .docx of paragraphs; `# Title` lines become Heading 1 paragraphs. */
export async function buildDocx(paragraphs: readonly string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', ROOT_RELS);
  const body = paragraphs
    .map((p) => {
      const heading = /^#\s+(.*)$/.exec(p);
      const style = heading ? '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>' : '';
      return `<w:p>${style}<w:r><w:t xml:space="preserve">${escapeXml(heading ? heading[1]! : p)}</w:t></w:r></w:p>`;
    })
    .join('');
  zip.file('word/document.xml', `${DOCUMENT_OPEN}${body}${DOCUMENT_CLOSE}`);
  return zip.generateAsync({ type: 'uint8array' });
}

/** `bytes` of one letter as a stream of 64 KB chunks: never held in memory at once. */
async function* repeated(bytes: number, letter = 'a'): AsyncGenerator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, letter);
  for (let left = bytes; left > 0; left -= chunk.length)
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

export interface BombOptions {
  /** Extra tiny entries (word/media/n.txt), for the entry-count limit. */
  extraEntries?: number | undefined;
}

/**
 * A "zip bomb" .docx: a real Word package whose word/document.xml is one paragraph of
 * `unpackedBytes` repeated letters. Written as a stream (yazl deflates as it goes), so building a
 * 400 MB document costs a second of CPU and about 1/1000 of it in memory (deflate's best ratio).
 */
export async function buildDocxBomb(unpackedBytes: number, opts: BombOptions = {}): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
  for (let i = 0; i < (opts.extraEntries ?? 0); i += 1)
    zip.addBuffer(Buffer.from('x'), `word/media/${i}.txt`);
  const text = unpackedBytes - DOCUMENT_OPEN.length - DOCUMENT_CLOSE.length - 40;
  async function* document() {
    yield Buffer.from(`${DOCUMENT_OPEN}<w:p><w:r><w:t>`);
    yield* repeated(Math.max(0, text));
    yield Buffer.from(`</w:t></w:r></w:p>${DOCUMENT_CLOSE}`);
  }
  zip.addReadStream(Readable.from(document()), 'word/document.xml');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A PDF of one page whose content stream (FlateDecode) unpacks to about `unpackedBytes` of text
 * operators: a small file, since repeated text compresses about a thousand to one.
 */
export function buildPdfBomb(unpackedBytes: number): Uint8Array {
  const line = 'BT /F1 11 Tf 40 800 Td (All work and no play makes a bomb.) Tj ET\n';
  const content = deflateSync(Buffer.from(line.repeat(Math.ceil(unpackedBytes / line.length))), { level: 9 });
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(length);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body) : body,
      Buffer.from('\nendobj\n'),
    ]);
    chunks.push(obj);
    length += obj.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  chunks.push(Buffer.from(`${xref}\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
