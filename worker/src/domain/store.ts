/**
 * The curriculum store's pure rules (decision 0029): a resource's status moves, what a submission
 * needs, the list's sorts and bounds, the platform fee, file type labels, the line stamped into a
 * downloaded PDF and the signed download token's text. No database, no I/O: shared by the
 * services, the routes and their tests.
 */

import type { AgeGroup, DanceStyle, ResourceLevel, ResourceStatus, SellerRole, SellerStatus } from '../../../shared/store/views.ts';

export type ResourceStatusName = ResourceStatus;

// The enumerations of db/schema/store.ts, written out so forms that validate with
// schemas/store.ts do not bring the table definitions into the browser; a test keeps them equal.
export const DANCE_STYLES = ['Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other'] as const satisfies readonly DanceStyle[];
export const AGE_GROUPS = ['All Ages', 'Toddler (2-4)', 'Children (5-8)', 'Pre-Teen (9-12)', 'Teen (13-17)', 'Adult (18+)', 'Senior (55+)'] as const satisfies readonly AgeGroup[];
export const RESOURCE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels'] as const satisfies readonly ResourceLevel[];
export const RESOURCE_STATUSES = ['draft', 'submitted', 'published', 'rejected', 'archived'] as const satisfies readonly ResourceStatus[];
export const SELLER_ROLES = ['SELLER', 'CURRICULUM_SELLER'] as const satisfies readonly SellerRole[];
export const SELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const satisfies readonly SellerStatus[];

/** The generic upload bounds (at most 5 files a request, 20 MB each), as the store applies them to a resource's files. */
export const RESOURCE_FILES_MAX = 5;
export const RESOURCE_FILE_MAX_MB = 20;
export const RESOURCE_FILE_MAX_BYTES = RESOURCE_FILE_MAX_MB * 1024 * 1024;
/** Preview images a resource may show besides its cover. */
export const PREVIEW_IMAGES_MAX = 6;

/** The store's list: page size when none is asked, and the most a page may hold. */
export const RESOURCE_PAGE_SIZE_DEFAULT = 12;
export const RESOURCE_PAGE_SIZE_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Status

/** Who moves a resource: its seller, or a curriculum admin (resources.review / resources.manage). */
export type StatusMove = 'submit' | 'approve' | 'reject' | 'archive' | 'restore';

/** The statuses each move starts from (draft → submitted → published | rejected; anything → archived; archived → draft). */
export const MOVES_FROM: Readonly<Record<StatusMove, readonly ResourceStatusName[]>> = {
  // A rejected resource is edited first (which returns it to draft) — or submitted again as it is.
  submit: ['draft', 'rejected'],
  approve: ['submitted'],
  reject: ['submitted'],
  archive: ['draft', 'submitted', 'published', 'rejected'],
  restore: ['archived'],
};

export const MOVE_TO: Readonly<Record<StatusMove, ResourceStatusName>> = {
  submit: 'submitted',
  approve: 'published',
  reject: 'rejected',
  archive: 'archived',
  restore: 'draft',
};

export function canMove(status: ResourceStatusName, move: StatusMove): boolean {
  return MOVES_FROM[move].includes(status);
}

/** The 409's message when a move does not apply to the resource's status. */
export function moveRefusal(status: ResourceStatusName, move: StatusMove): string {
  switch (move) {
    case 'submit':
      return status === 'submitted'
        ? 'This resource is already waiting for review.'
        : status === 'published'
          ? 'This resource is already published.'
          : 'Restore this resource before submitting it.';
    case 'approve':
    case 'reject':
      return `Only a resource waiting for review can be ${move === 'approve' ? 'approved' : 'rejected'}; this one is ${status}.`;
    case 'archive':
      return 'This resource is already archived.';
    case 'restore':
      return 'Only an archived resource can be restored.';
  }
}

/**
 * The status after the seller (or an admin) edits a resource: a rejected one returns to draft; a
 * published one stays published unless its files change, which sends it back to review.
 */
export function statusAfterEdit(status: ResourceStatusName, filesChanged: boolean): ResourceStatusName {
  if (status === 'rejected') return 'draft';
  if (status === 'published' && filesChanged) return 'submitted';
  return status;
}

export interface SubmissionFacts {
  title: string;
  description: string;
  fileCount: number;
}

export const DESCRIPTION_MIN_FOR_SUBMIT = 20;

