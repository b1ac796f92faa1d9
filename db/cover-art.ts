/**
 * Generated images for the demo content (decision 0019): a cover per course, drawn from its
 * dance style's colours and motif and varied by the course's title, and a portrait per demo
 * person (initials on a pattern). Pure and deterministic — the same input gives the same bytes
 * on every machine, so the demo's upload keys, and the catalog hashes that include them, are the
 * same on every database. The SVG holds only shapes and escaped text: no script, no links, no
 * external references.
 */

import { courseImageAlt, portraitAlt } from '../worker/src/domain/image-alt.ts';
import { hashText, seededRandom } from '../worker/src/domain/seeded-random.ts';

export { courseImageAlt, portraitAlt };

export const SVG_CONTENT_TYPE = 'image/svg+xml';


type Random = () => number;
const between = (r: Random, min: number, max: number) => min + r() * (max - min);
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
/** One decimal: short, and the same text on every machine. */
const n = (v: number) => String(Math.round(v * 10) / 10);

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * An upload key of the shape the app's keys have (a folder and a UUID-like name, see
 * UPLOAD_KEY_PATTERN in media-links.ts), derived from a text so a re-seed finds the same file.
 */
export function demoImageKey(kind: 'cover' | 'portrait', name: string): string {
  const hex = [0x811c9dc5, 0x1b873593, 0x85ebca6b, 0xc2b2ae35]
    .map((basis) => hashText(`${kind}:${name}`, basis).toString(16).padStart(8, '0'))
    .join('');
  return `demo-art/${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}.svg`;
}

// ---------------------------------------------------------------------------------------------
// Styles

type Motif = (r: Random, ink: string) => string;

interface StyleArt {
  from: string;
  to: string;
  /** The motif's colour. */
  ink: string;
  motif: Motif;
}

const stroke = (ink: string, width: number, opacity: number) =>
  `fill="none" stroke="${ink}" stroke-width="${n(width)}" stroke-opacity="${n(opacity)}" stroke-linecap="round"`;

/** Ballet: a colonnade of arches, and a pointe shoe's ribbon crossing them. */
const arches: Motif = (r, ink) => {
  const count = 3 + Math.floor(r() * 3);
  const width = between(r, 70, 110);
  const start = between(r, 300, 640 - count * width);
  const top = between(r, 60, 140);
  const shapes: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = start + i * width;
    const rad = width / 2 - 6;
    shapes.push(`<path d="M${n(x + 6)} 360V${n(top + rad)}A${n(rad)} ${n(rad)} 0 0 1 ${n(x + width - 6)} ${n(top + rad)}V360" ${stroke(ink, 5, 0.5)}/>`);
  }
  const y = between(r, 120, 220);
  shapes.push(`<path d="M${n(start - 40)} ${n(y)}C${n(start + 80)} ${n(y - 120)} ${n(start + 200)} ${n(y + 140)} 660 ${n(y - 40)}" ${stroke(ink, 3, 0.7)}/>`);
  shapes.push(`<ellipse cx="${n(start + count * width * 0.6)}" cy="${n(top - 20)}" rx="26" ry="12" transform="rotate(${n(between(r, -35, -15))} ${n(start + count * width * 0.6)} ${n(top - 20)})" fill="${ink}" fill-opacity="0.55"/>`);
  return shapes.join('');
};

/** Hip hop: bold diagonal stripes and a boombox. */
const stripesAndBoombox: Motif = (r, ink) => {
  const shapes: string[] = [];
  const step = between(r, 70, 110);
  const offset = between(r, 0, step);
  for (let x = -360 + offset; x < 700; x += step) {
    shapes.push(`<path d="M${n(x)} 360L${n(x + 360)} 0" ${stroke(ink, step * 0.28, 0.16)}/>`);
  }
  const bx = between(r, 360, 440);
  const by = between(r, 60, 130);
  shapes.push(`<rect x="${n(bx)}" y="${n(by)}" width="200" height="120" rx="16" fill="${ink}" fill-opacity="0.8"/>`);
  shapes.push(`<path d="M${n(bx + 50)} ${n(by)}V${n(by - 24)}H${n(bx + 150)}V${n(by)}" ${stroke(ink, 8, 0.8)}/>`);
  for (const cx of [bx + 50, bx + 150]) {
    shapes.push(`<circle cx="${n(cx)}" cy="${n(by + 66)}" r="34" fill="none" stroke="#ffffff" stroke-width="6" stroke-opacity="0.85"/>`);
    shapes.push(`<circle cx="${n(cx)}" cy="${n(by + 66)}" r="12" fill="#ffffff" fill-opacity="0.85"/>`);
  }
  shapes.push(`<rect x="${n(bx + 80)}" y="${n(by + 16)}" width="40" height="10" rx="3" fill="#ffffff" fill-opacity="0.85"/>`);
  return shapes.join('');
};

