import { eq } from 'drizzle-orm';
import { sqlNow } from '../platform/sql-expressions.ts';
import { Hono } from 'hono';
import { uploads, users } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { isQuotaRefusal, quotaExceeded, quotaOfRequest, uploadQuotaOf, withinQuota } from '../services/upload-limits.ts';
import {
  answerOf,
  checkReceived,
  COURSE_MEDIA_FOLDERS,
  invalidFileType,
  limitUploadBody,
  MB,
  MULTIPART_OVERHEAD,
  putObjects,
  receivedFilesOf,
  receivedText,
  readMultipart,
  removeObjects,
  sanitizeFolder,
  singleReceived,
  storeAttachedFile,
  uploadRow,
  UPLOADS_PATH,
  type CheckedFile,
  type UploadAnswer,
} from '../services/uploads.ts';
import { loadUserView } from '../services/users.ts';
import { type UserView } from '../../../shared/users.ts';
import { isUploadKey } from '../domain/media-links.ts';
import { checkSignedRequest, MEDIA_LINK_REFUSED, signUploadLink, uploadAccessOf } from '../services/media-access.ts';
import { contentRange, parseRangeHeader, resolveRange, unsatisfiedRange } from '../domain/byte-range.ts';
import type { ObjectInfo } from '../platform/storage.ts';

/** At most 5 files per request; the per-file limit is MAX_UPLOAD_MB (default 20). */
export const MAX_FILES = 5;
/** A profile image, like the course image, is at most 5 MB. */
export const PROFILE_IMAGE_MAX_MB = 5;

export { sanitizeFolder, UPLOADS_PATH, type UploadAnswer };

export interface ProfileUploadAnswer extends UploadAnswer {
  profile_image_url: string;
  user: UserView;
}

export const uploadRoutes = new Hono<AppContext>()
  /** The signed-in user's stored bytes and quota. */
  .get('/usage', requireUser, async (c) => {
    const { quotaBytes, usedBytes } = await uploadQuotaOf(c.get('platform'), signedInUser(c).id);
    return c.json({ usedBytes, quotaBytes }, 200);
  })
  .post(
    '/',
    requireUser,
    rateLimit(RATE_LIMITS.uploads),
    limitUploadBody((p) => ({ totalBytes: MAX_FILES * p.env.MAX_UPLOAD_MB * MB + MULTIPART_OVERHEAD, fileBytes: p.env.MAX_UPLOAD_MB * MB })),
    async (c) => {
      const platform = c.get('platform');
      const user = signedInUser(c);
      const maxBytes = platform.env.MAX_UPLOAD_MB * MB;
      // Only the files that can be stored are spooled; the rest are counted (decision 0061).
      const form = await readMultipart(c, { maxBytes, keep: (field, index) => (field === 'files' || field === 'file') && index < MAX_FILES });
      try {
        const many = form.names.has('files');
        const files = receivedFilesOf(form, many ? 'files' : 'file');
        if (files.length > MAX_FILES) throw badRequest(`Maximum of ${MAX_FILES} files allowed`);
        if (files.length === 0) throw badRequest('No file uploaded');
        if (!many && files.length > 1) throw badRequest('Only one file allowed; use the files field for several');

        // resource_type narrows the accepted kinds: image (course images), video (lesson videos).
        const resourceType = receivedText(form, 'resource_type').toLowerCase();
        const imagesOnly = resourceType === 'image';
        const folder = sanitizeFolder(receivedText(form, 'folder'));
        const courseMedia = COURSE_MEDIA_FOLDERS.has(folder);
        const checked: CheckedFile[] = files.map((file) => checkReceived(file, maxBytes, imagesOnly));
        if (resourceType === 'video' && checked.some((f) => f.type.kind !== 'video')) throw invalidFileType();
        const { quotaBytes, usedBytes } = quotaOfRequest(c) ?? (await uploadQuotaOf(platform, user.id));
        if (usedBytes + checked.reduce((sum, f) => sum + f.size, 0) > quotaBytes) throw quotaExceeded(quotaBytes);

        const keys = await putObjects(platform, checked, folder);
        let rows: { id: number; key: string }[];
        try {
          rows = await platform.db
            .insert(uploads)
            .values(withinQuota(checked.map((file, i) => uploadRow(file, keys[i], user.id, courseMedia ? 'course' : 'public')), quotaBytes))
            .returning({ id: uploads.id, key: uploads.key });
        } catch (err) {
          await removeObjects(platform, keys);
          throw isQuotaRefusal(err) ? quotaExceeded(quotaBytes) : err;
        }
        const idOf = new Map(rows.map((r) => [r.key, r.id]));
        const plain = checked.map((file, i) => answerOf(file, keys[i], idOf.get(keys[i])!));
        // Course media is private from upload: its uploader previews it through a signed link.
        const answers: UploadAnswer[] = courseMedia
          ? await Promise.all(plain.map(async (a) => ({ ...a, signed_url: (await signUploadLink(platform, a.url))! })))
          : plain;
        if (many) return c.json(answers, 201);
        return c.json(answers[0], 201);
      } finally {
        await form.discard();
      }
    },
  )
  .post(
    '/profile',
    requireUser,
    rateLimit(RATE_LIMITS.uploads),
    limitUploadBody(() => PROFILE_IMAGE_MAX_MB * MB + MULTIPART_OVERHEAD),
    async (c) => {
      const platform = c.get('platform');
      const user = signedInUser(c);
      const maxBytes = PROFILE_IMAGE_MAX_MB * MB;
      const form = await readMultipart(c, { maxBytes, keep: (field, index) => field === 'file' && index === 0 });
      let answer: UploadAnswer;
      try {
        const file = checkReceived(singleReceived(form, 'file'), maxBytes, true);
        answer = await storeAttachedFile(platform, file, {
          folder: 'profile',
          userId: user.id,
          attach: (url) =>
            platform.db
              .update(users)
              .set({ profileImageUrl: url, updatedAt: sqlNow })
              .where(eq(users.id, user.id)),
        });
      } finally {
        await form.discard();
      }
      const view = await loadUserView(platform.db, user.id);
      if (!view) throw new AppError(404, 'User not found');
      const body: ProfileUploadAnswer = { ...answer, profile_image_url: answer.url, user: view };
      return c.json(body, 201);
    },
  );

