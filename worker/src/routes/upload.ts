import { eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { uploads, users } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { detectFileType, type DetectedType } from '../domain/file-types.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import type { Platform } from '../platform/context.ts';
import { loadUserView, type UserView } from '../services/users.ts';

/** §5/§9: at most 5 files per request; the per-file limit is MAX_UPLOAD_MB (default 20). */
export const MAX_FILES = 5;
/** A profile image, like the course image of §5, is at most 5 MB. */
export const PROFILE_IMAGE_MAX_MB = 5;
const MB = 1024 * 1024;
/** Room for multipart boundaries, part headers and the small text fields. */
const MULTIPART_OVERHEAD = 256 * 1024;

export const UPLOADS_PATH = '/uploads/';

/** The Upload response of §3 for one file. */
export interface UploadAnswer {
  url: string;
  image_url: string;
  file_url: string;
  size: number;
  original_name: string;
  mimetype: string;
  fileId: number;
  uploadInfo: { originalName: string; mimetype: string; size: number };
}

export interface ProfileUploadAnswer extends UploadAnswer {
  profile_image_url: string;
  user: UserView;
}

interface CheckedFile {
  bytes: Uint8Array;
  type: DetectedType;
  name: string;
}

const tooLarge = () => new AppError(413, 'File too large');
const invalidType = () => new AppError(415, 'Invalid file type');

/**
 * Bounds the body before it is parsed: the declared length is checked at once, and a body
 * streamed without one is counted as it arrives and cut off at the limit.
 */
const limitBody = (maxBytes: (platform: Platform) => number) =>
  createMiddleware<AppContext>((c, next) =>
    bodyLimit({
      maxSize: maxBytes(c.get('platform')),
      onError: () => {
        throw tooLarge();
      },
    })(c, next),
  );

async function readForm(c: Context<AppContext>): Promise<FormData> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw badRequest('No file uploaded');
  try {
    return await c.req.raw.formData();
  } catch {
    throw badRequest('Malformed multipart body');
  }
}

/** The files of a field; a browser sends an empty, nameless part when nothing was chosen. */
function filesOf(form: FormData, field: string): File[] {
  return form
    .getAll(field)
    .filter((v): v is File => typeof v !== 'string' && !(v.size === 0 && v.name === ''));
}

function textField(form: FormData, field: string): string {
  const value = form.get(field);
  return typeof value === 'string' ? value : '';
}

/** `folder` becomes a key prefix: lowercase letters, digits and dashes only. */
export function sanitizeFolder(folder: string): string {
  return folder
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** The name as shown to people: no path, no control characters, at most 255 characters. */
export function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'file';
}

async function checkFile(file: File, maxBytes: number, imagesOnly: boolean): Promise<CheckedFile> {
  if (file.size > maxBytes) throw tooLarge();
  if (file.size === 0) throw badRequest('No file uploaded');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await detectFileType(bytes, file.name);
  if (!type || (imagesOnly && type.kind !== 'image')) throw invalidType();
  return { bytes, type, name: displayName(file.name) };
}

function objectKey(folder: string, ext: string): string {
  return `${folder ? `${folder}/` : ''}${crypto.randomUUID()}.${ext}`;
}

/** The type the object is served with: text is known to be UTF-8 (checked on upload). */
function servedType(type: DetectedType): string {
  return type.kind === 'text' ? `${type.mimetype}; charset=utf-8` : type.mimetype;
}

function answerOf(file: CheckedFile, key: string, fileId: number): UploadAnswer {
  const url = UPLOADS_PATH + key;
  const size = file.bytes.length;
  return {
    url,
    image_url: url,
    file_url: url,
    size,
    original_name: file.name,
    mimetype: file.type.mimetype,
    fileId,
    uploadInfo: { originalName: file.name, mimetype: file.type.mimetype, size },
  };
}

/** Puts the objects; if any later step fails, the ones already put are removed again. */
async function putObjects(platform: Platform, files: CheckedFile[], folder: string): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const file of files) {
      const key = objectKey(folder, file.type.ext);
      await platform.storage.put(key, file.bytes, servedType(file.type));
      keys.push(key);
    }
    return keys;
  } catch (err) {
    await removeObjects(platform, keys);
    throw err;
  }
}

async function removeObjects(platform: Platform, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => platform.storage.delete(key)));
}

