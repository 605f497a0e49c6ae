import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

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

/** A .docx of paragraphs; `# Title` lines become Heading 1 paragraphs. */
export async function buildDocx(paragraphs: readonly string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  const body = paragraphs
    .map((p) => {
      const heading = /^#\s+(.*)$/.exec(p);
      const style = heading ? '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>' : '';
      return `<w:p>${style}<w:r><w:t xml:space="preserve">${escapeXml(heading ? heading[1]! : p)}</w:t></w:r></w:p>`;
    })
    .join('');
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array' });
}
