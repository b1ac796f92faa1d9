import { and, asc, eq, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { categories } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { categoryNameSchema } from '../schemas/courses.ts';
import { idParamSchema } from '../schemas/users.ts';
import { audited } from '../services/audit.ts';
import { uniqueViolation } from '../services/db-errors.ts';
import { cachePublic } from '../http/public-cache.ts';
import { categoryKindQuerySchema } from '../schemas/store.ts';
import { listResourceCategories } from '../services/store/resource-reads.ts';

export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_EXISTS = 'A category with this name already exists';

export interface CategoryView {
  id: number;
  name: string;
  /** Courses in any status that use it (what blocks deleting it). */
  course_count: number;
  /** Published courses that use it (what the catalog's filter shows). */
  published_course_count: number;
}

/** Categories shape the public catalogue: categories.manage (ADMIN's, decision 0013). */
const categoryManagers = requirePermission('categories.manage');

const courseCount = sql<number>`(SELECT count(*) FROM courses c WHERE c.category_id = categories.id)`.mapWith(Number);
const publishedCount = sql<number>`(SELECT count(*) FROM courses c WHERE c.category_id = categories.id AND c.status = 'published')`.mapWith(
  Number,
);

async function loadCategory(db: Db, id: number): Promise<CategoryView | null> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, course_count: courseCount, published_course_count: publishedCount })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

/** The other categories, as the writes' subqueries read them. */
const other = alias(categories, 'other');

/** The categories (but `exceptId`) named `name` without regard to case: the writes' guard. */
const namedLike = (db: Db, name: string, exceptId?: number) =>
  db
    .select({ one: sql`1` })
    .from(other)
    .where(and(sql`lower(${other.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(other.id, exceptId)));

/** The position after the last category's: a new one goes last. */
const nextPosition = (db: Db) => sql<number>`${db.select({ next: sql`coalesce(max(${other.position}), -1) + 1` }).from(other)}`;

/** A name taken by another category, compared without regard to case, is a 409. */
function rethrowDuplicate(err: unknown): never {
  if (uniqueViolation(err) !== null) throw conflict(CATEGORY_EXISTS);
  throw err;
}

/**
 * The dance class categories of courses. Names are unique without regard to case: the check is
 * inside each write (INSERT … WHERE NOT EXISTS, UPDATE … WHERE NOT EXISTS), and the column's
 * unique index catches an exact duplicate that races past it.
 */
export const categoriesRoutes = new Hono<AppContext>()
  .get('/categories', validate('query', categoryKindQuerySchema), async (c) => {
    // ?kind=resource: the curriculum store's categories (decision 0029), cached with the store.
    if (c.req.valid('query').kind === 'resource') {
      cachePublic(c, 'store');
      return c.json({ data: await listResourceCategories(c.get('platform').db) }, 200);
    }
    cachePublic(c, 'catalog');
    const rows: CategoryView[] = await c
      .get('platform')
      .db.select({ id: categories.id, name: categories.name, course_count: courseCount, published_course_count: publishedCount })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
    return c.json({ data: rows }, 200);
  })
  .post('/categories', categoryManagers, validate('json', categoryNameSchema), async (c) => {
    const db = c.get('platform').db;
    const { name } = c.req.valid('json');
    const [inserted] = (await db
      .batch(
        audited(db, signedInUser(c), { action: 'category.create', table: categories, id: 'new', summary: `Created the course category ${name}.` }, [
          db
            .insert(categories)
            .select(
              db
                .select(insertSelection(categories, { name, position: nextPosition(db) }))
                .from(sql`(SELECT 1)`)
                .where(notExists(namedLike(db, name))),
            )
            .returning({ id: categories.id }),
        ]),
      )
      .catch(rethrowDuplicate)) as [{ id: number }[]];
    if (!inserted[0]) throw conflict(CATEGORY_EXISTS);
    const view = await loadCategory(db, inserted[0].id);
    if (!view) throw notFound(CATEGORY_NOT_FOUND);
    return c.json(view, 201);
  })
  .patch('/categories/:id', categoryManagers, validate('param', idParamSchema), validate('json', categoryNameSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const [, updated] = (await db
      .batch(
        audited(db, signedInUser(c), { action: 'category.update', table: categories, id, summary: `Renamed course category #${id} to ${name}.` }, [
          db
            .update(categories)
            .set({ name })
            .where(and(eq(categories.id, id), notExists(namedLike(db, name, id))))
            .returning({ id: categories.id }),
        ]),
      )
      .catch(rethrowDuplicate)) as [unknown, { id: number }[]];
    if (!updated[0]) {
      if (!(await loadCategory(db, id))) throw notFound(CATEGORY_NOT_FOUND);
      throw conflict(CATEGORY_EXISTS);
    }
    const view = await loadCategory(db, id);
    if (!view) throw notFound(CATEGORY_NOT_FOUND);
    return c.json(view, 200);
  })
  /** Only a category no course uses (else 409): the check is part of the DELETE. */
  .delete('/categories/:id', categoryManagers, validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const found = await loadCategory(db, id);
    const [, deleted] = (await db.batch(
      audited(db, signedInUser(c), { action: 'category.delete', table: categories, id, summary: `Deleted the course category ${found?.name ?? `#${id}`}.` }, [
        db.all<{ id: number }>(sql`DELETE FROM categories WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM courses WHERE category_id = ${id}) RETURNING id`),
      ]),
    )) as [unknown, { id: number }[]];
    if (!deleted[0]) {
      const view = await loadCategory(db, id);
      if (!view) throw notFound(CATEGORY_NOT_FOUND);
      throw conflict(`Category is in use by ${view.course_count} course(s)`);
    }
    return c.json({ message: 'Category deleted successfully' }, 200);
  });
