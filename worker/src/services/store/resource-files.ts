import { and, eq, isNull, sql } from 'drizzle-orm';
import { resourceFiles, resources } from '../../../../db/schema/index.ts';
import { RESOURCE_FILE_MAX_BYTES, RESOURCE_FILES_MAX, statusAfterEdit } from '../../domain/store.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { bytesOfChecked, checkReceived, objectData, removeObjects, type CheckedFile, type ReceivedFile } from '../uploads.ts';
import { makePreviewPdf, PREVIEW_CONTENT_TYPE, PREVIEW_NOT_MADE, previewKeyOf } from './pdf-preview.ts';
import { readPdf } from './pdf-stamp.ts';
import { RESOURCE_NOT_FOUND } from './resource-reads.ts';
import { findResourceRef, listFileViews, resourcePreviewOf } from './resource-views.ts';
import type { ResourceActor } from './resource-writes.ts';
import { assertSelling, requireEditableResource } from './resource-writes.ts';
import type { ResourceFileView, ResourceStatus } from '../../../../shared/store/views.ts';

/**
 * A resource's files (decision 0029): one to five of the types uploads accept (checkFile), 20 MB
 * each, their type read from the bytes; kept in the object store under `private/resources/{random}`
 * — never under the public uploads prefix, never in the uploads table, so no public path serves
 * them. PDFs are read at upload (page count; a PDF that cannot be stamped is refused), and the
 * first PDF of a resource without a preview gets one (pdf-preview.ts, decision 0064): a PDF whose
 * pages cannot be copied is stored without it, and the answer says so. A change of the files of a
 * published resource sends it back to review; a rejected one returns to draft.
 */

export const FILE_NOT_FOUND = 'File not found';
export const TOO_MANY_FILES = `A resource has at most ${RESOURCE_FILES_MAX} files.`;
export const FILES_FULL = `This resource already has ${RESOURCE_FILES_MAX} files: remove one before adding another.`;
export const PDF_UNREADABLE = 'This PDF could not be read. Save or export it again and upload the new copy.';
export const PDF_ENCRYPTED = 'Password-protected PDFs cannot be sold: upload a copy without a password.';
export const ONLY_SELLER_FILES = "Only the resource's seller can change its files.";

export interface ResourceFilesAnswer {
  files: ResourceFileView[];
  /** The resource's status after the change (a published resource goes back to review). */
  status: ResourceStatus;
  /** The resource's preview after the change, when it has one: how many pages it shows. */
  preview?: { pages: number };
  /** Said when a PDF of this upload could have had a preview and none could be made. */
  preview_message?: string;
}

/** The resource's seller, holding store.sell (a curriculum admin does not change a seller's files). Checked before a body is read, too. */
export async function requireSellerOf(platform: Pick<Platform, 'db'>, actor: ResourceActor, id: number) {
  const ref = await requireEditableResource(platform.db, actor, id);
  if (ref.sellerId !== actor.id) throw forbidden(ONLY_SELLER_FILES);
  assertSelling(actor, ref);
  return ref;
}

/** The status after a change of files, written in the change's own batch (so it follows the state the batch sees). */
const statusAfterFilesChange = sql<ResourceStatus>`CASE ${resources.status}
  WHEN 'published' THEN ${statusAfterEdit('published', true)}
  WHEN 'rejected' THEN ${statusAfterEdit('rejected', true)}
  ELSE ${resources.status} END`;

/** The FROM of a selection that names no table: one row. */
const oneRow = sql`(SELECT 1)`;

async function answer(platform: Platform, id: number, previewMessage?: string): Promise<ResourceFilesAnswer> {
  const [files, ref, preview] = await Promise.all([listFileViews(platform.db, id), findResourceRef(platform.db, id), resourcePreviewOf(platform.db, id)]);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  return { files, status: ref.status, ...(preview ? { preview: { pages: preview.pages } } : {}), ...(previewMessage ? { preview_message: previewMessage } : {}) };
}

