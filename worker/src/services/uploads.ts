import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { detectFileType, type DetectedType } from '../domain/file-types.ts';
import { AppError, badRequest } from '../http/errors.ts';
import type { Platform } from '../platform/context.ts';

/**
 * Storing one checked upload, for routes that attach a file to a record (the course image).
 * Same rules as routes/upload.ts: the type is read from the bytes, the key is random, the
 * shown name is cleaned. (routes/upload.ts keeps its own copy of these steps for now.)
 */

export const UPLOAD_URL_PREFIX = '/uploads/';

export interface CheckedUpload {
  bytes: Uint8Array;
  type: DetectedType;
  name: string;
}

/** The Upload response of §3 for one file. */
export interface StoredUploadAnswer {
  url: string;
  image_url: string;
  file_url: string;
  size: number;
  original_name: string;
  mimetype: string;
  fileId: number;
  uploadInfo: { originalName: string; mimetype: string; size: number };
}

export const fileTooLarge = () => new AppError(413, 'File too large');
export const invalidFileType = () => new AppError(415, 'Invalid file type');

export async function readMultipart(c: Context<AppContext>): Promise<FormData> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw badRequest('No file uploaded');
  try {
    return await c.req.raw.formData();
  } catch {
    throw badRequest('Malformed multipart body');
  }
}

/** The one file of a field; a browser sends an empty, nameless part when nothing was chosen. */
export function singleFile(form: FormData, field: string): File {
  const files = form.getAll(field).filter((v): v is File => typeof v !== 'string' && !(v.size === 0 && v.name === ''));
  if (files.length === 0) throw badRequest('No file uploaded');
  if (files.length > 1) throw badRequest('Only one file allowed');
  return files[0]!;
}

export function formText(form: FormData, field: string): string {
  const value = form.get(field);
  return typeof value === 'string' ? value.trim() : '';
}

function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'file';
}

export async function checkUpload(file: File, maxBytes: number, imagesOnly: boolean): Promise<CheckedUpload> {
  if (file.size > maxBytes) throw fileTooLarge();
  if (file.size === 0) throw badRequest('No file uploaded');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await detectFileType(bytes, file.name);
  if (!type || (imagesOnly && type.kind !== 'image')) throw invalidFileType();
  return { bytes, type, name: cleanName(file.name) };
}

/** Puts the bytes under a random key in `folder` and returns the key. */
export async function putUpload(platform: Platform, file: CheckedUpload, folder: string): Promise<string> {
  const key = `${folder}/${crypto.randomUUID()}.${file.type.ext}`;
  await platform.storage.put(key, file.bytes, file.type.mimetype);
  return key;
}

/** Removes an object whose record could not be written; a failure here is only logged. */
export async function removeUpload(platform: Platform, key: string): Promise<void> {
  try {
    await platform.storage.delete(key);
  } catch (err) {
    console.error('Could not remove an orphaned upload', key, err);
  }
}

export function uploadRowOf(file: CheckedUpload, key: string, userId: number) {
  return { key, originalName: file.name, mimetype: file.type.mimetype, size: file.bytes.length, userId };
}

export function uploadAnswerOf(file: CheckedUpload, key: string, fileId: number): StoredUploadAnswer {
  const url = UPLOAD_URL_PREFIX + key;
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
