import { and, asc, eq, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { danceStyles } from '../../../../db/schema/index.ts';
import { STYLE_EXISTS, STYLE_IN_USE } from '../../domain/bookings.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import type { CreateStyleInput, UpdateStyleInput } from '../../schemas/connect-admin.ts';
import { audited, type AuditActor } from '../audit.ts';
import { uniqueViolation } from '../db-errors.ts';
import type { AdminDanceStyleView, DanceStyleView } from '../../../../shared/bookings/views.ts';

/**
 * The one list of dance styles (decision 0032): the public list of visible styles, and the
 * admin's list with where each is used. A style is in use when a course names it (its category,
 * the "dance style" of the course forms, by name; or courses.dance_style_id), a resource
 * names it (resources.dance_style, by name) or a profile lists it (instructor_styles). In use, it can be hidden but neither renamed nor deleted; both
 * checks sit inside the write itself (UPDATE/DELETE … WHERE NOT EXISTS), so a use that races in
 * cannot slip past.
 */

export const STYLE_NOT_FOUND = 'Dance style not found';
export const STYLE_RENAME_IN_USE = 'This style is in use and cannot be renamed. Hide it and add a new one instead.';

// Correlated to the row selected, named bare: drizzle writes a one-table selection's columns unqualified.
const courseCount = sql<number>`(SELECT count(*) FROM courses c WHERE c.dance_style_id = dance_styles.id
  OR c.category_id IN (SELECT k.id FROM categories k WHERE lower(k.name) = lower(dance_styles.name)))`.mapWith(Number);
const resourceCount = sql<number>`(SELECT count(*) FROM resources r WHERE lower(r.dance_style) = lower(dance_styles.name))`.mapWith(Number);
const instructorCount = sql<number>`(SELECT count(*) FROM instructor_styles s WHERE s.style_id = dance_styles.id)`.mapWith(Number);
/** The same test as SQL, for the conditional writes (`id` is the style's id, `name` its name). */
const inUseSql = (id: number) => sql`(
  EXISTS (SELECT 1 FROM courses c WHERE c.dance_style_id = ${id}
    OR c.category_id IN (SELECT k.id FROM categories k WHERE lower(k.name) = (SELECT lower(${danceStyles.name}) FROM ${danceStyles} WHERE ${danceStyles.id} = ${id})))
  OR EXISTS (SELECT 1 FROM instructor_styles s WHERE s.style_id = ${id})
  OR EXISTS (SELECT 1 FROM resources r WHERE lower(r.dance_style) = (SELECT lower(${danceStyles.name}) FROM ${danceStyles} WHERE ${danceStyles.id} = ${id})))`;

type StyleRow = typeof danceStyles.$inferSelect;

const publicView = (row: StyleRow): DanceStyleView => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  hidden: row.hidden,
  position: row.position,
});

/** "Hip Hop" → "hip-hop"; a name of only other scripts keeps its letters (Unicode-aware). */
export function styleSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'style'
  );
}

/** GET /api/dance-styles: the visible styles by position (the directory's filter, the forms). */
export async function listVisibleStyles(db: Db): Promise<DanceStyleView[]> {
  const rows = await db.select().from(danceStyles).where(eq(danceStyles.hidden, false)).orderBy(asc(danceStyles.position), asc(danceStyles.name), asc(danceStyles.id));
  return rows.map(publicView);
}

const adminColumns = {
  style: danceStyles,
  course_count: courseCount,
  resource_count: resourceCount,
  instructor_count: instructorCount,
};

function adminView(row: { style: StyleRow; course_count: number; resource_count: number; instructor_count: number }): AdminDanceStyleView {
  return {
    ...publicView(row.style),
    course_count: row.course_count,
    resource_count: row.resource_count,
    instructor_count: row.instructor_count,
    in_use: row.course_count + row.resource_count + row.instructor_count > 0,
  };
}

export async function listAdminStyles(db: Db): Promise<AdminDanceStyleView[]> {
  const rows = await db.select(adminColumns).from(danceStyles).orderBy(asc(danceStyles.position), asc(danceStyles.name), asc(danceStyles.id));
  return rows.map(adminView);
}

export async function getAdminStyle(db: Db, id: number): Promise<AdminDanceStyleView> {
  const [row] = await db.select(adminColumns).from(danceStyles).where(eq(danceStyles.id, id));
  if (!row) throw notFound(STYLE_NOT_FOUND);
  return adminView(row);
}

function rethrowDuplicate(err: unknown): never {
  if (uniqueViolation(err) !== null) throw conflict(STYLE_EXISTS);
  throw err;
}