interface Prepared {
  file: CheckedFile;
  key: string;
  pageCount: number | null;
}

/** POST /api/resources/{id}/files (multipart `files`): adds the files, at most five in all. */
export async function addResourceFiles(platform: Platform, actor: ResourceActor, id: number, uploaded: ReceivedFile[]): Promise<ResourceFilesAnswer> {
  const { db } = platform;
  await requireSellerOf(platform, actor, id);
  if (uploaded.length === 0) throw badRequest('No file uploaded', { files: ['Choose at least one file'] });
  if (uploaded.length > RESOURCE_FILES_MAX) throw badRequest(TOO_MANY_FILES, { files: [TOO_MANY_FILES] });
  const [{ n: existing }] = (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM resource_files WHERE resource_id = ${id}`)) as [{ n: number }];
  if (Number(existing) + uploaded.length > RESOURCE_FILES_MAX) throw conflict(FILES_FULL);

  const [current] = await db.select({ previewKey: resources.previewKey }).from(resources).where(eq(resources.id, id)).limit(1);
  const prepared: Prepared[] = [];
  // The preview of the first PDF, when the resource has none yet (decision 0064).
  let preview: { key: string; sourceKey: string; bytes: Uint8Array } | null = null;
  let previewMessage: string | undefined;
  for (const raw of uploaded) {
    const file = checkReceived(raw, RESOURCE_FILE_MAX_BYTES, false);
    const key = `private/resources/${crypto.randomUUID()}.${file.type.ext}`;
    let pageCount: number | null = null;
    if (file.type.mimetype === 'application/pdf') {
      // A PDF is read whole to be inspected, one at a time; its bytes are let go right after.
      const pdf = await readPdf(await bytesOfChecked(file));
      if (!pdf.ok) throw new AppError(415, pdf.reason === 'encrypted' ? PDF_ENCRYPTED : PDF_UNREADABLE, { validationErrors: { files: [`${file.name}: ${pdf.reason === 'encrypted' ? PDF_ENCRYPTED : PDF_UNREADABLE}`] } });
      pageCount = pdf.pageCount;
      if (!current?.previewKey && !preview && !previewMessage) {
        const made = await makePreviewPdf(pdf.doc);
        if (made.ok) preview = { key: previewKeyOf(key), sourceKey: key, bytes: made.bytes };
        else previewMessage = `${file.name}: ${PREVIEW_NOT_MADE}`;
      }
    }
    prepared.push({ file, key, pageCount });
  }

  const put: string[] = [];
  try {
    for (const p of prepared) {
      const type = p.file.type.kind === 'text' ? `${p.file.type.mimetype}; charset=utf-8` : p.file.type.mimetype;
      await platform.storage.put(p.key, objectData(p.file), type);
      put.push(p.key);
    }
    if (preview) {
      await platform.storage.put(preview.key, preview.bytes, PREVIEW_CONTENT_TYPE);
      put.push(preview.key);
    }
    const base = Number(existing);
    // Each row goes in only while the count is what this request saw: a request racing it adds nothing.
    const inserts = prepared.map((p, i) =>
      db.insert(resourceFiles).select(
        db
          .select(
            insertSelection(resourceFiles, {
              resourceId: id,
              storageKey: p.key,
              originalName: p.file.name,
              mimetype: p.file.type.mimetype,
              size: p.file.size,
              pageCount: p.pageCount,
              position: sql`coalesce((SELECT max(${resourceFiles.position}) + 1 FROM ${resourceFiles} WHERE ${resourceFiles.resourceId} = ${id}), 0)`,
            }),
          )
          .from(oneRow)
          .where(
            and(
              sql`(SELECT count(*) FROM ${resourceFiles} WHERE ${resourceFiles.resourceId} = ${id}) = ${base + i}`,
              sql`EXISTS (SELECT 1 FROM ${resources} WHERE ${resources.id} = ${id})`,
            ),
          ),
      ),
    );
    const firstKey = prepared[0]!.key;
    const results = await db.batch([
      inserts[0]!,
      ...inserts.slice(1),
      db
        .update(resources)
        .set({ status: statusAfterFilesChange, updatedAt: sqlNow })
        .where(and(eq(resources.id, id), sql`EXISTS (SELECT 1 FROM ${resourceFiles} WHERE ${resourceFiles.storageKey} = ${firstKey})`)),
      // The preview, only while the resource has none and its source went in.
      db
        .update(resources)
        .set({ previewKey: preview?.key ?? null })
        .where(
          preview
            ? and(eq(resources.id, id), isNull(resources.previewKey), sql`EXISTS (SELECT 1 FROM ${resourceFiles} WHERE ${resourceFiles.storageKey} = ${preview.sourceKey})`)
            : sql`0`,
        ),
    ]);
    const added = results.slice(0, prepared.length).reduce((n, r) => n + r.rowsAffected, 0);
    if (added !== prepared.length) {
      await db.delete(resourceFiles).where(sql`${resourceFiles.storageKey} IN (${sql.join(put.map((k) => sql`${k}`), sql`, `)})`);
      throw conflict(FILES_FULL);
    }
    // Another upload gave the resource its preview first: this one is not needed.
    if (preview && results[results.length - 1]!.rowsAffected === 0) await removeObjects(platform, [preview.key]);
  } catch (err) {
    await removeObjects(platform, put);
    throw err;
  }
  return answer(platform, id, previewMessage);
}

/** DELETE /api/resources/{id}/files/{fileId}: its seller removes one file (and its object). */
export async function removeResourceFile(platform: Platform, actor: ResourceActor, id: number, fileId: number): Promise<ResourceFilesAnswer> {
  const { db } = platform;
  await requireSellerOf(platform, actor, id);
  const [row] = await db
    .select({ key: resourceFiles.storageKey })
    .from(resourceFiles)
    .where(and(eq(resourceFiles.id, fileId), eq(resourceFiles.resourceId, id)))
    .limit(1);
  if (!row) throw notFound(FILE_NOT_FOUND);
  const [deleted] = await db.batch([
    db.delete(resourceFiles).where(and(eq(resourceFiles.id, fileId), eq(resourceFiles.resourceId, id))),
    // Only when the file was there to delete: changes() counts the statement just before.
    db
      .update(resources)
      .set({ status: statusAfterFilesChange, updatedAt: sqlNow })
      .where(and(eq(resources.id, id), sql`changes() > 0`)),
    // The preview made from this file goes with it.
    db
      .update(resources)
      .set({ previewKey: null })
      .where(and(eq(resources.id, id), eq(resources.previewKey, previewKeyOf(row.key)))),
  ]);
  if (deleted.rowsAffected === 0) throw notFound(FILE_NOT_FOUND);
  await removeObjects(platform, [row.key, previewKeyOf(row.key)]);
  return answer(platform, id);
}

/**
 * The stored preview PDF of a resource (decision 0064), or null when it has none. A preview the
 * database names whose object is missing (the demo seed writes rows only) is made again from its
 * PDF and kept. The caller checks who may see the resource.
 */
export async function readResourcePreview(platform: Platform, id: number) {
  const { db, storage } = platform;
  const [row] = await db.select({ key: resources.previewKey }).from(resources).where(eq(resources.id, id)).limit(1);
  if (!row?.key) return null;
  const stored = await storage.get(row.key);
  if (stored) return stored;
  const files = await db.select({ key: resourceFiles.storageKey }).from(resourceFiles).where(eq(resourceFiles.resourceId, id));
  const source = files.find((f) => previewKeyOf(f.key) === row.key);
  const object = source ? await storage.get(source.key) : null;
  if (!source || !object) return null;
  const pdf = await readPdf(new Uint8Array(await new Response(object.body).arrayBuffer()));
  const made = pdf.ok ? await makePreviewPdf(pdf.doc) : null;
  if (!made?.ok) return null;
  await storage.put(row.key, made.bytes, PREVIEW_CONTENT_TYPE);
  return storage.get(row.key);
}
