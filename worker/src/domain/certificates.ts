/**
 * Pure rules of certificates: codes, the wording of templates, dates and the verification link.
 * Safe to import from the site too (no database, no Node APIs).
 */
import { can, rolesWith } from './permissions.ts';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is unambiguous. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_PREFIX = 'DRX-';
export const CODE_LENGTH = 12;

/** 'DRX-' and 12 random base32 characters: 60 bits from the platform's CSPRNG. */
export function generateCertificateCode(
  fillRandom: (bytes: Uint8Array<ArrayBuffer>) => unknown = (b) => crypto.getRandomValues(b),
): string {
  const bytes = new Uint8Array(CODE_LENGTH);
  fillRandom(bytes);
  let out = CODE_PREFIX;
  // 256 is a multiple of 32, so the low five bits of each byte are uniform.
  for (const byte of bytes) out += CODE_ALPHABET[byte & 31];
  return out;
}

/**
 * A code as typed by a person: case, spaces and dashes are forgiven, and the letters Crockford
 * reads as digits (O -> 0, I/L -> 1) are mapped. Null when it cannot be a code at all.
 */
export function normalizeCertificateCode(input: string): string | null {
  let s = input.trim().toUpperCase().replace(/[\s-]/g, '');
  if (s.startsWith('DRX')) s = s.slice(3);
  s = s.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (s.length !== CODE_LENGTH) return null;
  for (const ch of s) if (!CODE_ALPHABET.includes(ch)) return null;
  return CODE_PREFIX + s;
}

export const PLACEHOLDERS = ['learner', 'course', 'instructor', 'date', 'code'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type CertificateValues = Record<Placeholder, string>;

/** Values the template designer's preview shows. */
export const SAMPLE_VALUES: CertificateValues = {
  learner: 'Alex Morgan',
  course: 'Foundations of Ballet Teaching',
  instructor: 'Elena Petrova',
  date: 'March 5, 2026',
  code: 'DRX-7K2M9QW4XH3P',
};

export const DEFAULT_TEMPLATE = {
  name: 'DRX default',
  title: 'Certificate of Completion',
  body:
    'This certifies that {learner} has successfully completed the certification course {course}, taught by {instructor}, on {date}.\n\n' +
    'Certificate code: {code}',
  primaryColor: '#4c1d95',
  accentColor: '#d97706',
  signatoryName: 'DRX Certification Board',
  signatoryTitle: 'Dance Education Certification',
} as const;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const PLACEHOLDER_PATTERN = /\{(learner|course|instructor|date|code)\}/g;

/** The wording with its placeholders filled in, as plain text. Unknown placeholders stay as written. */
export function renderTemplateText(body: string, values: CertificateValues): string {
  return body.replace(PLACEHOLDER_PATTERN, (_, key: Placeholder) => values[key]);
}

/**
 * The wording as HTML: the template's own text and every value are escaped (a learner named
 * `<script>` stays text), blank lines make paragraphs and single line breaks <br>.
 */
export function renderTemplateHtml(body: string, values: CertificateValues): string {
  const paragraphs = body.replace(/\r\n?/g, '\n').trim().split(/\n{2,}/);
  return paragraphs
    .map((p) => {
      const html = p
        .split(PLACEHOLDER_PATTERN)
        // split with one capture group: odd indexes are placeholder names
        .map((part, i) => escapeHtml(i % 2 === 1 ? values[part as Placeholder] : part))
        .join('')
        .replace(/\n/g, '<br>');
      return `<p>${html}</p>`;
    })
    .join('');
}

/** The date on a certificate: 'March 5, 2026', in UTC so it does not depend on the server's zone. */
export function formatCertificateDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The public verification page of a code (a page of the site, reachable signed out). */
export function verifyPath(code: string): string {
  return `/verify/${encodeURIComponent(code)}`;
}

/** 'First Last', else the username. */
export function displayName(person: { firstName?: string | null; lastName?: string | null; username?: string | null } | null | undefined, fallback = ''): string {
  if (!person) return fallback;
  const name = [person.firstName, person.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return name || person.username || fallback;
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Who designs templates: the roles the permission table gives certificate_templates.design. */
export const TEMPLATE_ROLES = rolesWith('certificate_templates.design');

export function canDesignTemplates(roles: readonly string[]): boolean {
  return can(roles, 'certificate_templates.design');
}
