import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * The demo store's documents as real PDFs: headings, paragraphs, bullet lists and
 * small tables laid out over US Letter pages with pdf-lib's standard fonts, a running header and
 * "Page n of m". Deterministic: no dates, no producer string, the same bytes on every machine, so
 * the size the seed records is the size of the file put into the store later.
 */

export type DocBlock =
  | { h: string }
  | { p: string }
  | { list: string[] }
  | { steps: string[] }
  | { table: { head: string[]; rows: string[][]; widths: number[] } }
  | { note: string };

export interface DemoDocument {
  /** The file name a buyer sees and downloads. */
  fileName: string;
  title: string;
  subtitle: string;
  blocks: DocBlock[];
}

export interface DocumentContext {
  /** The resource the document belongs to (running header). */
  resourceTitle: string;
  storeName: string;
  /** "Latin · Adult (18+) · Beginner" under the title. */
  tagline: string;
}

const PAGE = { width: 612, height: 792 };
const MARGIN = { left: 60, right: 60, top: 64, bottom: 72 };
const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.38, 0.41, 0.47);
const ACCENT = rgb(0.49, 0.14, 0.4);
const RULE = rgb(0.82, 0.84, 0.88);

/**
 * The standard fonts speak WinAnsi only: characters outside it (arrows, music signs) become plain
 * text, so a document never fails to render.
 */