const uploadRow = (file: CheckedFile, key: string, userId: number) => ({
  key,
  originalName: file.name,
  mimetype: file.type.mimetype,
  size: file.bytes.length,
  userId,
});

export const uploadRoutes = new Hono<AppContext>()
  .post(
    '/',
    requireUser,
    limitBody((p) => MAX_FILES * p.env.MAX_UPLOAD_MB * MB + MULTIPART_OVERHEAD),
    async (c) => {
      const platform = c.get('platform');
      const user = signedInUser(c);
      const form = await readForm(c);
      const many = form.has('files');
      const files = many ? filesOf(form, 'files') : filesOf(form, 'file');
      if (files.length > MAX_FILES) throw badRequest(`Maximum of ${MAX_FILES} files allowed`);
      if (files.length === 0) throw badRequest('No file uploaded');
      if (!many && files.length > 1) throw badRequest('Only one file allowed; use the files field for several');

      const imagesOnly = textField(form, 'resource_type').trim().toLowerCase() === 'image';
      const folder = sanitizeFolder(textField(form, 'folder'));
      const maxBytes = platform.env.MAX_UPLOAD_MB * MB;
      const checked: CheckedFile[] = [];
      for (const file of files) checked.push(await checkFile(file, maxBytes, imagesOnly));

      const keys = await putObjects(platform, checked, folder);
      let rows: { id: number; key: string }[];
      try {
        rows = await platform.db
          .insert(uploads)
          .values(checked.map((file, i) => uploadRow(file, keys[i], user.id)))
          .returning({ id: uploads.id, key: uploads.key });
      } catch (err) {
        await removeObjects(platform, keys);
        throw err;
      }
      const idOf = new Map(rows.map((r) => [r.key, r.id]));
      const answers = checked.map((file, i) => answerOf(file, keys[i], idOf.get(keys[i])!));
      if (many) return c.json(answers, 201);
      return c.json(answers[0], 201);
    },
  )
  .post(
    '/profile',
    requireUser,
    limitBody(() => PROFILE_IMAGE_MAX_MB * MB + MULTIPART_OVERHEAD),
    async (c) => {
      const platform = c.get('platform');
      const user = signedInUser(c);
      const form = await readForm(c);
      const files = filesOf(form, 'file');
      if (files.length === 0) throw badRequest('No file uploaded');
      if (files.length > 1) throw badRequest('Only one file allowed');
      const file = await checkFile(files[0], PROFILE_IMAGE_MAX_MB * MB, true);

      const [key] = await putObjects(platform, [file], 'profile');
      const url = UPLOADS_PATH + key;
      let fileId: number;
      try {
        const [inserted] = await platform.db.batch([
          platform.db.insert(uploads).values(uploadRow(file, key, user.id)).returning({ id: uploads.id }),
          platform.db
            .update(users)
            .set({ profileImageUrl: url, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
            .where(eq(users.id, user.id)),
        ]);
        fileId = inserted[0].id;
      } catch (err) {
        await removeObjects(platform, [key]);
        throw err;
      }
      const view = await loadUserView(platform.db, user.id);
      if (!view) throw new AppError(404, 'User not found');
      const answer: ProfileUploadAnswer = { ...answerOf(file, key, fileId), profile_image_url: url, user: view };
      return c.json(answer, 201);
    },
  );

/** Keys are made by `objectKey`: an optional folder, a UUID and an extension. */
const KEY_PATTERN = /^(?:[a-z0-9-]{1,40}\/)?[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

const INLINE_TYPES = /^(?:image|video|audio)\/|^application\/pdf$/;

/** GET /uploads/{key}: the stored bytes with their real type; never sniffed by the browser. */
export const uploadedFileRoutes = new Hono<AppContext>().get('/uploads/*', async (c) => {
  const key = c.req.path.slice(UPLOADS_PATH.length);
  const object = KEY_PATTERN.test(key) ? await c.get('platform').storage.get(key) : null;
  if (!object) throw new AppError(404, 'Not found');
  const inline = INLINE_TYPES.test(object.contentType.split(';')[0].trim());
  return c.body(object.body, 200, {
    'content-type': object.contentType,
    'content-length': String(object.size),
    'x-content-type-options': 'nosniff',
    'content-disposition': inline ? 'inline' : 'attachment',
    'cache-control': 'public, max-age=31536000, immutable',
  });
});
