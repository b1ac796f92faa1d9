import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { previewKeyOf } from './pdf-preview.ts';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { resourceCategories, resourceFiles, resources } from '../../../../db/schema/index.ts';
import { can } from '../../domain/permissions.ts';
import { canMove, MOVE_TO, moveRefusal, RESOURCE_FILES_MAX, statusAfterEdit, submissionProblems, type StatusMove } from '../../domain/store.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow, sqlNowUnlessSet } from '../../platform/sql-expressions.ts';
import { assertFeature, type PlanColumns } from '../feature-access.ts';
import { audited, type AuditActor, type AuditTarget } from '../audit.ts';
import { notify } from '../notifications.ts';
import { removeObjects } from '../uploads.ts';
import { getResourceDetail, RESOURCE_NOT_FOUND } from './resource-reads.ts';
import { findResourceRef, type ResourceRef } from './resource-views.ts';
import { requireApprovedSeller } from './sellers.ts';
import type { AgeGroup, DanceStyle, ResourceDetail, ResourceLevel } from '../../../../shared/store/views.ts';
import { fieldWords } from '../../domain/audit.ts';

/**
 * Writing resources (decision 0029): a seller's drafts and edits, the status moves (submit,
 * archive, restore by the seller; approve, reject by a reviewer; feature by a curriculum admin)
 * and deletion. Every move is one conditional UPDATE on the status it starts from, so two
 * reviewers deciding at once decide once; the loser gets the 409 of the state they lost to.
 */

export interface ResourceActor {
  id: number;
  roles: readonly string[];
  /** Names the actor in the audit log (staff writes on others' resources, decision 0033). */
  username?: string;
  /** The signed-in user's row (its plan): selling needs the store_selling gate (decision 0031). */
  row?: PlanColumns | null;
}

/** A seller writing their own resource needs a plan that sells (Educator or higher; admins pass). */
export function assertSelling(actor: ResourceActor, ref: { sellerId: number }): void {
  if (ref.sellerId === actor.id) assertFeature(actor, 'store_selling');
}

/** A write on someone else's resource (a reviewer, a curriculum admin) is audited; a seller's own is not. */
function staffAudit(actor: ResourceActor, ref: { id: number; sellerId: number; title: string }, action: string, summary: string): MoveAudit | undefined {
  if (ref.sellerId === actor.id) return undefined;
  return { actor: { id: actor.id, roles: [...actor.roles], username: actor.username ?? `user ${actor.id}` }, target: { action, table: resources, id: ref.id, summary } };
}

interface MoveAudit {
  actor: AuditActor;
  target: AuditTarget;
}

/** The statement alone, or in one batch with its audit entry; answers the statement's rows. */
async function runAudited<T>(db: Db, statement: BatchItem<'sqlite'> & PromiseLike<T[]>, audit: MoveAudit | undefined): Promise<T[]> {
  if (!audit) return statement;
  const [, rows] = (await db.batch(audited(db, audit.actor, audit.target, [statement]))) as [unknown, T[]];
  return rows;
}

export const NOT_YOUR_RESOURCE = 'You can only change your own resources.';
export const SELLERS_ONLY = 'Only sellers can change their resources.';
export const CATEGORY_UNKNOWN = 'Choose one of the store’s categories';
export const NOT_DELETABLE_BY_SELLER = 'Only a draft that was never sold can be deleted. Archive it instead.';
export const SOLD_NOT_DELETABLE = 'This resource has been bought or taken: archive it instead of deleting it.';
export const OWN_REVIEW_REFUSED = 'You cannot review your own resource.';
export const FEATURE_PUBLISHED_ONLY = 'Only a published resource can be featured.';
export const APPROVE_NEEDS_FILES = `A resource needs 1 to ${RESOURCE_FILES_MAX} files to be published.`;

export interface ResourceChanges {
  title?: string;
  description?: string;
  dance_style?: DanceStyle;
  age_group?: AgeGroup;
  level?: ResourceLevel;
  category_id?: number | null;
  price?: number;
  price_cents?: number;
  cover_image_url?: string | null;
  preview_image_urls?: string[];
}

