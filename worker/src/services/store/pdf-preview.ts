import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * A resource's preview (decision 0064): the first pages of its first PDF, at most three, each
 * stamped "Preview" — a light diagonal word across the page and a banner at its top — kept as an
 * object of its own beside the file and served inline to everybody, while the file itself is
 * only ever handed to those who own it. pdf-lib works in turns of a few objects (`parseSpeed`, `objectsPerTick`),
 * so a large file never holds the event loop for long; the source is already bounded by the
 * resource file limit (20 MB) and read once for both the check and the preview.
 */

/** Pages a preview shows at most. */
export const PREVIEW_PAGES = 3;
/** The word stamped on every preview page. */
export const PREVIEW_STAMP = 'Preview';
export const PREVIEW_CONTENT_TYPE = 'application/pdf';
/** What the seller is told when a PDF is sold without a preview. */
export const PREVIEW_NOT_MADE = 'No preview could be made of this PDF: buyers will see the description and images only.';

/** Objects pdf-lib parses or writes before it lets other work run. */
const OBJECTS_PER_TICK = 200;

/** Where the preview of the file at `sourceKey` is kept: private, served only through the preview route. */
export function previewKeyOf(sourceKey: string): string {
  const name = sourceKey.slice(sourceKey.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `private/resource-previews/${name}.pdf`;
}

/** A loaded PDF, parsed in turns. */
export function loadPdfInTurns(bytes: Uint8Array, options: { ignoreEncryption?: boolean } = {}): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { ...options, updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
}

export type PreviewResult = { ok: true; bytes: Uint8Array; pages: number } | { ok: false };

/** The stamped first pages of `source`; `{ ok: false }` when its pages cannot be copied (a broken page tree). */
export async function makePreviewPdf(source: PDFDocument): Promise<PreviewResult> {
  try {
    const total = source.getPageCount();
    const pages = Math.min(PREVIEW_PAGES, total);
    if (pages < 1) return { ok: false };
    const preview = await PDFDocument.create({ updateMetadata: false });
    preview.setTitle(`${PREVIEW_STAMP} — first ${pages} ${pages === 1 ? 'page' : 'pages'}`);
    const copied = await preview.copyPages(source, Array.from({ length: pages }, (_, i) => i));
    const font = await preview.embedFont(StandardFonts.HelveticaBold);
    copied.forEach((page, i) => {
      preview.addPage(page);
      const { x, y, width, height } = page.getCropBox();
      // The diagonal word: light, across the middle, under nothing (drawn last, but 12% opaque).
      const size = Math.min(width, height) / 4.5;
      const wordWidth = font.widthOfTextAtSize(PREVIEW_STAMP, size);
      const angle = Math.atan2(height, width);
      page.drawText(PREVIEW_STAMP, {
        x: x + width / 2 - (Math.cos(angle) * wordWidth) / 2 + (Math.sin(angle) * size) / 3,
        y: y + height / 2 - (Math.sin(angle) * wordWidth) / 2 - (Math.cos(angle) * size) / 3,
        size,
        font,
        rotate: degrees((angle * 180) / Math.PI),
        color: rgb(0.55, 0.55, 0.6),
        opacity: 0.12,
      });
      // The banner: a light band at the top with the same word.
      const line = `${PREVIEW_STAMP} — page ${i + 1} of the ${pages} shown before buying`;
      const lineSize = Math.min(10, ((width - 24) * 10) / font.widthOfTextAtSize(line, 10));
      page.drawRectangle({ x, y: y + height - 22, width, height: 22, color: rgb(0.93, 0.94, 0.97), opacity: 0.9 });
      page.drawText(line, { x: x + 12, y: y + height - 15, size: lineSize, font, color: rgb(0.3, 0.32, 0.4) });
    });
    const bytes = await preview.save({ objectsPerTick: OBJECTS_PER_TICK });
    return { ok: true, bytes, pages };
  } catch {
    return { ok: false };
  }
}