/** A name or slug another style has (names compare without case; "Hip-Hop" and "Hip Hop" share a slug). */
const takenSql = (name: string, slug: string, exceptId: number) =>
  sql`EXISTS (SELECT 1 FROM ${danceStyles} WHERE (lower(${danceStyles.name}) = lower(${name}) OR ${danceStyles.slug} = ${slug}) AND ${danceStyles.id} <> ${exceptId})`;

export async function createStyle(db: Db, actor: AuditActor, input: CreateStyleInput): Promise<AdminDanceStyleView> {
  const slug = styleSlug(input.name);
  const position = input.position ?? null;
  const [inserted] = (await db
    .batch(
      audited(db, actor, { action: 'dance_style.create', table: danceStyles, id: 'new', summary: `Created the dance style ${input.name}.` }, [
        db
          .insert(danceStyles)
          .select(
            db
              .select(
                insertSelection(danceStyles, {
                  name: input.name,
                  slug,
                  description: input.description ?? '',
                  position: sql`coalesce(${position}, (SELECT coalesce(max(${danceStyles.position}), 0) + 1 FROM ${danceStyles}))`,
                }),
              )
              .from(sql`(SELECT 1) AS one`)
              .where(sql`NOT ${takenSql(input.name, slug, 0)}`),
          )
          .returning({ id: danceStyles.id }),
      ]),
    )
    .catch(rethrowDuplicate)) as [{ id: number }[]];
  if (!inserted[0]) throw conflict(STYLE_EXISTS);
  return getAdminStyle(db, inserted[0].id);
}

export async function updateStyle(db: Db, actor: AuditActor, id: number, input: UpdateStyleInput): Promise<AdminDanceStyleView> {
  const [current] = await db.select().from(danceStyles).where(eq(danceStyles.id, id));
  if (!current) throw notFound(STYLE_NOT_FOUND);
  const renaming = input.name !== undefined && input.name !== current.name;
  // Only what the input names changes (a key left undefined is no part of the UPDATE).
  const sets: SQLiteUpdateSetSource<typeof danceStyles> = { updatedAt: sqlNow, description: input.description, hidden: input.hidden, position: input.position };
  const what = [renaming ? `renamed it ${input.name}` : '', input.hidden === true ? 'hid it' : input.hidden === false ? 'showed it' : '', input.description !== undefined ? 'changed its description' : '', input.position !== undefined ? `moved it to position ${input.position}` : '']
    .filter(Boolean)
    .join(', ');
  const target = { action: 'dance_style.update', table: danceStyles, id, summary: `Dance style ${current.name}: ${what || 'saved unchanged'}.` };
  if (renaming) {
    const slug = styleSlug(input.name!);
    sets.name = input.name;
    sets.slug = slug;
    const [, updated] = (await db
      .batch(
        audited(db, actor, target, [
          db
            .update(danceStyles)
            .set(sets)
            .where(and(eq(danceStyles.id, id), sql`NOT ${inUseSql(id)}`, sql`NOT ${takenSql(input.name!, slug, id)}`))
            .returning({ id: danceStyles.id }),
        ]),
      )
      .catch(rethrowDuplicate)) as [unknown, { id: number }[]];
    if (!updated[0]) {
      const view = await getAdminStyle(db, id);
      throw conflict(view.in_use ? STYLE_RENAME_IN_USE : STYLE_EXISTS);
    }
  } else {
    await db.batch(audited(db, actor, target, [db.update(danceStyles).set(sets).where(eq(danceStyles.id, id))]));
  }
  return getAdminStyle(db, id);
}

/** Only a style nothing uses (else 409 STYLE_IN_USE): the check is part of the DELETE. */
export async function deleteStyle(db: Db, actor: AuditActor, id: number): Promise<void> {
  const [current] = await db.select({ name: danceStyles.name }).from(danceStyles).where(eq(danceStyles.id, id));
  const [, deleted] = (await db.batch(
    audited(db, actor, { action: 'dance_style.delete', table: danceStyles, id, summary: `Deleted the dance style ${current?.name ?? `#${id}`}.` }, [
      db.all<{ id: number }>(sql`DELETE FROM dance_styles WHERE id = ${id} AND NOT ${inUseSql(id)} RETURNING id`),
    ]),
  )) as [unknown, { id: number }[]];
  if (deleted[0]) return;
  await getAdminStyle(db, id); // 404 when there is no such style
  throw conflict(STYLE_IN_USE);
}

export { STYLE_EXISTS, STYLE_IN_USE };