/** The seller (holding store.sell) or a curriculum admin may change it; anyone else is refused, 404 for what they may not see. */
export async function requireEditableResource(db: Db, actor: ResourceActor, id: number): Promise<ResourceRef> {
  const ref = await findResourceRef(db, id);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  if (can(actor.roles, 'resources.manage')) return ref;
  if (ref.sellerId === actor.id) {
    if (can(actor.roles, 'store.sell')) return ref;
    throw forbidden(SELLERS_ONLY);
  }
  // Somebody else's resource: a published one is no secret, anything else does not exist for them.
  if (ref.status === 'published' && ref.sellerPublic) throw forbidden(NOT_YOUR_RESOURCE);
  throw notFound(RESOURCE_NOT_FOUND);
}

async function assertCategory(db: Db, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === undefined || categoryId === null) return;
  const [row] = await db.select({ id: resourceCategories.id }).from(resourceCategories).where(eq(resourceCategories.id, categoryId)).limit(1);
  if (!row) throw badRequest(CATEGORY_UNKNOWN, { category_id: [CATEGORY_UNKNOWN] });
}

function columnsOf(c: ResourceChanges) {
  const priceCents = c.price_cents ?? c.price;
  return {
    ...(c.title !== undefined ? { title: c.title } : {}),
    ...(c.description !== undefined ? { description: c.description } : {}),
    ...(c.dance_style !== undefined ? { danceStyle: c.dance_style } : {}),
    ...(c.age_group !== undefined ? { ageGroup: c.age_group } : {}),
    ...(c.level !== undefined ? { level: c.level } : {}),
    ...(c.category_id !== undefined ? { categoryId: c.category_id } : {}),
    ...(priceCents !== undefined ? { priceCents } : {}),
    ...(c.cover_image_url !== undefined ? { coverImageUrl: c.cover_image_url } : {}),
    ...(c.preview_image_urls !== undefined ? { previewImageUrls: JSON.stringify(c.preview_image_urls) } : {}),
  };
}

async function detailOf(db: Db, id: number): Promise<ResourceDetail> {
  const detail = await getResourceDetail(db, id);
  if (!detail) throw notFound(RESOURCE_NOT_FOUND);
  return detail;
}

/** POST /api/resources: a draft of an approved seller (403 with the reason for anyone else). */
export async function createResource(
  db: Db,
  actor: ResourceActor,
  input: Required<Pick<ResourceChanges, 'title' | 'description' | 'dance_style' | 'age_group' | 'level'>> & ResourceChanges,
): Promise<ResourceDetail> {
  await requireApprovedSeller(db, actor.id);
  assertFeature(actor, 'store_selling');
  await assertCategory(db, input.category_id);
  const [row] = await db
    .insert(resources)
    .values({
      title: input.title,
      description: input.description,
      danceStyle: input.dance_style,
      ageGroup: input.age_group,
      level: input.level,
      ...columnsOf(input),
      sellerId: actor.id,
      status: 'draft',
    })
    .returning({ id: resources.id });
  return detailOf(db, row!.id);
}

/**
 * PATCH /api/resources/{id}: a rejected resource returns to draft; a published one stays
 * published (its files do not change here: see resource-files.ts).
 */
export async function updateResource(db: Db, actor: ResourceActor, id: number, changes: ResourceChanges): Promise<ResourceDetail> {
  const ref = await requireEditableResource(db, actor, id);
  assertSelling(actor, ref);
  await assertCategory(db, changes.category_id);
  // statusAfterEdit(…, false): only a rejected resource moves (back to draft); decided in the statement.
  const change = db
    .update(resources)
    .set({ ...columnsOf(changes), status: sql`CASE WHEN ${resources.status} = 'rejected' THEN ${statusAfterEdit('rejected', false)} ELSE ${resources.status} END`, updatedAt: sqlNow })
    .where(eq(resources.id, id));
  const audit = staffAudit(actor, ref, 'resource.update', `Changed the resource “${ref.title}” (${fieldWords(Object.keys(changes))}).`);
  if (audit) await db.batch(audited(db, audit.actor, audit.target, [change]));
  else await change;
  return detailOf(db, id);
}

