import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { roles, uploads, userRoles } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { hasAdminRole } from '../domain/roles.ts';
import { AppError } from '../http/errors.ts';
import type { Platform } from '../platform/context.ts';

/**
 * How much an upload may weigh (decision 0014): the body is refused by its declared length before
 * a byte is read, then read through a counting stream that cuts it off at the limit whatever
 * length it declared (or without one), and no single multipart part may pass the per-file limit,
 * so a 95 MB "file" is cut off after about 20 MB instead of being parsed. Every account has an
 * upload quota; the last check is inside the insert, so racing uploads cannot pass it together.
 */

export const MB = 1024 * 1024;
/** Room for multipart boundaries, part headers and the small text fields. */
export const MULTIPART_OVERHEAD = 256 * 1024;
/** A part's headers (name, file name, type) beside its content. */
const PART_HEADER_ROOM = 16 * 1024;

export const fileTooLarge = () => new AppError(413, 'File too large');
export const quotaExceeded = (quotaBytes: number) =>
  new AppError(413, `Upload quota exceeded (${Math.round(quotaBytes / MB)} MB per account)`);

export interface UploadQuota {
  quotaBytes: number;
  usedBytes: number;
}

/** UPLOAD_QUOTA_MB per account; ADMIN_UPLOAD_QUOTA_MB for a role containing ADMIN. */
export async function uploadQuotaOf(platform: Platform, userId: number): Promise<UploadQuota> {
  const { db, env } = platform;
  const [used, held] = await db.batch([
    // Practice takes have their own quota (decision 0070).
    db.select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)` }).from(uploads).where(and(eq(uploads.userId, userId), ne(uploads.access, 'take'))),
    db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
  ]);
  const quotaMb = hasAdminRole(held.map((r) => r.name)) ? env.ADMIN_UPLOAD_QUOTA_MB : env.UPLOAD_QUOTA_MB;
  return { quotaBytes: Math.round(quotaMb * MB), usedBytes: Number(used[0]?.bytes ?? 0) };
}

/**
 * The `size` of the first row of an insert, guarded by the quota: NULL (refused by NOT NULL, so
 * the statement and its batch fail) when the user's stored total plus this request's would pass
 * the quota. It is evaluated inside the insert, where SQLite writers are serialised.
 */
export function sizeWithinQuota(size: number, userId: number, requestBytes: number, quotaBytes: number) {
  return sql<number>`CASE WHEN (SELECT coalesce(sum(${uploads.size}), 0) FROM ${uploads} WHERE ${uploads.userId} = ${userId} AND ${uploads.access} <> 'take') + ${requestBytes} <= ${quotaBytes} THEN ${size} END`;
}

/** The failed insert was the quota guard of `sizeWithinQuota`. */
export function isQuotaRefusal(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
    if (message.includes('NOT NULL constraint failed: uploads.size')) return true;
  }
  return false;
}

interface BodyState {
  /** Set when the counting stream cut the body off. */
  cutOff: AppError | null;
  quota: UploadQuota | null;
}

const bodyStates = new WeakMap<Request, BodyState>();

/** Why the body stream was cut off, if it was. */
export function bodyCutOff(c: Context<AppContext>): AppError | null {
  return bodyStates.get(c.req.raw)?.cutOff ?? null;
}

/** The signed-in user's quota as read before the body (null when none was read). */
export function quotaOfRequest(c: Context<AppContext>): UploadQuota | null {
  return bodyStates.get(c.req.raw)?.quota ?? null;
}

export interface UploadBodyLimits {
  /** The whole body. */
  totalBytes: number;
  /** One file (a multipart part); the whole body when absent. */
  fileBytes?: number;
}

/** A route's own quota and refusals (the practice room's takes); by default the account's upload quota. */
export interface UploadBodyOptions {
  quotaOf?: (platform: Platform, userId: number) => Promise<UploadQuota>;
  tooLarge?: () => AppError;
  quotaFull?: (quotaBytes: number) => AppError;
}

/**
 * Bounds an upload body before it is parsed. For a signed-in user the quota left also bounds it.
 * Runs after the auth middleware.
 */
export const limitUploadBody = (limitsOf: (platform: Platform) => number | UploadBodyLimits, options: UploadBodyOptions = {}) =>
  createMiddleware<AppContext>(async (c, next) => {
    const tooLarge = options.tooLarge ?? fileTooLarge;
    const quotaFull = options.quotaFull ?? quotaExceeded;
    const platform = c.get('platform');
    const given = limitsOf(platform);
    const limits = typeof given === 'number' ? { totalBytes: given } : given;
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > limits.totalBytes) throw tooLarge();

    const user = c.get('user');
    const quota = user ? await (options.quotaOf ?? uploadQuotaOf)(platform, user.id) : null;
    const quotaRoom = quota ? Math.max(0, quota.quotaBytes - quota.usedBytes) + MULTIPART_OVERHEAD : Infinity;
    if (quota && Number.isFinite(declared) && declared > quotaRoom) throw quotaFull(quota.quotaBytes);

    const state: BodyState = { cutOff: null, quota };
    const body = c.req.raw.body;
    if (body) {
      const boundary = multipartBoundary(c.req.header('content-type') ?? '');
      const counted = body.pipeThrough(
        countingStream({
          totalBytes: Math.min(limits.totalBytes, quotaRoom),
          onTotal: () => (limits.totalBytes <= quotaRoom ? tooLarge() : quotaFull(quota!.quotaBytes)),
          tooLarge,
          partBytes: boundary && limits.fileBytes ? limits.fileBytes + PART_HEADER_ROOM : undefined,
          delimiter: boundary ? new TextEncoder().encode(`\r\n--${boundary}`) : undefined,
          state,
        }),
      );
      c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    }
    bodyStates.set(c.req.raw, state);
    await next();
  });

export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

interface CountingOptions {
  totalBytes: number;
  onTotal: () => AppError;
  /** A part past `partBytes`. */
  tooLarge: () => AppError;
  /** Largest distance between two multipart delimiters. */
  partBytes?: number;
  delimiter?: Uint8Array;
  state: BodyState;
}

/**
 * Passes the body through while counting it: past the total, or with one multipart part longer
 * than `partBytes`, the stream fails with the reason kept in `state`, so the parser stops and
 * nothing more is read. Delimiters are found across chunk borders by keeping the last few bytes.
 */
function countingStream(options: CountingOptions): TransformStream<Uint8Array, Uint8Array> {
  const { totalBytes, partBytes, delimiter, state } = options;
  let seen = 0;
  let partStart = 0;
  let tail = new Uint8Array(0);
  const fail = (controller: TransformStreamDefaultController<Uint8Array>, reason: AppError) => {
    state.cutOff = reason;
    controller.error(reason);
  };
  return new TransformStream({
    transform(chunk, controller) {
      const start = seen;
      seen += chunk.byteLength;
      if (seen > totalBytes) return fail(controller, options.onTotal());
      if (partBytes !== undefined && delimiter) {
        const window = new Uint8Array(tail.byteLength + chunk.byteLength);
        window.set(tail, 0);
        window.set(chunk, tail.byteLength);
        const windowStart = start - tail.byteLength;
        let keepFrom = Math.max(0, window.byteLength - (delimiter.byteLength - 1));
        for (let at = indexOf(window, delimiter, 0); at >= 0; at = indexOf(window, delimiter, at + delimiter.byteLength)) {
          if (windowStart + at - partStart > partBytes) return fail(controller, options.tooLarge());
          partStart = windowStart + at + delimiter.byteLength;
          keepFrom = Math.max(keepFrom, at + delimiter.byteLength);
        }
        if (seen - partStart > partBytes) return fail(controller, options.tooLarge());
        tail = window.slice(Math.min(keepFrom, window.byteLength));
      }
      controller.enqueue(chunk);
    },
  });
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  const last = haystack.byteLength - needle.byteLength;
  outer: for (let i = haystack.indexOf(first, from); i >= 0 && i <= last; i = haystack.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.byteLength; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Rows of one request with the quota guard on the first (see `sizeWithinQuota`). */
export function withinQuota<R extends { size: number; userId: number }>(rows: R[], quotaBytes: number) {
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  return rows.map((r, i) => (i === 0 ? { ...r, size: sizeWithinQuota(r.size, r.userId, total, quotaBytes) } : r));
}
