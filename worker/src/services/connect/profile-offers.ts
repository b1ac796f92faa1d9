import { and, eq, exists, sql } from 'drizzle-orm';
import { bookings, lessonPackages, lessonTypes, packagePurchases } from '../../../../db/schema/index.ts';
import { LESSON_TYPE_NOT_FOUND } from '../../domain/bookings.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import type { LessonTypeView, PackageView } from '../../../../shared/bookings/views.ts';
import { capacityProblem, PACKAGE_NOT_FOUND, type LessonTypePatch, type LessonTypeValues, type PackagePatch, type PackageValues } from '../../../../shared/connect/profile-schemas.ts';
import { requireProfileRow } from './profile.ts';
import { toLessonTypeView, toPackageView } from './profile-views.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';

/**
 * What an instructor offers on their profile (decision 0032): lesson types and packages, each
 * the instructor's own (another's answers 404, as one that does not exist). Removing one that
 * bookings or purchases already use only deactivates it: those rows keep pointing at it.
 */


type LessonTypeRow = typeof lessonTypes.$inferSelect;

async function ownLessonType(db: Db, userId: number, id: number): Promise<LessonTypeRow> {
  const [row] = await db
    .select()
    .from(lessonTypes)
    .where(and(eq(lessonTypes.id, id), eq(lessonTypes.instructorId, userId)));
  if (!row) throw notFound(LESSON_TYPE_NOT_FOUND);
  return row;
}

function assertCapacity(kind: LessonTypeRow['kind'], capacity: number): void {
  const problem = capacityProblem(kind, capacity);
  if (problem) throw badRequest(problem, { capacity: [problem] });
}

/** POST /api/connect/profile/lesson-types: a new type, last in the list. */
export async function createLessonType(db: Db, userId: number, values: LessonTypeValues): Promise<LessonTypeView> {
  await requireProfileRow(db, userId);
  assertCapacity(values.kind, values.capacity);
  const [row] = await db
    .insert(lessonTypes)
    .values({
      instructorId: userId,
      kind: values.kind,
      title: values.title,
      description: values.description,
      durationMinutes: values.duration_minutes,
      priceCents: values.price_cents,
      capacity: values.capacity,
      mode: values.mode,
      active: values.active,
      position: sql`(SELECT coalesce(max(${lessonTypes.position}), -1) + 1 FROM ${lessonTypes} WHERE ${lessonTypes.instructorId} = ${userId})`,
    })
    .returning();
  return toLessonTypeView(row!);
}

/**
 * PATCH /api/connect/profile/lesson-types/{id}: the fields given. The capacity rule holds for the
 * type as it ends up (turning a group class into a private lesson needs capacity 1 with it).
 * Bookings already made keep their snapshot of title, kind and price.
 */
export async function updateLessonType(db: Db, userId: number, id: number, patch: LessonTypePatch): Promise<LessonTypeView> {
  const before = await ownLessonType(db, userId, id);
  const kind = patch.kind ?? before.kind;
  assertCapacity(kind, patch.capacity ?? before.capacity);
  const [row] = await db
    .update(lessonTypes)
    .set({
      kind,
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.duration_minutes !== undefined && { durationMinutes: patch.duration_minutes }),
      ...(patch.price_cents !== undefined && { priceCents: patch.price_cents }),
      ...(patch.capacity !== undefined && { capacity: patch.capacity }),
      ...(patch.mode !== undefined && { mode: patch.mode }),
      ...(patch.active !== undefined && { active: patch.active }),
      updatedAt: sqlNow,
    })
    .where(and(eq(lessonTypes.id, id), eq(lessonTypes.instructorId, userId)))
    .returning();
  if (!row) throw notFound(LESSON_TYPE_NOT_FOUND);
  return toLessonTypeView(row);
}

export interface RemovedLessonType {
  /** True when the type is gone; false when bookings or bought packages use it, so it was deactivated. */
  deleted: boolean;
  lesson_type: LessonTypeView | null;
}

/**
 * DELETE /api/connect/profile/lesson-types/{id}. A type that bookings or bought packages use is
 * deactivated with its packages; else it is deleted with its packages (cascade). The delete is
 * conditioned on nothing using it, in the same statement, so a booking made meanwhile turns it
 * into a deactivation.
 */