/** Never bought, never taken for free: a condition over `resources`. */
const neverSold = sql`${resources.salesCount} = 0
  AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.kind = 'RESOURCE' AND oi.item_id = ${resources.id})
  AND NOT EXISTS (SELECT 1 FROM resource_ownerships ro WHERE ro.resource_id = ${resources.id})`;

/**
 * DELETE /api/resources/{id}: its seller deletes a draft never sold; a curriculum admin any
 * resource never sold (an order line of it, even unpaid, or an ownership counts as sold). Sold
 * ones are archived instead (409). The files' objects go with it.
 */
export async function deleteResource(platform: Platform, actor: ResourceActor, id: number): Promise<void> {
  const { db } = platform;
  const ref = await requireEditableResource(db, actor, id);
  const admin = can(actor.roles, 'resources.manage');
  const keys = await db.select({ key: resourceFiles.storageKey }).from(resourceFiles).where(eq(resourceFiles.resourceId, id));
  const deleted = await runAudited(
    db,
    db.all<{ id: number }>(sql`DELETE FROM resources WHERE id = ${id}
    AND (${admin ? sql`1` : sql`status = 'draft'`}) AND ${neverSold} RETURNING id`),
    staffAudit(actor, ref, 'resource.delete', `Deleted the resource “${ref.title}” (never sold).`),
  );
  if (!deleted[0]) {
    if (!admin && ref.status !== 'draft') throw conflict(NOT_DELETABLE_BY_SELLER);
    throw conflict(admin ? SOLD_NOT_DELETABLE : NOT_DELETABLE_BY_SELLER);
  }
  // A PDF's preview (pdf-preview.ts) is kept beside it under a key made from its own.
  await removeObjects(platform, keys.flatMap((k) => [k.key, previewKeyOf(k.key)]));
}

/** Moves the status with one conditional UPDATE; a lost race or a wrong status is the 409 of the state found. */
async function move(
  db: Db,
  ref: ResourceRef,
  moveName: StatusMove,
  set: SQLiteUpdateSetSource<typeof resources>,
  extra = sql`1`,
  audit?: MoveAudit,
): Promise<void> {
  if (!canMove(ref.status, moveName)) throw conflict(moveRefusal(ref.status, moveName));
  const from = (['draft', 'submitted', 'published', 'rejected', 'archived'] as const).filter((s) => canMove(s, moveName));
  const updated = await runAudited(
    db,
    db
      .update(resources)
      .set({ status: MOVE_TO[moveName], updatedAt: sqlNow, ...set })
      .where(and(eq(resources.id, ref.id), inArray(resources.status, from), extra))
      .returning({ id: resources.id }),
    audit,
  );
  if (!updated[0]) {
    const now = await findResourceRef(db, ref.id);
    if (!now) throw notFound(RESOURCE_NOT_FOUND);
    if (!canMove(now.status, moveName)) throw conflict(moveRefusal(now.status, moveName));
    throw conflict(moveName === 'approve' ? APPROVE_NEEDS_FILES : 'This resource changed meanwhile. Reload it and try again.');
  }
}

const fileCountSql = sql`(SELECT count(*) FROM ${resourceFiles} WHERE ${resourceFiles.resourceId} = ${resources.id})`;

/** POST /api/resources/{id}/submit: its approved (not suspended) seller; 400 with what is missing. */
export async function submitResource(db: Db, actor: ResourceActor, id: number): Promise<ResourceDetail> {
  const ref = await requireEditableResource(db, actor, id);
  if (ref.sellerId !== actor.id) throw forbidden('Only its seller can submit a resource for review.');
  await requireApprovedSeller(db, actor.id);
  assertSelling(actor, ref);
  if (!canMove(ref.status, 'submit')) throw conflict(moveRefusal(ref.status, 'submit'));
  const detail = await detailOf(db, id);
  const problems = submissionProblems({ title: detail.title, description: detail.description, fileCount: detail.files.length });
  if (problems.length > 0) throw new AppError(400, problems.join(' '), { validationErrors: { resource: problems } });
  await move(db, ref, 'submit', { submittedAt: sqlNow, rejectionReason: null }, sql`${fileCountSql} BETWEEN 1 AND ${RESOURCE_FILES_MAX}`);
  return detailOf(db, id);
}

