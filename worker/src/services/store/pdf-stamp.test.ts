import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf, stampPdf } from './pdf-stamp.ts';

/** A real PDF made by pdf-lib: `pages` pages with a line of text each. */
async function makePdf(pages: number, options: { password?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let i = 0; i < pages; i++) doc.addPage([i === 1 ? 300 : 595, 842]).drawText(`Lesson ${i + 1}`, { x: 40, y: 800, size: 14, font });
  const bytes = await doc.save({ useObjectStreams: !options.password });
  if (!options.password) return bytes;
  // pdf-lib cannot encrypt: an Encrypt entry in the trailer is what marks a locked file.
  const text = new TextDecoder('latin1').decode(bytes);
  return new TextEncoder().encode(text.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>'));
}

/** Every content stream of a page, decoded, as text. */
function pageContent(page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = page.doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) return '';
      return new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    })
    .join('\n');
}

describe('PDF stamping', () => {
  it('reads the page count of a real PDF and refuses what is not one', async () => {
    expect(await inspectPdf(await makePdf(3))).toEqual({ ok: true, pageCount: 3 });
    expect(await inspectPdf(new TextEncoder().encode('%PDF-1.7\nnot really a pdf'))).toEqual({ ok: false, reason: 'unreadable' });
    expect(await inspectPdf(await makePdf(1, { password: true }))).toEqual({ ok: false, reason: 'encrypted' });
  });

  it('draws the licence line on every page and keeps the pages', async () => {
    const line = 'Licensed to Ada Lovelace · Order DRX-ABCDE-FGHJK';
    const stamped = await stampPdf(await makePdf(3), line);
    const doc = await PDFDocument.load(stamped);
    expect(doc.getPageCount()).toBe(3);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const encoded = font.encodeText(line).toString();
    for (const page of doc.getPages()) {
      const content = pageContent(page);
      expect(content).toContain(encoded);
      expect(content).toContain('Tj');
    }
    // The original text is still there.
    expect(pageContent(doc.getPages()[0]!)).toMatch(/Tj/);
  });

  it('a name the standard font cannot draw is stamped with ? in its place', async () => {
    const stamped = await stampPdf(await makePdf(1), 'Licensed to 李雷');
    const doc = await PDFDocument.load(stamped);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(pageContent(doc.getPages()[0]!)).toContain(font.encodeText('Licensed to ??').toString());
  });
});
