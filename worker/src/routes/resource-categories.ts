import { and, eq, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { resourceCategories } from '../../../db/schema/index.ts';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { createResourceCategorySchema, updateResourceCategorySchema } from '../schemas/store.ts';
import { idParamSchema } from '../schemas/users.ts';
import { audited } from '../services/audit.ts';
import { uniqueViolation } from '../services/db-errors.ts';
import { listResourceCategories } from '../services/store/resource-reads.ts';
import { type ResourceCategoryView } from '../../../shared/store/resource-reads.ts';

/**
 * The store's resource categories (lesson plans, syllabi, music lists …), managed by
 * resource_categories.manage holders; read by everyone through GET /api/categories?kind=resource.
 * Names are unique without regard to case (the check is in each write; the lower(name) unique
 * index settles a race). A category some resource uses is not deleted: 409 with how many use it
 * (rather than setting theirs to none, which would silently unfile published resources and
 * change the store's facets behind the sellers' backs).
 */

export const RESOURCE_CATEGORY_NOT_FOUND = 'Category not found';
export const RESOURCE_CATEGORY_EXISTS = 'A category with this name already exists';

const categoryManagers = requirePermission('resource_categories.manage');

async function categoryView(db: Db, id: number): Promise<ResourceCategoryView> {
  const view = (await listResourceCategories(db)).find((c) => c.id === id);
  if (!view) throw notFound(RESOURCE_CATEGORY_NOT_FOUND);
  return view;
}

/** The other categories, as the writes' subqueries read them. */
const other = alias(resourceCategories, 'other');

/** The categories (but `exceptId`) named `name` without regard to case: the writes' guard. */
const namedLike = (db: Db, name: string, exceptId?: number) =>
  db
    .select({ one: sql`1` })
    .from(other)
    .where(and(sql`lower(${other.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(other.id, exceptId)));

/** The position after the last category's: a new one goes last unless it names its own. */
const nextPosition = (db: Db) => sql<number>`${db.select({ next: sql`coalesce(max(${other.position}), -1) + 1` }).from(other)}`;

function duplicate(err: unknown): never {
  if (uniqueViolation(err) !== null) throw conflict(RESOURCE_CATEGORY_EXISTS);
  throw err;
}

export const resourceCategoriesRoutes = new Hono<AppContext>()
  .post('/resource-categories', categoryManagers, validate('json', createResourceCategorySchema), async (c) => {
    const { db } = c.get('platform');
    const { name, description, position } = c.req.valid('json');
    const [inserted] = (await db
      .batch(
        audited(db, signedInUser(c), { action: 'resource_category.create', table: resourceCategories, id: 'new', summary: `Created the resource category ${name}.` }, [
          db
            .insert(resourceCategories)
            .select(
              db
                .select(insertSelection(resourceCategories, { name, description: description ?? '', position: position ?? nextPosition(db) }))
                .from(sql`(SELECT 1)`)
                .where(notExists(namedLike(db, name))),
            )
            .returning({ id: resourceCategories.id }),
        ]),
      )
      .catch(duplicate)) as [{ id: number }[]];
    if (!inserted[0]) throw conflict(RESOURCE_CATEGORY_EXISTS);
    return c.json(await categoryView(db, inserted[0].id), 201);
  })
  .patch('/resource-categories/:id', categoryManagers, validate('param', idParamSchema), validate('json', updateResourceCategorySchema), async (c) => {
    const { db } = c.get('platform');
    const { id } = c.req.valid('param');
    const { name, description, position } = c.req.valid('json');
    const what = [name !== undefined ? `name ${name}` : '', description !== undefined ? 'description' : '', position !== undefined ? `position ${position}` : ''].filter(Boolean).join(', ');
    const [, updated] = (await db
      .batch(
        audited(db, signedInUser(c), { action: 'resource_category.update', table: resourceCategories, id, summary: `Changed resource category #${id} (${what}).` }, [
          db
            .update(resourceCategories)
            .set({ name, description, position })
            .where(and(eq(resourceCategories.id, id), name !== undefined ? notExists(namedLike(db, name, id)) : undefined))
            .returning({ id: resourceCategories.id }),
        ]),
      )
      .catch(duplicate)) as [unknown, { id: number }[]];
    if (!updated[0]) {
      await categoryView(db, id);
      throw conflict(RESOURCE_CATEGORY_EXISTS);
    }
    return c.json(await categoryView(db, id), 200);
  })
  /** Only a category no resource uses (in any status): the check is part of the DELETE. */
  .delete('/resource-categories/:id', categoryManagers, validate('param', idParamSchema), async (c) => {
    const { db } = c.get('platform');
    const { id } = c.req.valid('param');
    const [found] = await db.select({ name: resourceCategories.name }).from(resourceCategories).where(eq(resourceCategories.id, id));
    const [, deleted] = (await db.batch(
      audited(db, signedInUser(c), { action: 'resource_category.delete', table: resourceCategories, id, summary: `Deleted the resource category ${found?.name ?? `#${id}`}.` }, [
        db.all<{ id: number }>(sql`DELETE FROM resource_categories WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM resources WHERE category_id = ${id}) RETURNING id`),
      ]),
    )) as [unknown, { id: number }[]];
    if (!deleted[0]) {
      const view = await categoryView(db, id);
      throw conflict(`This category is used by ${view.resource_count} resource${view.resource_count === 1 ? '' : 's'}: move them to another category first.`);
    }
    return c.json({ message: 'Category deleted successfully' }, 200);
  });
