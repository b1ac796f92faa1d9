import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { uploads } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { detectFileType, type DetectedType } from '../domain/file-types.ts';
import { AppError, badRequest } from '../http/errors.ts';
import type { Platform } from '../platform/context.ts';
import { bodyCutOff, fileTooLarge, isQuotaRefusal, quotaExceeded, sizeWithinQuota, uploadQuotaOf } from './upload-limits.ts';

export { fileTooLarge, limitUploadBody, MB, MULTIPART_OVERHEAD } from './upload-limits.ts';

/**
 * Storing uploads, for the upload route and for routes that attach a file to a record (the
 * profile image, the course image): the type is read from the bytes, the key is random, the shown
 * name is cleaned, and nothing is left behind when a step fails.
 */

export const UPLOADS_PATH = '/uploads/';

/** What POST /api/upload answers for one file. */
export interface UploadAnswer {
  url: string;
  image_url: string;
  file_url: string;
  size: number;
  original_name: string;
  mimetype: string;
  fileId: number;
  uploadInfo: { originalName: string; mimetype: string; size: number };
  /** Course media only (private from upload): a short-lived signed link for the uploader's preview. */
  signed_url?: string;
}

export interface CheckedFile {
  bytes: Uint8Array;
  type: DetectedType;
  name: string;
}

export const invalidFileType = () => new AppError(415, 'Invalid file type');

export async function readMultipart(c: Context<AppContext>): Promise<FormData> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw badRequest('No file uploaded');
  try {
    return await c.req.raw.formData();
  } catch {
    // The counting stream of limitUploadBody failed the body: say why, not "malformed".
    throw bodyCutOff(c) ?? badRequest('Malformed multipart body');
  }
}

/** The files of a field; a browser sends an empty, nameless part when nothing was chosen. */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((v): v is File => typeof v !== 'string' && !(v.size === 0 && v.name === ''));
}

/** The one file of a field. */
export function singleFile(form: FormData, field: string): File {
  const files = filesOf(form, field);
  if (files.length === 0) throw badRequest('No file uploaded');
  if (files.length > 1) throw badRequest('Only one file allowed');
  return files[0]!;
}

export function formText(form: FormData, field: string): string {
  const value = form.get(field);
  return typeof value === 'string' ? value.trim() : '';
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

export async function checkFile(file: File, maxBytes: number, imagesOnly: boolean): Promise<CheckedFile> {
  if (file.size > maxBytes) throw fileTooLarge();
  if (file.size === 0) throw badRequest('No file uploaded');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await detectFileType(bytes, file.name);
  if (!type || (imagesOnly && type.kind !== 'image')) throw invalidFileType();
  return { bytes, type, name: displayName(file.name) };
}

function objectKey(folder: string, ext: string): string {
  return `${folder ? `${folder}/` : ''}${crypto.randomUUID()}.${ext}`;
}

/** The type the object is served with: text is known to be UTF-8 (checked on upload). */
function servedType(type: DetectedType): string {
  return type.kind === 'text' ? `${type.mimetype}; charset=utf-8` : type.mimetype;
}

export function answerOf(file: CheckedFile, key: string, fileId: number): UploadAnswer {
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

/** Puts the objects; if any of them fails, the ones already put are removed again. */
export async function putObjects(platform: Platform, files: CheckedFile[], folder: string): Promise<string[]> {
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

export async function removeObjects(platform: Platform, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => platform.storage.delete(key)));
}

/**
 * Folders whose files are course media from the moment they are stored (decision 0058): private
 * (served only through signed links, decision 0015) before a lesson refers to them, not only after.
 */
export const COURSE_MEDIA_FOLDERS: ReadonlySet<string> = new Set(['lessons']);

export const uploadRow = (file: CheckedFile, key: string, userId: number, access: 'public' | 'course' = 'public') => ({
  key,
  originalName: file.name,
  mimetype: file.type.mimetype,
  size: file.bytes.length,
  userId,
  access,
});

/**
 * Stores one checked image and, in the same batch as its uploads row, the statement that attaches
 * its URL to a record (a user's profile image, a course's image). On failure the object is removed.
 */
export async function storeAttachedFile(
  platform: Platform,
  file: CheckedFile,
  options: { folder: string; userId: number; attach: (url: string) => BatchItem<'sqlite'> },
): Promise<UploadAnswer> {
  const size = file.bytes.length;
  const { quotaBytes, usedBytes } = await uploadQuotaOf(platform, options.userId);
  if (usedBytes + size > quotaBytes) throw quotaExceeded(quotaBytes);
  const [key] = await putObjects(platform, [file], options.folder);
  const url = UPLOADS_PATH + key!;
  const row = { ...uploadRow(file, key!, options.userId), size: sizeWithinQuota(size, options.userId, size, quotaBytes) };
  try {
    const [inserted] = await platform.db.batch([
      platform.db.insert(uploads).values(row).returning({ id: uploads.id }),
      options.attach(url),
    ]);
    return answerOf(file, key!, inserted[0]!.id);
  } catch (err) {
    await removeObjects(platform, [key!]);
    throw isQuotaRefusal(err) ? quotaExceeded(quotaBytes) : err;
  }
}