const INLINE_TYPES = /^(?:image|video|audio)\/|^application\/pdf$/;

export const RANGE_NOT_SATISFIABLE = 'Range Not Satisfiable';

/** An encoded character, a dot-dot or a backslash: never part of a key we made, always refused. */
const SUSPICIOUS_KEY = /%|\.\.|\\/;

/**
 * GET /uploads/{key}: the stored bytes with their real type; never sniffed by the browser. Course
 * media (decision 0015) and practice takes (decision 0070) need a valid signed link (`?exp=&sig=`, handed out by the API to those
 * allowed); an invalid or expired one is 403. The key is read from the raw path, so encoded dots
 * or slashes are refused rather than decoded. A single byte range is answered 206 (decision 0017),
 * so a video seeks and loops; HEAD answers the headers of the whole file without reading it.
 */
export const uploadedFileRoutes = new Hono<AppContext>().get('/uploads/*', async (c) => {
  const platform = c.get('platform');
  const key = new URL(c.req.url).pathname.slice(UPLOADS_PATH.length);
  if (SUSPICIOUS_KEY.test(key)) throw badRequest('Invalid file path');
  if (!isUploadKey(key)) throw new AppError(404, 'Not found');
  let cacheControl = 'public, max-age=31536000, immutable';
  const exp = c.req.query('exp');
  const sig = c.req.query('sig');
  // A valid signature is proof enough (no database read for each chunk of a video); without one,
  // only a public file is served.
  const signed = exp !== undefined && sig !== undefined && (await checkSignedRequest(platform, key, exp, sig)) === 'valid';
  if (signed) {
    const left = Number(exp) - Math.floor(Date.now() / 1000);
    cacheControl = `private, max-age=${Math.max(0, Math.min(left, 3600))}`;
  } else if ((await uploadAccessOf(platform.db, key)).access !== 'public') {
    throw new AppError(403, MEDIA_LINK_REFUSED);
  }
  const headersOf = (info: ObjectInfo, length: number): Record<string, string> => ({
    'content-type': info.contentType,
    'content-length': String(length),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-disposition': INLINE_TYPES.test(info.contentType.split(';')[0].trim()) ? 'inline' : 'attachment',
    'cache-control': cacheControl,
  });

  // Ranges are defined for GET only (RFC 9110 §14.2); there are no validators to compare, so an
  // If-Range is never known to match and the whole file is sent.
  const request = c.req.method === 'GET' && !c.req.header('if-range') ? parseRangeHeader(c.req.header('range')) : null;
  if (c.req.method === 'HEAD' || request) {
    const info = await platform.storage.head(key);
    if (!info) throw new AppError(404, 'Not found');
    if (!request) return c.body(null, 200, headersOf(info, info.size));
    const answer = resolveRange(request, info.size);
    if (answer.kind === 'unsatisfiable') {
      return c.json({ message: RANGE_NOT_SATISFIABLE }, 416, { 'content-range': unsatisfiedRange(info.size), 'accept-ranges': 'bytes' });
    }
    const { range } = answer;
    const part = await platform.storage.get(key, { offset: range.start, length: range.length });
    if (!part) throw new AppError(404, 'Not found');
    return c.body(part.body, 206, { ...headersOf(part, range.length), 'content-range': contentRange(range, part.size) });
  }
  const object = await platform.storage.get(key);
  if (!object) throw new AppError(404, 'Not found');
  return c.body(object.body, 200, headersOf(object, object.size));
});