/** What keeps a resource from being submitted (empty when it may be). */
export function submissionProblems(r: SubmissionFacts): string[] {
  const problems: string[] = [];
  if (r.title.trim().length < 3) problems.push('Give the resource a title of at least 3 characters.');
  if (r.description.trim().length < DESCRIPTION_MIN_FOR_SUBMIT) {
    problems.push(`Describe the resource in at least ${DESCRIPTION_MIN_FOR_SUBMIT} characters.`);
  }
  if (r.fileCount < 1) problems.push('Add at least one file.');
  if (r.fileCount > RESOURCE_FILES_MAX) problems.push(`A resource has at most ${RESOURCE_FILES_MAX} files.`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Money

/** The platform fee is a whole percent of each sale within these bounds (app_settings, /admin/settings). */
export const PLATFORM_FEE_MIN = 0;
export const PLATFORM_FEE_MAX = 50;
export const DEFAULT_PLATFORM_FEE_PERCENT = 20;
export const PLATFORM_FEE_RANGE_MESSAGE = `Platform fee must be a whole percent from ${PLATFORM_FEE_MIN} to ${PLATFORM_FEE_MAX}`;

/** The platform's fee on a sale: round(gross × percent / 100), as the ledger's SQL computes it. */
export function saleFeeCents(grossCents: number, percent: number): number {
  return Math.round((grossCents * percent) / 100);
}

/** A sale's split: gross, the platform's fee, what the seller earns. */
export function saleSplit(grossCents: number, percent: number): { gross: number; fee: number; net: number } {
  const fee = saleFeeCents(grossCents, percent);
  return { gross: grossCents, fee, net: grossCents - fee };
}

/** Whole dollars and cents from a price in dollars (a form's "12.5" → 1250). */
export function centsOfDollars(dollars: number): number {
  return Math.round(dollars * 100);
}

// ---------------------------------------------------------------------------------------------
// Files

const TYPE_LABELS: [RegExp, string][] = [
  [/^application\/pdf$/, 'PDF'],
  [/^application\/(msword|vnd\.openxmlformats-officedocument\.wordprocessingml\.)/, 'Word'],
  [/^application\/(vnd\.ms-excel|vnd\.openxmlformats-officedocument\.spreadsheetml\.)/, 'Excel'],
  [/^application\/(vnd\.ms-powerpoint|vnd\.openxmlformats-officedocument\.presentationml\.)/, 'PowerPoint'],
  [/^audio\//, 'Audio'],
  [/^video\//, 'Video'],
  [/^image\//, 'Image'],
  [/^text\/csv$/, 'CSV'],
  [/^text\//, 'Text'],
  [/^application\/(zip|x-zip-compressed)$/, 'ZIP'],
  [/^application\/(vnd\.rar|x-rar-compressed)$/, 'RAR'],
];

/** A short label of a file's type (ResourceFileView.type_label). */
export function fileTypeLabel(mimetype: string): string {
  const bare = mimetype.split(';')[0]!.trim().toLowerCase();
  return TYPE_LABELS.find(([pattern]) => pattern.test(bare))?.[1] ?? 'File';
}

/** A file name for Content-Disposition: the stored name, with a plain ASCII fallback. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------
// Downloads

/** A download link is good for five minutes. */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

export interface DownloadClaim {
  fileId: number;
  userId: number;
  /** Epoch seconds. */
  exp: number;
}

/** What the media key signs for a download: never an upload key, so the two kinds of link cannot be swapped. */
export const downloadSubject = (claim: Pick<DownloadClaim, 'fileId' | 'userId'>) => `resource-file:${claim.fileId}:${claim.userId}`;

/** The token of GET /api/resources/files/{token}: `{fileId}.{userId}.{exp}.{signature}`. */
export const downloadToken = (claim: DownloadClaim, signature: string) => `${claim.fileId}.${claim.userId}.${claim.exp}.${signature}`;

/** The parts of a token, or null when it is not one. The signature is checked by the caller. */
export function parseDownloadToken(token: string): (DownloadClaim & { signature: string }) | null {
  const match = /^([1-9][0-9]{0,14})\.([1-9][0-9]{0,14})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { fileId: Number(match[1]), userId: Number(match[2]), exp: Number(match[3]), signature: match[4]! };
}

/** How a copy came to its reader: stamped on every page of a PDF they download. */
export type CopyKind = { kind: 'purchase'; name: string; orderNumber: string | null } | { kind: 'free' } | { kind: 'grant'; name: string } | { kind: 'seller' } | { kind: 'admin'; name: string };

/** The line stamped on each page of a downloaded PDF. */
export function licenceLine(copy: CopyKind): string {
  switch (copy.kind) {
    case 'purchase':
      return copy.orderNumber ? `Licensed to ${copy.name} · Order ${copy.orderNumber}` : `Licensed to ${copy.name}`;
    case 'free':
      return 'Free download';
    case 'grant':
      return `Licensed to ${copy.name}`;
    case 'seller':
      return 'Seller copy';
    case 'admin':
      return `Review copy · ${copy.name}`;
  }
}

/** A person's name as a licence shows it: first and last name, else the username. */
export function licenseeName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  const full = `${user.firstName ?? ''} ${user.lastName ?? ''}`.replace(/\s+/g, ' ').trim();
  return full || user.username;
}

// ---------------------------------------------------------------------------------------------
// Reviews

export const REVIEW_MIN = 10;
export const REVIEW_MAX = 2000;
export const REPLY_MAX = 2000;

/** A rating average as the store shows it: two decimals, 0 without reviews. */
export function roundedAverage(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : 0;
}

/** Reviews per star (index 0 = 1 star) from rating → count pairs; out-of-range ratings are ignored. */
export function ratingDistribution(rows: readonly { rating: number; count: number }[]): [number, number, number, number, number] {
  const out: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const { rating, count } of rows) if (Number.isInteger(rating) && rating >= 1 && rating <= 5) out[rating - 1] += count;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Search

/** A LIKE pattern that finds `text` anywhere, with LIKE's own characters taken literally (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