/** Tap: rings spreading like the sound of a tap on the floor. */
const circles: Motif = (r, ink) => {
  const shapes: string[] = [];
  const groups = 2 + Math.floor(r() * 3);
  for (let g = 0; g < groups; g++) {
    const cx = between(r, 260, 620);
    const cy = between(r, 40, 320);
    const rings = 2 + Math.floor(r() * 3);
    const base = between(r, 10, 26);
    for (let i = 0; i < rings; i++) {
      shapes.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(base + i * between(r, 14, 24))}" ${stroke(ink, 4 - i * 0.6, 0.75 - i * 0.15)}/>`);
    }
    shapes.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(base * 0.45)}" fill="${ink}" fill-opacity="0.8"/>`);
  }
  return shapes.join('');
};

/** A spiral as one path of half-circle arcs. */
function spiral(cx: number, cy: number, turns: number, growth: number, clockwise: boolean): string {
  let d = `M${n(cx)} ${n(cy)}`;
  let radius = growth;
  let x = cx;
  let dir = 1;
  for (let i = 0; i < turns * 2; i++) {
    const nx = x + dir * radius * 2;
    d += `A${n(radius)} ${n(radius)} 0 0 ${clockwise ? 1 : 0} ${n(nx)} ${n(cy)}`;
    x = nx;
    dir = -dir;
    radius += growth;
  }
  return d;
}

/** Ballroom: swirls, as of skirts in a turn. */
const swirls: Motif = (r, ink) => {
  const shapes: string[] = [];
  const count = 2 + Math.floor(r() * 2);
  for (let i = 0; i < count; i++) {
    const d = spiral(between(r, 320, 560), between(r, 90, 270), 2 + Math.floor(r() * 2), between(r, 9, 16), r() > 0.5);
    shapes.push(`<path d="${d}" ${stroke(ink, between(r, 3, 6), 0.6)}/>`);
  }
  return shapes.join('');
};

/** Latin: a low sun with rays and a swaying line. */
const sunAndSway: Motif = (r, ink) => {
  const cx = between(r, 400, 560);
  const cy = between(r, 120, 200);
  const shapes = [`<circle cx="${n(cx)}" cy="${n(cy)}" r="48" fill="${ink}" fill-opacity="0.75"/>`];
  const rays = 10 + Math.floor(r() * 6);
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2 + r() * 0.1;
    shapes.push(`<path d="M${n(cx + Math.cos(a) * 64)} ${n(cy + Math.sin(a) * 64)}L${n(cx + Math.cos(a) * 100)} ${n(cy + Math.sin(a) * 100)}" ${stroke(ink, 5, 0.6)}/>`);
  }
  const y = between(r, 280, 320);
  shapes.push(`<path d="M200 ${n(y)}Q300 ${n(y - 50)} 400 ${n(y)}T600 ${n(y)}T800 ${n(y)}" ${stroke(ink, 5, 0.55)}/>`);
  return shapes.join('');
};

/** Contemporary: long flowing curves, as of a body in release. */
const flow: Motif = (r, ink) => {
  const shapes: string[] = [];
  const lines = 4 + Math.floor(r() * 3);
  const base = between(r, 40, 140);
  for (let i = 0; i < lines; i++) {
    const y = base + i * between(r, 24, 40);
    shapes.push(`<path d="M180 ${n(y + 80)}C${n(between(r, 280, 380))} ${n(y - 60)} ${n(between(r, 420, 520))} ${n(y + 160)} 660 ${n(y)}" ${stroke(ink, 3, 0.65 - i * 0.06)}/>`);
  }
  return shapes.join('');
};

/** A five-pointed star. */
function star(cx: number, cy: number, outer: number, rotation: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = rotation + (i * Math.PI) / 5 - Math.PI / 2;
    const rad = i % 2 === 0 ? outer : outer * 0.45;
    points.push(`${n(cx + Math.cos(a) * rad)},${n(cy + Math.sin(a) * rad)}`);
  }
  return points.join(' ');
}