export async function removeLessonType(db: Db, userId: number, id: number): Promise<RemovedLessonType> {
  await ownLessonType(db, userId, id);
  const used = sql`(${exists(db.select({ one: sql`1` }).from(bookings).where(eq(bookings.lessonTypeId, id)))} OR ${exists(
    db.select({ one: sql`1` }).from(packagePurchases).where(eq(packagePurchases.lessonTypeId, id)),
  )})`;
  const [deleted] = await db.batch([
    db.delete(lessonTypes).where(and(eq(lessonTypes.id, id), eq(lessonTypes.instructorId, userId), sql`NOT ${used}`)),
    db.update(lessonTypes).set({ active: false, updatedAt: sqlNow }).where(and(eq(lessonTypes.id, id), eq(lessonTypes.instructorId, userId))),
    db.update(lessonPackages).set({ active: false, updatedAt: sqlNow }).where(and(eq(lessonPackages.lessonTypeId, id), eq(lessonPackages.instructorId, userId))),
  ]);
  if (deleted.rowsAffected > 0) return { deleted: true, lesson_type: null };
  return { deleted: false, lesson_type: toLessonTypeView(await ownLessonType(db, userId, id)) };
}

// ---------------------------------------------------------------------------------------------
// Packages

const PACKAGE_TYPE_NOT_FOUND = 'Choose one of your active lesson types.';

/** The lesson type a package is of: one of the instructor's own, active ones (400 on the field otherwise). */
async function packageLessonType(db: Db, userId: number, lessonTypeId: number): Promise<LessonTypeRow> {
  const [row] = await db
    .select()
    .from(lessonTypes)
    .where(and(eq(lessonTypes.id, lessonTypeId), eq(lessonTypes.instructorId, userId), eq(lessonTypes.active, true)));
  if (!row) throw badRequest(PACKAGE_TYPE_NOT_FOUND, { lesson_type_id: [PACKAGE_TYPE_NOT_FOUND] });
  return row;
}

async function ownPackage(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(lessonPackages)
    .where(and(eq(lessonPackages.id, id), eq(lessonPackages.instructorId, userId)));
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

/** POST /api/connect/profile/packages. */
export async function createPackage(db: Db, userId: number, values: PackageValues): Promise<PackageView> {
  await requireProfileRow(db, userId);
  const type = await packageLessonType(db, userId, values.lesson_type_id);
  const [row] = await db
    .insert(lessonPackages)
    .values({
      instructorId: userId,
      lessonTypeId: type.id,
      title: values.title,
      lessonsCount: values.lessons_count,
      priceCents: values.price_cents,
      active: values.active,
    })
    .returning();
  return toPackageView(row!, type);
}

/**
 * PATCH /api/connect/profile/packages/{id}. Purchases already made keep their own title and
 * credits (package_purchases holds them), so a change only concerns later buyers.
 */
export async function updatePackage(db: Db, userId: number, id: number, patch: PackagePatch): Promise<PackageView> {
  const before = await ownPackage(db, userId, id);
  const type =
    patch.lesson_type_id !== undefined && patch.lesson_type_id !== before.lessonTypeId
      ? await packageLessonType(db, userId, patch.lesson_type_id)
      : (await db.select().from(lessonTypes).where(eq(lessonTypes.id, before.lessonTypeId)))[0];
  const [row] = await db
    .update(lessonPackages)
    .set({
      ...(patch.lesson_type_id !== undefined && { lessonTypeId: patch.lesson_type_id }),
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.lessons_count !== undefined && { lessonsCount: patch.lessons_count }),
      ...(patch.price_cents !== undefined && { priceCents: patch.price_cents }),
      ...(patch.active !== undefined && { active: patch.active }),
      updatedAt: sqlNow,
    })
    .where(and(eq(lessonPackages.id, id), eq(lessonPackages.instructorId, userId)))
    .returning();
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return toPackageView(row, type);
}

export interface RemovedPackage {
  /** True when the package is gone; false when it was bought, so it was deactivated. */
  deleted: boolean;
  package: PackageView | null;
}

/** DELETE /api/connect/profile/packages/{id}: deleted unless bought (then deactivated), in one conditional batch. */
export async function removePackage(db: Db, userId: number, id: number): Promise<RemovedPackage> {
  await ownPackage(db, userId, id);
  const bought = exists(db.select({ one: sql`1` }).from(packagePurchases).where(eq(packagePurchases.packageId, id)));
  const [deleted] = await db.batch([
    db.delete(lessonPackages).where(and(eq(lessonPackages.id, id), eq(lessonPackages.instructorId, userId), sql`NOT ${bought}`)),
    db.update(lessonPackages).set({ active: false, updatedAt: sqlNow }).where(and(eq(lessonPackages.id, id), eq(lessonPackages.instructorId, userId))),
  ]);
  if (deleted.rowsAffected > 0) return { deleted: true, package: null };
  const row = await ownPackage(db, userId, id);
  const [type] = await db.select().from(lessonTypes).where(eq(lessonTypes.id, row.lessonTypeId));
  return { deleted: false, package: toPackageView(row, type) };
}
