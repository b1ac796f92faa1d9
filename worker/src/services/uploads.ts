import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { uploads } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { detectFileType, type DetectedType } from '../domain/file-types.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { MalformedMultipart, readMultipartParts } from '../http/multipart.ts';
import type { Platform } from '../platform/context.ts';
import type { ObjectData, Spool } from '../platform/storage.ts';
import { bodyCutOff, fileTooLarge, isQuotaRefusal, multipartBoundary, quotaExceeded, sizeWithinQuota, uploadQuotaOf } from './upload-limits.ts';

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
  type: DetectedType;
  name: string;
  size: number;
  /** The bytes (a small file read whole), or the spool a streamed upload waits in (decision 0061). */
  data: Uint8Array | Spool;
}

export const invalidFileType = () => new AppError(415, 'Invalid file type');

/** A request that is not multipart/form-data carries no file: refused before its body is read. */
function requireMultipart(c: Context<AppContext>): string {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw badRequest('No file uploaded');
  return c.req.header('content-type')!;
}

/** What to spool of a multipart body read part by part (see `receiveMultipart`). */
export interface SpoolOptions {
  maxBytes: number;
  keep: (field: string, index: number) => boolean;
}

/**
 * Reads a multipart body: whole as a FormData (a small form, the course image), or part by part
 * with each file spooled as it arrives when given `spool` (decision 0061).
 */
export async function readMultipart(c: Context<AppContext>): Promise<FormData>;
export async function readMultipart(c: Context<AppContext>, spool: SpoolOptions): Promise<ReceivedForm>;
export async function readMultipart(c: Context<AppContext>, spool?: SpoolOptions): Promise<FormData | ReceivedForm> {
  if (spool) return receiveMultipart(c, spool);
  requireMultipart(c);
  try {
    return await c.req.raw.formData();
  } catch {
    // The counting stream of limitUploadBody failed the body: say why, not "malformed".
    throw bodyCutOff(c) ?? badRequest('Malformed multipart body');
  }
}

/**
 * How much of a file its type is read from (decision 0061): the magic bytes are at the start, and
 * the formats that are looked into further (zip, Office, MP4 boxes) have what tells them there.
 */
export const SNIFF_BYTES = 1024 * 1024;

/** One file part of a streamed multipart body. */
export interface ReceivedFile {
  field: string;
  /** The file name as sent. */
  filename: string;
  size: number;
  /** Its type read from its first bytes; text only when all of it is UTF-8 without NUL. */
  type: DetectedType | null;
  /** Where its bytes wait; null when they were not kept (over the size limit, or not wanted). */
  spool: Spool | null;
}

export interface ReceivedForm {
  /** Every part's name, field or file. */
  names: Set<string>;
  /** The first value of each text field. */
  fields: Map<string, string>;
  files: ReceivedFile[];
  /** Removes every spool still held; called once the request is answered or refused. */
  discard(): Promise<void>;
}

/** `bytes` without an incomplete UTF-8 sequence at its end (the rest of it is past the sniffed head). */
function wholeCharacters(bytes: Uint8Array): Uint8Array {
  let i = bytes.length - 1;
  while (i > 0 && bytes.length - i < 4 && (bytes[i]! & 0xc0) === 0x80) i--;
  const lead = bytes[i] ?? 0;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return bytes.length - i < need ? bytes.subarray(0, i) : bytes;
}

/** Receives one file part: spooled while within maxBytes, its head kept for the type, its text checked as it passes. */
async function receiveFile(platform: Platform, field: string, filename: string, chunks: AsyncIterable<Uint8Array>, maxBytes: number, keep: boolean): Promise<ReceivedFile> {
  const received: ReceivedFile = { field, filename, size: 0, type: null, spool: keep ? await platform.storage.spool() : null };
  const head = new Uint8Array(SNIFF_BYTES);
  let headLength = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  try {
    for await (const chunk of chunks) {
      received.size += chunk.byteLength;
      if (!received.spool) continue;
      if (received.size > maxBytes) {
        await received.spool.discard();
        received.spool = null;
        continue;
      }
      if (headLength < SNIFF_BYTES) {
        const taken = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.set(taken, headLength);
        headLength += taken.byteLength;
      }
      if (utf8) {
        try {
          utf8 = !chunk.includes(0) && (decoder.decode(chunk, { stream: true }), true);
        } catch {
          utf8 = false;
        }
      }
      await received.spool.write(chunk);
    }
    if (received.spool && received.size > 0) {
      try {
        decoder.decode();
      } catch {
        utf8 = false;
      }
      const sniffed = headLength < received.size ? wholeCharacters(head.subarray(0, headLength)) : head.subarray(0, headLength);
      const type = await detectFileType(sniffed, filename);
      received.type = type?.kind === 'text' && !utf8 ? null : type;
    }
    return received;
  } catch (err) {
    await received.spool?.discard();
    throw err;
  }
}