/** POST /api/resources/{id}/archive: its seller or a curriculum admin; it leaves the store and the featured row. */
export async function archiveResource(db: Db, actor: ResourceActor, id: number): Promise<ResourceDetail> {
  const ref = await requireEditableResource(db, actor, id);
  await move(db, ref, 'archive', { featured: false }, sql`1`, staffAudit(actor, ref, 'resource.archive', `Archived the resource “${ref.title}”.`));
  return detailOf(db, id);
}

/** POST /api/resources/{id}/restore: archived → draft. */
export async function restoreResource(db: Db, actor: ResourceActor, id: number): Promise<ResourceDetail> {
  const ref = await requireEditableResource(db, actor, id);
  await move(db, ref, 'restore', {}, sql`1`, staffAudit(actor, ref, 'resource.restore', `Restored the resource “${ref.title}” to draft.`));
  return detailOf(db, id);
}

/** A reviewer's resource: any status (404 when there is none); never one's own. */
async function reviewable(db: Db, actor: ResourceActor, id: number): Promise<ResourceRef> {
  const ref = await findResourceRef(db, id);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  if (ref.sellerId === actor.id) throw forbidden(OWN_REVIEW_REFUSED);
  return ref;
}

/** POST /api/resources/{id}/approve (resources.review): a submitted resource with 1–5 files is published; its seller is told. */
export async function approveResource(platform: Platform, actor: ResourceActor, id: number): Promise<ResourceDetail> {
  const { db } = platform;
  const ref = await reviewable(db, actor, id);
  await move(
    db,
    ref,
    'approve',
    { publishedAt: sqlNowUnlessSet(resources.publishedAt), rejectionReason: null },
    sql`${fileCountSql} BETWEEN 1 AND ${RESOURCE_FILES_MAX}`,
    staffAudit(actor, ref, 'resource.approve', `Approved and published the resource “${ref.title}”.`),
  );
  await notify(platform, {
    userId: ref.sellerId,
    kind: 'resource_approved',
    title: `“${ref.title}” is published`,
    body: `Your resource “${ref.title}” was approved and is now in the store.`,
    url: `/curriculum/${id}`,
  });
  return detailOf(db, id);
}

/** POST /api/resources/{id}/reject (resources.review): with the reason the seller reads. */
export async function rejectResource(platform: Platform, actor: ResourceActor, id: number, reason: string): Promise<ResourceDetail> {
  const { db } = platform;
  const ref = await reviewable(db, actor, id);
  await move(db, ref, 'reject', { rejectionReason: reason }, sql`1`, staffAudit(actor, ref, 'resource.reject', `Rejected the resource “${ref.title}”: ${reason}`));
  await notify(platform, {
    userId: ref.sellerId,
    kind: 'resource_rejected',
    title: `“${ref.title}” was not approved`,
    body: `Your resource “${ref.title}” was not approved. Reason: ${reason}\nEdit it and submit it again.`,
    url: '/seller/resources',
  });
  return detailOf(db, id);
}

/** POST /api/resources/{id}/toggle-featured (resources.manage): a published resource joins the row; any featured one may leave it. */
export async function toggleFeatured(db: Db, actor: ResourceActor, id: number): Promise<ResourceDetail> {
  const ref = await findResourceRef(db, id);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  const [current] = await db.select({ featured: resources.featured }).from(resources).where(eq(resources.id, id));
  const verb = current?.featured ? 'Took the resource “%” out of the featured row.' : 'Featured the resource “%”.';
  const audit = { actor: { id: actor.id, roles: [...actor.roles], username: actor.username ?? `user ${actor.id}` }, target: { action: 'resource.feature', table: resources, id, summary: verb.replace('%', ref.title) } };
  const updated = await runAudited(
    db,
    db
      .update(resources)
      .set({ featured: sql`1 - ${resources.featured}`, updatedAt: sqlNow })
      .where(and(eq(resources.id, id), or(eq(resources.featured, true), eq(resources.status, 'published'))))
      .returning({ id: resources.id }),
    audit,
  );
  if (!updated[0]) {
    throw conflict(FEATURE_PUBLISHED_ONLY);
  }
  return detailOf(db, id);
}