const REPLACEMENTS: Record<string, string> = { '→': '->', '←': '<-', '≈': '~', '♩': 'crotchet', '½': '1/2', '≥': '>=', '≤': '<=' };
function winAnsi(text: string): string {
  return text.replace(/[→←≈♩½≥≤]/g, (c) => REPLACEMENTS[c] ?? '');
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

const widths = new WeakMap<PDFFont, Map<string, number>>();

/** A word's width at size 1 (measured once per font: measuring is the costly part of a layout). */
function wordWidth(font: PDFFont, word: string): number {
  let known = widths.get(font);
  if (!known) widths.set(font, (known = new Map()));
  let width = known.get(word);
  if (width === undefined) known.set(word, (width = font.widthOfTextAtSize(word, 1)));
  return width;
}

/** Splits text into lines no wider than `width` at `size` (words longer than a line stay whole). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = wordWidth(font, ' ') * size;
  for (const paragraph of winAnsi(text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const w = wordWidth(font, word) * size;
      if (line && lineWidth + space + w > width) {
        lines.push(line);
        line = word;
        lineWidth = w;
      } else {
        lineWidth = line ? lineWidth + space + w : w;
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Lays blocks out top to bottom, starting a new page when the next piece does not fit. */
class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  private readonly doc: PDFDocument;
  private readonly fonts: Fonts;
  private readonly ctx: DocumentContext;

  constructor(doc: PDFDocument, fonts: Fonts, ctx: DocumentContext) {
    this.doc = doc;
    this.fonts = fonts;
    this.ctx = ctx;
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
    if (this.pages.length > 1) {
      // Running header from the second page on.
      const header = winAnsi(`${this.ctx.resourceTitle} — ${this.ctx.storeName}`);
      this.page.drawText(header, { x: MARGIN.left, y: PAGE.height - 40, size: 8.5, font: this.fonts.regular, color: MUTED });
      this.page.drawLine({ start: { x: MARGIN.left, y: PAGE.height - 46 }, end: { x: PAGE.width - MARGIN.right, y: PAGE.height - 46 }, thickness: 0.5, color: RULE });
    }
  }

  /** Makes room for `height` points, on a new page when this one is full. */
  need(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  lines(lines: string[], opts: { font: PDFFont; size: number; leading: number; x?: number; color?: ReturnType<typeof rgb> }) {
    for (const line of lines) {
      this.need(opts.leading);
      this.y -= opts.leading;
      this.page.drawText(line, { x: opts.x ?? MARGIN.left, y: this.y, size: opts.size, font: opts.font, color: opts.color ?? INK });
    }
  }

  title(doc: DemoDocument) {
    this.lines([winAnsi(this.ctx.storeName).toUpperCase()], { font: this.fonts.bold, size: 9, leading: 12, color: ACCENT });
    this.y -= 6;
    this.lines(wrap(doc.title, this.fonts.bold, 22, TEXT_WIDTH), { font: this.fonts.bold, size: 22, leading: 27 });
    this.y -= 2;
    this.lines(wrap(doc.subtitle, this.fonts.regular, 12, TEXT_WIDTH), { font: this.fonts.regular, size: 12, leading: 16, color: MUTED });
    this.lines(wrap(this.ctx.tagline, this.fonts.italic, 10, TEXT_WIDTH), { font: this.fonts.italic, size: 10, leading: 15, color: MUTED });
    this.y -= 10;
    this.page.drawLine({ start: { x: MARGIN.left, y: this.y }, end: { x: PAGE.width - MARGIN.right, y: this.y }, thickness: 1.2, color: ACCENT });
    this.y -= 8;
  }

  block(block: DocBlock) {
    const { regular, bold, italic } = this.fonts;
    if ('h' in block) {
      // A heading never ends a page: keep room for it and two lines after it.
      this.need(24 + 28);
      this.y -= 12;
      this.lines(wrap(block.h, bold, 14, TEXT_WIDTH), { font: bold, size: 14, leading: 18, color: ACCENT });
      this.y -= 3;
    } else if ('p' in block) {
      this.lines(wrap(block.p, regular, 10.5, TEXT_WIDTH), { font: regular, size: 10.5, leading: 14.5 });
      this.y -= 6;
    } else if ('note' in block) {
      this.lines(wrap(block.note, italic, 10, TEXT_WIDTH - 16), { font: italic, size: 10, leading: 14, x: MARGIN.left + 16, color: MUTED });
      this.y -= 6;
    } else if ('list' in block || 'steps' in block) {
      const items = 'list' in block ? block.list : block.steps;
      items.forEach((item, i) => {
        const marker = 'list' in block ? '•' : `${i + 1}.`;
        const lines = wrap(item, regular, 10.5, TEXT_WIDTH - 18);
        this.need(14.5);
        this.page.drawText(marker, { x: MARGIN.left + 2, y: this.y - 14.5, size: 10.5, font: 'list' in block ? regular : bold, color: ACCENT });
        this.lines(lines, { font: regular, size: 10.5, leading: 14.5, x: MARGIN.left + 18 });
        this.y -= 2;
      });
      this.y -= 5;
    } else {
      this.table(block.table);
    }
  }

  table(table: { head: string[]; rows: string[][]; widths: number[] }) {
    const { regular, bold } = this.fonts;
    const total = table.widths.reduce((a, b) => a + b, 0);
    const widths = table.widths.map((w) => (w / total) * TEXT_WIDTH);
    const xs = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const size = 9.5;
    const leading = 12.5;
    const row = (cells: string[], font: PDFFont, shade: boolean) => {
      const wrapped = cells.map((cell, i) => wrap(cell, font, size, widths[i]! - 8));
      const height = Math.max(...wrapped.map((l) => l.length)) * leading + 6;
      const pages = this.pages.length;
      this.need(height);
      // A table that runs on to a new page repeats its header there.
      if (!shade && this.pages.length !== pages) row(table.head, bold, true);
      if (shade) this.page.drawRectangle({ x: MARGIN.left, y: this.y - height, width: TEXT_WIDTH, height, color: rgb(0.95, 0.93, 0.96) });
      wrapped.forEach((lines, i) => {
        lines.forEach((line, j) => this.page.drawText(line, { x: xs[i]! + 4, y: this.y - 3 - (j + 1) * leading + 2.5, size, font, color: INK }));
      });
      this.y -= height;
      this.page.drawLine({ start: { x: MARGIN.left, y: this.y }, end: { x: PAGE.width - MARGIN.right, y: this.y }, thickness: 0.5, color: RULE });
    };
    this.need(2 * leading + 12);
    row(table.head, bold, true);
    for (const cells of table.rows) row(cells, regular, false);
    this.y -= 10;
  }
}

/** A document as PDF bytes and its page count. */
export async function renderDocumentPdf(doc: DemoDocument, ctx: DocumentContext): Promise<{ bytes: Uint8Array; pageCount: number }> {
  // No creation date, producer or modification date: those would change the bytes every run.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(winAnsi(doc.title), { showInWindowTitleBar: false });
  pdf.setAuthor(winAnsi(ctx.storeName));
  pdf.setSubject(winAnsi(ctx.resourceTitle));
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  const layout = new Layout(pdf, fonts, ctx);
  layout.title(doc);
  for (const block of doc.blocks) layout.block(block);
  const count = layout.pages.length;
  layout.pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${count}`;
    page.drawText(label, { x: PAGE.width - MARGIN.right - fonts.regular.widthOfTextAtSize(label, 8.5), y: 40, size: 8.5, font: fonts.regular, color: MUTED });
    page.drawText(winAnsi(ctx.storeName), { x: MARGIN.left, y: 40, size: 8.5, font: fonts.regular, color: MUTED });
  });
  const bytes = await pdf.save({ useObjectStreams: true });
  return { bytes, pageCount: count };
}
