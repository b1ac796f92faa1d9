import { and, eq, sql } from 'drizzle-orm';
import { resourceFiles, resources } from '../../../../db/schema/index.ts';
import { RESOURCE_FILE_MAX_BYTES, RESOURCE_FILES_MAX, statusAfterEdit } from '../../domain/store.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { bytesOfChecked, checkReceived, objectData, removeObjects, type CheckedFile, type ReceivedFile } from '../uploads.ts';
import { inspectPdf } from './pdf-stamp.ts';
import { RESOURCE_NOT_FOUND } from './resource-reads.ts';
import { findResourceRef, listFileViews } from './resource-views.ts';
import type { ResourceActor } from './resource-writes.ts';
import { assertSelling, requireEditableResource } from './resource-writes.ts';
import type { ResourceFileView, ResourceStatus } from '../../../../shared/store/views.ts';

/**
 * A resource's files (decision 0029): one to five of the types uploads accept (checkFile), 20 MB
 * each, their type read from the bytes; kept in the object store under `private/resources/{random}`
 * — never under the public uploads prefix, never in the uploads table, so no public path serves
 * them. PDFs are read at upload (page count; a PDF that cannot be stamped is refused). A change of
 * the files of a published resource sends it back to review; a rejected one returns to draft.
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

async function answer(platform: Platform, id: number): Promise<ResourceFilesAnswer> {
  const [files, ref] = await Promise.all([listFileViews(platform.db, id), findResourceRef(platform.db, id)]);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  return { files, status: ref.status };
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

  const prepared: Prepared[] = [];
  for (const raw of uploaded) {
    const file = checkReceived(raw, RESOURCE_FILE_MAX_BYTES, false);
    let pageCount: number | null = null;
    if (file.type.mimetype === 'application/pdf') {
      // A PDF is read whole to be inspected, one at a time; its bytes are let go right after.
      const pdf = await inspectPdf(await bytesOfChecked(file));
      if (!pdf.ok) throw new AppError(415, pdf.reason === 'encrypted' ? PDF_ENCRYPTED : PDF_UNREADABLE, { validationErrors: { files: [`${file.name}: ${pdf.reason === 'encrypted' ? PDF_ENCRYPTED : PDF_UNREADABLE}`] } });
      pageCount = pdf.pageCount;
    }
    prepared.push({ file, key: `private/resources/${crypto.randomUUID()}.${file.type.ext}`, pageCount });
  }

  const put: string[] = [];
  try {
    for (const p of prepared) {
      const type = p.file.type.kind === 'text' ? `${p.file.type.mimetype}; charset=utf-8` : p.file.type.mimetype;
      await platform.storage.put(p.key, objectData(p.file), type);
      put.push(p.key);
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
    ]);
    const added = results.slice(0, prepared.length).reduce((n, r) => n + r.rowsAffected, 0);
    if (added !== prepared.length) {
      await db.delete(resourceFiles).where(sql`${resourceFiles.storageKey} IN (${sql.join(put.map((k) => sql`${k}`), sql`, `)})`);
      throw conflict(FILES_FULL);
    }
  } catch (err) {
    await removeObjects(platform, put);
    throw err;
  }
  return answer(platform, id);
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
  ]);
  if (deleted.rowsAffected === 0) throw notFound(FILE_NOT_FOUND);
  await removeObjects(platform, [row.key]);
  return answer(platform, id);
}