/** Jazz: stars and spotlight rays. */
const stars: Motif = (r, ink) => {
  const shapes: string[] = [];
  const ox = between(r, 560, 640);
  for (let i = 0; i < 5; i++) {
    const a = Math.PI * (0.55 + i * 0.09);
    shapes.push(`<path d="M${n(ox)} 0L${n(ox + Math.cos(a) * 700)} ${n(Math.sin(a) * 700)}" ${stroke(ink, 14, 0.12)}/>`);
  }
  const count = 4 + Math.floor(r() * 4);
  for (let i = 0; i < count; i++) {
    shapes.push(`<polygon points="${star(between(r, 260, 620), between(r, 30, 300), between(r, 10, 34), r() * Math.PI)}" fill="${ink}" fill-opacity="${n(between(r, 0.5, 0.9))}"/>`);
  }
  return shapes.join('');
};

/** Folk: a band of diamonds, as on an embroidered border. */
const diamonds: Motif = (r, ink) => {
  const shapes: string[] = [];
  const size = between(r, 26, 40);
  const rows = 2 + Math.floor(r() * 2);
  const top = between(r, 30, 80);
  for (let row = 0; row < rows; row++) {
    const cy = top + row * size * 2.2;
    for (let cx = 280 + (row % 2) * size; cx < 660; cx += size * 2) {
      const paint = row % 2 ? stroke(ink, 3, 0.6) : `fill="${ink}" fill-opacity="0.35"`;
      shapes.push(`<path d="M${n(cx)} ${n(cy - size)}L${n(cx + size)} ${n(cy)}L${n(cx)} ${n(cy + size)}L${n(cx - size)} ${n(cy)}Z" ${paint}/>`);
    }
  }
  return shapes.join('');
};

/** Modern: overlapping blocks at angles. */
const blocks: Motif = (r, ink) => {
  const shapes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x = between(r, 300, 540);
    const y = between(r, 20, 220);
    shapes.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(between(r, 60, 140))}" height="${n(between(r, 60, 140))}" transform="rotate(${n(between(r, -25, 25))} ${n(x)} ${n(y)})" fill="${ink}" fill-opacity="${n(between(r, 0.25, 0.55))}"/>`);
  }
  return shapes.join('');
};

/** Swing: polka dots and a bouncing line. */
const dots: Motif = (r, ink) => {
  const shapes: string[] = [];
  const gap = between(r, 38, 52);
  const radius = between(r, 6, 11);
  for (let y = gap / 2; y < 360; y += gap) {
    for (let x = 300 + ((y / gap) % 2) * (gap / 2); x < 660; x += gap) shapes.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${ink}" fill-opacity="0.35"/>`);
  }
  return shapes.join('');
};

