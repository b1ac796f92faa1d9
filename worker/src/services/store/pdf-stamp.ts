import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { loadPdfInTurns } from './pdf-preview.ts';

/**
 * PDFs of the store are read at upload (page count; a file pdf-lib cannot open, or one locked by a
 * password, is refused, so every PDF sold can be stamped) and stamped at download with who the
 * copy is for (decision 0029): one line at the foot of every page, so a leaked copy can be traced.
 */

export type PdfCheck = { ok: true; pageCount: number } | { ok: false; reason: 'unreadable' | 'encrypted' };
export type PdfRead = (PdfCheck & { ok: false }) | { ok: true; pageCount: number; doc: PDFDocument };

/** The PDF's page count and the parsed document (its preview is made from the same parse). */
export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  try {
    const doc = await loadPdfInTurns(bytes, { ignoreEncryption: true });
    if (doc.isEncrypted) return { ok: false, reason: 'encrypted' };
    return { ok: true, pageCount: doc.getPageCount(), doc };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfCheck> {
  const read = await readPdf(bytes);
  return read.ok ? { ok: true, pageCount: read.pageCount } : read;
}

/** The standard fonts draw WinAnsi only: other characters (a name in another script) become '?'. */
export function drawable(text: string, font: PDFFont): string {
  let out = '';
  for (const ch of text) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Font size and margin of the stamp, in points. */
const SIZE = 8;
const MARGIN = 14;

/** The PDF with `line` drawn at the foot of every page (centred, grey, inside the page's visible box). */
export async function stampPdf(bytes: Uint8Array, line: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const text = drawable(line, font);
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    const width = font.widthOfTextAtSize(text, SIZE);
    const size = width > box.width - 2 * MARGIN ? (SIZE * (box.width - 2 * MARGIN)) / width : SIZE;
    const x = box.x + Math.max(MARGIN, (box.width - font.widthOfTextAtSize(text, size)) / 2);
    page.drawText(text, { x, y: box.y + MARGIN / 2 + 2, size, font, color: rgb(0.35, 0.35, 0.35) });
  }
  return doc.save();
}