/**
 * Reads a multipart body part by part (decision 0061): each file goes to a spool of the store as
 * it arrives, never whole into memory; what the old form reading checked is known per file at
 * the end (size, type), so the route decides in the same order as before. `keep` says which
 * files are worth spooling (the others are counted and drained); a file past `maxBytes` is counted
 * but not kept. Spools are discarded when reading fails.
 */
async function receiveMultipart(c: Context<AppContext>, options: SpoolOptions): Promise<ReceivedForm> {
  const platform = c.get('platform');
  const boundary = multipartBoundary(requireMultipart(c));
  const form: ReceivedForm = {
    names: new Set(),
    fields: new Map(),
    files: [],
    async discard() {
      await Promise.allSettled(form.files.map((f) => f.spool?.discard()));
    },
  };
  const body = c.req.raw.body;
  try {
    if (!boundary || !body) throw new MalformedMultipart();
    const counts = new Map<string, number>();
    for await (const part of readMultipartParts(body, boundary)) {
      form.names.add(part.name);
      if (part.kind === 'field') {
        if (!form.fields.has(part.name)) form.fields.set(part.name, part.value);
        continue;
      }
      // The index among the field's files, not counting the empty, nameless part of "no file chosen".
      const index = counts.get(part.name) ?? 0;
      const file = await receiveFile(platform, part.name, part.filename, part.chunks, options.maxBytes, options.keep(part.name, index));
      form.files.push(file);
      if (file.size > 0 || file.filename !== '') counts.set(part.name, index + 1);
    }
    return form;
  } catch (err) {
    await form.discard();
    // The counting stream of limitUploadBody failed the body: say why, not "malformed".
    const cutOff = bodyCutOff(c);
    if (cutOff) throw cutOff;
    if (err instanceof MalformedMultipart) throw badRequest('Malformed multipart body');
    // The store's own failures (a full disk) are answered as such.
    throw err;
  }
}

/** The files of a field as the old form reading listed them: a browser sends an empty, nameless part when nothing was chosen. */
export function receivedFilesOf(form: ReceivedForm, field: string): ReceivedFile[] {
  return form.files.filter((f) => f.field === field && !(f.size === 0 && f.filename === ''));
}

/** The one file of a field, as singleFile says it. */
export function singleReceived(form: ReceivedForm, field: string): ReceivedFile {
  const files = receivedFilesOf(form, field);
  if (files.length === 0) throw badRequest('No file uploaded');
  if (files.length > 1) throw badRequest('Only one file allowed');
  return files[0]!;
}

export function receivedText(form: ReceivedForm, field: string): string {
  return (form.fields.get(field) ?? '').trim();
}

/** The checks of checkFile on a received file, in its order: size, emptiness, type. */
export function checkReceived(file: ReceivedFile, maxBytes: number, imagesOnly: boolean): CheckedFile {
  if (file.size > maxBytes) throw fileTooLarge();
  if (file.size === 0) throw badRequest('No file uploaded');
  const type = file.type;
  if (!type || !file.spool || (imagesOnly && type.kind !== 'image')) throw invalidFileType();
  return { data: file.spool, type, name: displayName(file.filename), size: file.size };
}

/** The bytes of a checked file, read back whole (for the few checks that need all of them, as a PDF's). */
export async function bytesOfChecked(file: CheckedFile): Promise<Uint8Array> {
  const data = objectData(file);
  return data instanceof Uint8Array ? data : new Uint8Array(await new Response(data).arrayBuffer());
}

/** What `put` stores a checked file from. */
export function objectData(file: CheckedFile): ObjectData {
  return file.data instanceof Uint8Array ? file.data : file.data.data();
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
  return { data: bytes, type, name: displayName(file.name), size: bytes.length };
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
  const size = file.size;
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
      await platform.storage.put(key, objectData(file), servedType(file.type));
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
  size: file.size,
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
  const size = file.size;
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