/** Breakdance: a spinning disc with motion lines. */
const spin: Motif = (r, ink) => {
  const cx = between(r, 440, 540);
  const cy = between(r, 130, 200);
  const shapes = [90, 66, 42].map((rad, i) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${rad}" ${stroke(ink, 4, 0.75 - i * 0.15)}/>`);
  shapes.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="12" fill="${ink}" fill-opacity="0.85"/>`);
  const start = r() * Math.PI * 2;
  for (let i = 0; i < 3; i++) {
    const rad = 108 + i * 16;
    const a0 = start + i * 0.5;
    const a1 = a0 + 1.2;
    shapes.push(`<path d="M${n(cx + Math.cos(a0) * rad)} ${n(cy + Math.sin(a0) * rad)}A${rad} ${rad} 0 0 1 ${n(cx + Math.cos(a1) * rad)} ${n(cy + Math.sin(a1) * rad)}" ${stroke(ink, 5, 0.6)}/>`);
  }
  return shapes.join('');
};

const STYLE_ART: Record<string, StyleArt> = {
  ballet: { from: '#d77fa1', to: '#6d2a59', ink: '#fde8f1', motif: arches },
  contemporary: { from: '#3f8f8a', to: '#173f4f', ink: '#d8f3ee', motif: flow },
  'hip hop': { from: '#f2a007', to: '#b3122e', ink: '#1c1917', motif: stripesAndBoombox },
  jazz: { from: '#6d28d9', to: '#be185d', ink: '#fde68a', motif: stars },
  tap: { from: '#1d3557', to: '#3d7ea6', ink: '#f6c945', motif: circles },
  ballroom: { from: '#5b1866', to: '#9d5c8f', ink: '#f3d27a', motif: swirls },
  latin: { from: '#e4572e', to: '#a4133c', ink: '#ffd166', motif: sunAndSway },
  folk: { from: '#1f5c45', to: '#4f9a74', ink: '#fef6dc', motif: diamonds },
  modern: { from: '#20404d', to: '#2a8c80', ink: '#e9c46a', motif: blocks },
  swing: { from: '#c2502f', to: '#e89a4c', ink: '#fff4e0', motif: dots },
  breakdance: { from: '#111827', to: '#334155', ink: '#22d3ee', motif: spin },
};
const OTHER_ART: StyleArt = { from: '#374151', to: '#6b7280', ink: '#f3f4f6', motif: dots };

export function styleArt(style: string | null | undefined): StyleArt {
  return STYLE_ART[(style ?? '').trim().toLowerCase()] ?? OTHER_ART;
}

/** Words into at most `maxLines` lines of about `width` characters; the last one ends in … when cut. */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Images

export interface CoverInput {
  /** The course's title: it varies the art and is the image's accessible name. */
  title: string;
  /** A short label shown on the art (the course's short name); the title when absent. */
  label?: string | null;
  /** The dance style (a course category's name); unknown styles get a neutral look. */
  style: string | null | undefined;
  /** The image's accessible name; a course cover's (`courseImageAlt`) when absent. */
  alt?: string;
}

/** A 640 × 360 cover: the style's gradient and motif, varied by the title, with the style's name and the label. */
export function courseCoverSvg(input: CoverInput): string {
  const art = styleArt(input.style);
  const r = seededRandom(hashText(`${input.style ?? ''}|${input.title}`));
  const angle = Math.round(between(r, 20, 70));
  const styleName = (input.style ?? 'Dance').toUpperCase();
  const lines = wrapWords(input.label || input.title, 18, 2);
  const firstLineY = 304 - (lines.length - 1) * 50;
  const alt = escapeXml(input.alt ?? courseImageAlt(input.title, input.style));
  const text = lines
    .map((l, i) => `<text x="36" y="${firstLineY + i * 50}" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${alt}">` +
    `<title>${alt}</title>` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></linearGradient></defs>` +
    `<rect width="640" height="360" fill="url(#bg)"/>` +
    `<g>${art.motif(r, art.ink)}</g>` +
    `<rect width="640" height="360" fill="url(#shade)"/>` +
    `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">` +
    `<text x="36" y="${firstLineY - 58}" font-size="22" font-weight="600" letter-spacing="4" fill="#ffffff" fill-opacity="0.9">${escapeXml(styleName)}</text>` +
    text +
    `</g></svg>`
  );
}

export interface PortraitInput {
  /** The person's full name: initials and accessible name. */
  name: string;
  /** Varies the colours and pattern (a username); the name when absent. */
  seed?: string;
}

const PORTRAIT_PALETTES: readonly [string, string, string][] = [
  ['#1d4e89', '#3c7fc0', '#9cc5f0'],
  ['#6d2a59', '#b0508a', '#f2b8d5'],
  ['#1f5c45', '#3f9170', '#a9dfc3'],
  ['#7a3b12', '#c06a2b', '#f6c79c'],
  ['#3b2a7a', '#6a55c2', '#c8bdf5'],
  ['#0f4c5c', '#2a8c9c', '#a6e1ea'],
  ['#7a1f2b', '#bf3a4a', '#f4b3bb'],
];

/** Initials: the first letter of the first and of the last word. */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0]!;
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0]! : '';
  return (first + last).toUpperCase();
}

/** A 400 × 400 portrait: initials on a pattern in one of a few palettes, chosen by the seed. */
export function portraitSvg(input: PortraitInput): string {
  const r = seededRandom(hashText(`portrait|${input.seed ?? input.name}`));
  const [dark, mid, light] = pick(r, PORTRAIT_PALETTES);
  const pattern = Math.floor(r() * 3);
  const shapes: string[] = [];
  if (pattern === 0) {
    for (let i = -400; i < 400; i += 40) shapes.push(`<path d="M${i} 400L${i + 400} 0" ${stroke(light, 12, 0.18)}/>`);
  } else if (pattern === 1) {
    for (let i = 0; i < 6; i++) shapes.push(`<circle cx="${n(between(r, 0, 400))}" cy="${n(between(r, 0, 400))}" r="${n(between(r, 30, 110))}" fill="${light}" fill-opacity="0.16"/>`);
  } else {
    for (let rad = 40; rad < 420; rad += 44) shapes.push(`<circle cx="${n(between(r, 320, 400))}" cy="${n(between(r, 0, 80))}" r="${rad}" ${stroke(light, 8, 0.16)}/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(portraitAlt(input.name))}">` +
    `<title>${escapeXml(portraitAlt(input.name))}</title>` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    shapes.join('') +
    `<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="150" font-weight="700" fill="#ffffff">${escapeXml(nameInitials(input.name))}</text>` +
    `</svg>`
  );
}
