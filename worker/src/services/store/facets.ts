import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { resourceCategories, resources, statTotals } from '../../../../db/schema/index.ts';
import { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS } from '../../../../db/schema/store.ts';
import type { Db } from '../../platform/db.ts';
import { nextTurn } from '../../platform/next-turn.ts';
import { isPublicResource } from './resource-views.ts';
import type { FacetCount, ResourceFacets } from '../../../../shared/store/views.ts';

/**
 * The store's facet counts (decision 0042, decision 0064). With no filter, or only a facet's own,
 * a facet shows the running totals the database keeps per value (`store.*` in stat_totals). Once
 * other filters narrow the list, each facet counts what those other filters leave (a style chosen:
 * the age groups count only that style's resources), each value counted through
 * `resources_status_facets_idx` (index entries, never rows) and stopping at FACET_COUNT_CAP: a
 * count at the cap reads "1,000+".
 */

/** Where a narrowed count stops; the answer says so in `count_cap`. */
export const FACET_COUNT_CAP = 1000;

/** A view's filters, as the facets see them (empty strings: no filter). */
export interface FacetFilters {
  q?: string;
  style?: string;
  age_group?: string;
  level?: string;
  category?: number | '';
  price?: 'free' | 'paid' | '';
  featured?: boolean;
  seller?: number;
}

type Group = 'style' | 'age_group' | 'level' | 'category' | 'price';

/** The whole public store's counts: a few dozen running totals, whatever the store's size. */
export async function storeFacets(db: Db): Promise<ResourceFacets> {
  const [rows, categories] = await Promise.all([
    db
      .select({ metric: statTotals.metric, value: statTotals.value })
      .from(statTotals)
      .where(and(gte(statTotals.metric, 'store.'), lt(statTotals.metric, 'store/'), eq(statTotals.day, ''))),
    categoriesOf(db),
  ]);
  const counts = new Map(rows.map((r) => [r.metric, r.value]));
  const total = (metric: string) => Math.max(0, counts.get(metric) ?? 0);
  const enumFacet = (prefix: string, values: readonly string[]): FacetCount[] => values.map((value) => ({ value, count: total(`store.${prefix}:${value}`) }));
  return {
    dance_style: enumFacet('style', DANCE_STYLES),
    age_group: enumFacet('age', AGE_GROUPS),
    level: enumFacet('level', RESOURCE_LEVELS),
    category: categories.map((c) => ({ id: c.id, value: c.name, count: total(`store.category:${c.id}`) })),
    price: { free: total('store.price:free'), paid: total('store.price:paid') },
  };
}

function categoriesOf(db: Db) {
  return db
    .select({ id: resourceCategories.id, name: resourceCategories.name })
    .from(resourceCategories)
    .orderBy(asc(resourceCategories.position), asc(resourceCategories.name), asc(resourceCategories.id));
}

/** The conditions of every filter but `except`'s own (the search over the words, as the list's). */
function otherFilters(filters: FacetFilters, except: Group | null, search: SQL | undefined): SQL[] {
  const where: SQL[] = [];
  if (search) where.push(search);
  if (except !== 'style' && filters.style) where.push(eq(resources.danceStyle, filters.style as (typeof DANCE_STYLES)[number]));
  if (except !== 'age_group' && filters.age_group) where.push(eq(resources.ageGroup, filters.age_group as (typeof AGE_GROUPS)[number]));
  if (except !== 'level' && filters.level) where.push(eq(resources.level, filters.level as (typeof RESOURCE_LEVELS)[number]));
  if (except !== 'category' && filters.category !== undefined && filters.category !== '') where.push(eq(resources.categoryId, filters.category));
  if (except !== 'price' && filters.price === 'free') where.push(sql`${resources.priceCents} = 0`);
  if (except !== 'price' && filters.price === 'paid') where.push(sql`${resources.priceCents} > 0`);
  if (filters.featured) where.push(eq(resources.featured, true));
  if (filters.seller !== undefined) where.push(eq(resources.sellerId, filters.seller));
  return where;
}

/**
 * The facets of a view: the running totals where no other filter applies to a facet, else each
 * value counted among the resources the other filters keep, up to FACET_COUNT_CAP — a batch of
 * bounded counts per facet, each batch in its own turn of the event loop (a count walks the facets
 * index until its cap: on a large store one facet's counts take milliseconds, all of them together
 * held other requests for over 100 ms). A search over the words keeps the store's own counts: a
 * count under a search walks every entry of the value, not a bounded part (558 ms on 20,000
 * resources).
 */
export async function facetsFor(db: Db, filters: FacetFilters, search?: SQL): Promise<ResourceFacets> {
  const whole = await storeFacets(db);
  if (search) return whole;
  const groups: Group[] = ['style', 'age_group', 'level', 'category', 'price'];
  const narrowedGroups = groups.filter((g) => otherFilters(filters, g, search).length > 0);
  if (narrowedGroups.length === 0) return whole;

  const counts: { group: Group; value: string | number; where: SQL }[] = [];
  for (const group of narrowedGroups) {
    const others = otherFilters(filters, group, search);
    const values: { value: string | number; where: SQL }[] =
      group === 'style'
        ? DANCE_STYLES.map((v) => ({ value: v, where: eq(resources.danceStyle, v) }))
        : group === 'age_group'
          ? AGE_GROUPS.map((v) => ({ value: v, where: eq(resources.ageGroup, v) }))
          : group === 'level'
            ? RESOURCE_LEVELS.map((v) => ({ value: v, where: eq(resources.level, v) }))
            : group === 'category'
              ? whole.category.map((c) => ({ value: c.id, where: eq(resources.categoryId, c.id) }))
              : [
                  { value: 'free', where: sql`${resources.priceCents} = 0` },
                  { value: 'paid', where: sql`${resources.priceCents} > 0` },
                ];
    for (const v of values) counts.push({ group, value: v.value, where: and(isPublicResource, ...others, v.where)! });
  }
  const found = new Map<string, number>();
  for (const group of narrowedGroups) {
    const mine = counts.filter((c) => c.group === group);
    const statements = mine.map((c) =>
      db
        .select({ n: count() })
        .from(db.select({ one: sql`1`.as('one') }).from(resources).where(c.where).limit(FACET_COUNT_CAP).as('matched')),
    );
    await nextTurn();
    const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    mine.forEach((c, i) => found.set(`${c.group}:${c.value}`, Number(results[i]![0]?.n ?? 0)));
  }
  const pick = (group: Group, value: string | number, fallback: number) => found.get(`${group}:${value}`) ?? fallback;
  return {
    dance_style: whole.dance_style.map((f) => ({ value: f.value, count: pick('style', f.value, f.count) })),
    age_group: whole.age_group.map((f) => ({ value: f.value, count: pick('age_group', f.value, f.count) })),
    level: whole.level.map((f) => ({ value: f.value, count: pick('level', f.value, f.count) })),
    category: whole.category.map((f) => ({ ...f, count: pick('category', f.id, f.count) })),
    price: { free: pick('price', 'free', whole.price.free), paid: pick('price', 'paid', whole.price.paid) },
    count_cap: FACET_COUNT_CAP,
  };
}
