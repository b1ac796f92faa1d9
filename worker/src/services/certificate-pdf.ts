import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import { drawable } from './store/pdf-stamp.ts';
import type { CertificateView } from '../../../shared/certificates.ts';

/**
 * A certificate as a PDF (decision 0064): the certificate page's sheet (site/src/islands/
 * CertificatePrint.tsx, styles/certificate-print.css) drawn on one A4 landscape page from the same
 * view — the template's colours, title, wording and signatory, the learner, course, instructor,
 * date, code and the QR code of the public verification page — with the page's proportions: every
 * size below is the stylesheet's, in hundredths of the sheet's width (`cqw`).
 */

const WIDTH = 841.89;
const HEIGHT = 595.28;
/** 1% of the sheet's width, the unit of the stylesheet (1cqw). */
const CQW = WIDTH / 100;
const INK = rgb(0x1c / 255, 0x1a / 255, 0x27 / 255);
const PAPER = rgb(1, 0xfd / 255, 0xf8 / 255);
const DANGER = rgb(0.73, 0.11, 0.11);
const FALLBACK_PRIMARY = '#4c1d95';
const FALLBACK_ACCENT = '#d97706';

function colourOf(hex: string, fallback: string): RGB {
  const value = /^#[0-9a-fA-F]{6}$/.test(hex) ? hex : fallback;
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Lines of `text` no wider than `width` at `size` (words kept whole; a word too long stands alone). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

interface Pen {
  page: PDFPage;
}

function centred({ page }: Pen, text: string, y: number, font: PDFFont, size: number, color: RGB, spacing = 0): number {
  const chars = [...text];
  const width = font.widthOfTextAtSize(text, size) + spacing * Math.max(0, chars.length - 1);
  let x = WIDTH / 2 - width / 2;
  if (spacing === 0) page.drawText(text, { x, y, size, font, color });
  else
    for (const ch of chars) {
      page.drawText(ch, { x, y, size, font, color });
      x += font.widthOfTextAtSize(ch, size) + spacing;
    }
  return width;
}

/** The certificate's one page, as the certificate page prints it. */
export async function certificatePdf(c: CertificateView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate: ${c.course_title}`);
  doc.setSubject(`${c.learner_name} — ${c.course_title} — certificate code ${c.code}`);
  doc.setAuthor('DRX');
  doc.setCreator('DRX');
  const page = doc.addPage([WIDTH, HEIGHT]);
  const pen = { page };
  const [serif, serifBold, serifItalic, sans, sansBold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.TimesRoman),
    doc.embedFont(StandardFonts.TimesRomanBold),
    doc.embedFont(StandardFonts.TimesRomanItalic),
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const t = c.template;
  const primary = colourOf(t.primary_color, FALLBACK_PRIMARY);
  const accent = colourOf(t.accent_color, FALLBACK_ACCENT);
  // What the standard fonts cannot draw becomes '?', line by line (a line break is kept as one).
  const text = (s: string, font: PDFFont) =>
    s
      .split(/\r?\n/)
      .map((line) => drawable(line, font))
      .join('\n');

  // Paper, the border (1cqw, primary) and the outline inside it (0.3cqw, accent, 2.3cqw in).
  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: PAPER });
  const border = CQW;
  page.drawRectangle({ x: border / 2, y: border / 2, width: WIDTH - border, height: HEIGHT - border, borderColor: primary, borderWidth: border });
  const inset = 2.3 * CQW;
  page.drawRectangle({ x: inset, y: inset, width: WIDTH - 2 * inset, height: HEIGHT - 2 * inset, borderColor: accent, borderWidth: 0.3 * CQW });

  // The head: the brand and the template's title (padding 5.2cqw at the top).
  let y = HEIGHT - 5.2 * CQW - 1.6 * CQW;
  centred(pen, 'DRX', y, sansBold, 1.6 * CQW, primary, 0.3 * 1.6 * CQW);
  y -= 1.6 * CQW * 0.6 + 4.4 * CQW;
  const contentWidth = WIDTH - 12 * CQW;
  for (const line of wrap(text(t.title, serifBold), serifBold, 4.4 * CQW, contentWidth)) {
    centred(pen, line, y, serifBold, 4.4 * CQW, primary);
    y -= 4.4 * CQW * 1.15;
  }

  // The middle: presented to, the learner (underlined in the accent), the wording, the course.
  y -= 1.6 * CQW + 0.6 * CQW;
  centred(pen, 'This is presented to', y, serif, 1.75 * CQW, INK);
  y -= 1.2 * CQW + 4 * CQW;
  const learner = text(c.learner_name, serifItalic);
  let learnerSize = 4 * CQW;
  while (learnerSize > 2 * CQW && serifItalic.widthOfTextAtSize(learner, learnerSize) > contentWidth - 4.8 * CQW) learnerSize -= 0.5;
  const learnerWidth = centred(pen, learner, y, serifItalic, learnerSize, primary);
  const rule = y - 0.4 * CQW - 0.35 * learnerSize;
  page.drawLine({ start: { x: WIDTH / 2 - learnerWidth / 2 - 2.4 * CQW, y: rule }, end: { x: WIDTH / 2 + learnerWidth / 2 + 2.4 * CQW, y: rule }, thickness: 0.2 * CQW, color: accent });
  y = rule - 1.2 * CQW - 1.8 * CQW;
  for (const line of wrap(text(t.body_text, serif), serif, 1.8 * CQW, 70 * CQW)) {
    centred(pen, line, y, serif, 1.8 * CQW, INK);
    y -= 1.8 * CQW * 1.45;
  }
  y -= 1.6 * CQW - 1.8 * CQW * 0.45;
  for (const line of wrap(text(c.course_title, serifBold), serifBold, 1.75 * CQW, contentWidth)) {
    centred(pen, line, y, serifBold, 1.75 * CQW, INK);
    y -= 1.75 * CQW * 1.45;
  }
  centred(pen, text(`Instructor: ${c.instructor_name} · Issued ${c.issued_date}`, serif), y, serif, 1.75 * CQW, INK);

  // The foot (padding 4.6cqw): the signatory, the QR code, the code and where to verify.
  const foot = 4.6 * CQW;
  const left = 6 * CQW;
  const right = WIDTH - 6 * CQW;
  const small = 1.3 * CQW;
  const qrSize = 10.5 * CQW;
  const qrBottom = foot + small * 1.4 + 0.4 * CQW;
  const column = (right - left - qrSize - 4 * CQW) / 2;

  const signatory = text(t.signatory_name || c.instructor_name, sansBold);
  const role = text(t.signatory_title || 'Instructor', sans);
  page.drawText(role, { x: left, y: foot + 0.3 * small, size: small, font: sans, color: INK });
  page.drawText(signatory, { x: left, y: foot + 1.7 * small, size: small, font: sansBold, color: INK });
  page.drawLine({ start: { x: left, y: foot + 3 * small }, end: { x: left + column, y: foot + 3 * small }, thickness: 0.1 * CQW, color: INK });

  const qr = QRCode.create(c.verify_url_absolute, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size + 2;
  const cell = qrSize / modules;
  const qrLeft = WIDTH / 2 - qrSize / 2;
  page.drawRectangle({ x: qrLeft, y: qrBottom, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  for (let row = 0; row < qr.modules.size; row++) {
    for (let col = 0; col < qr.modules.size; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({ x: qrLeft + (col + 1) * cell, y: qrBottom + qrSize - (row + 2) * cell, width: cell + 0.05, height: cell + 0.05, color: rgb(0, 0, 0) });
    }
  }
  centred(pen, 'Scan to verify', foot + 0.3 * small, sans, small, INK);

  const codeLine = `Certificate code: ${c.code}`;
  const codeSize = 1.25 * CQW;
  const verifyLines = wrap(text(`Verify at ${c.verify_url_absolute}`, sans), sans, small, column).reverse();
  let fy = foot + 0.3 * small;
  for (const line of verifyLines) {
    page.drawText(line, { x: right - sans.widthOfTextAtSize(line, small), y: fy, size: small, font: sans, color: INK });
    fy += small * 1.4;
  }
  page.drawText(codeLine, { x: right - mono.widthOfTextAtSize(codeLine, codeSize), y: fy, size: codeSize, font: mono, color: INK });

  if (c.revoked) {
    const size = 3.6 * CQW;
    const word = 'REVOKED';
    const w = sansBold.widthOfTextAtSize(word, size);
    const angle = (-15 * Math.PI) / 180;
    const cx = WIDTH / 2;
    const cy = HEIGHT * 0.6;
    page.drawText(word, {
      x: cx - (Math.cos(angle) * w) / 2,
      y: cy - (Math.sin(angle) * w) / 2 - size / 3,
      size,
      font: sansBold,
      color: DANGER,
      rotate: degrees(-15),
    });
  }
  return doc.save();
}

/** The file name a download of the certificate is saved under. */
export function certificateFileName(c: Pick<CertificateView, 'code'>): string {
  return `drx-certificate-${c.code.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}
