import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, sellerProfiles } from '../../db/schema/index.ts';
import { FACET_COUNT_CAP } from '../../worker/src/services/store/facets.ts';
import { sellerIsPublic } from '../../worker/src/services/store/resource-views.ts';
import type { ResourceList } from '../../shared/store/views.ts';
import { makeResource, makeSeller } from '../support/store-factories.ts';
import { createTestApp, read, type TestApp } from '../support/test-app.ts';

/**
 * The store's facets narrow with the view's other filters (decision 0064): with an age group
 * chosen, the styles count only that age group's listed resources — the same figures as a
 * recount — while the age groups keep the store's own totals; counts stop at FACET_COUNT_CAP.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const a = await makeSeller(t.db);
  const b = await makeSeller(t.db);
  const styles = ['Ballet', 'Jazz', 'Tap', 'Hip Hop'] as const;
  const ages = ['Children (5-8)', 'Teen (13-17)', 'Adult (18+)'] as const;
  for (let i = 0; i < 24; i++) {
    await makeResource(t.db, {
      sellerId: i % 2 ? a.user.id : b.user.id,
      danceStyle: styles[i % styles.length],
      ageGroup: ages[i % ages.length],
      level: i % 5 === 0 ? 'Advanced' : 'Beginner',
      priceCents: i % 3 === 0 ? 0 : 1500,
      // A few that are not listed: drafts, and one seller suspended below.
      status: i % 7 === 6 ? 'draft' : 'published',
    });
  }
  await t.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, b.user.id));
});
afterAll(() => t.close());

const listed = and(eq(resources.status, 'published'), sellerIsPublic());

async function recountStyles(...where: ReturnType<typeof eq>[]) {
  const rows = await t.db
    .select({ style: resources.danceStyle, n: count() })
    .from(resources)
    .where(and(listed, ...where))
    .groupBy(resources.danceStyle);
  return Object.fromEntries(rows.map((r) => [r.style, r.n]));
}
const nonZero = (facet: { value: string; count: number }[]) => Object.fromEntries(facet.filter((f) => f.count > 0).map((f) => [f.value, f.count]));

describe('narrowed facet counts', () => {
  it('an age group chosen: the style counts are that age group’s recount; the age groups stay whole', async () => {
    const whole = await read<ResourceList>(await t.request('/api/resources'));
    expect(whole.facets.count_cap).toBeUndefined();
    const teen = await read<ResourceList>(await t.request(`/api/resources?age_group=${encodeURIComponent('Teen (13-17)')}`));
    expect(nonZero(teen.facets.dance_style)).toEqual(await recountStyles(eq(resources.ageGroup, 'Teen (13-17)')));
    expect(nonZero(teen.facets.dance_style)).not.toEqual(nonZero(whole.facets.dance_style));
    expect(teen.facets.age_group).toEqual(whole.facets.age_group);
    expect(teen.facets.count_cap).toBe(FACET_COUNT_CAP);
    // The totals shown add up to the list's total.
    expect(teen.facets.dance_style.reduce((n, f) => n + f.count, 0)).toBe(teen.total);
  });

  it('two filters: each facet counts what the other one keeps', async () => {
    const view = await read<ResourceList>(await t.request(`/api/resources?age_group=${encodeURIComponent('Adult (18+)')}&price=free`));
    expect(nonZero(view.facets.dance_style)).toEqual(await recountStyles(eq(resources.ageGroup, 'Adult (18+)'), eq(resources.priceCents, 0)));
    const [free] = await t.db.select({ n: count() }).from(resources).where(and(listed, eq(resources.priceCents, 0), eq(resources.ageGroup, 'Teen (13-17)')));
    expect(view.facets.age_group.find((f) => f.value === 'Teen (13-17)')!.count).toBe(free!.n);
    const [paid] = await t.db.select({ n: count() }).from(resources).where(and(listed, gt(resources.priceCents, 0), eq(resources.ageGroup, 'Adult (18+)')));
    expect(view.facets.price.paid).toBe(paid!.n);
  });

  it('a count stops at the cap; a search keeps the store\'s own counts', async () => {
    const seller = await makeSeller(t.db);
    const many = Array.from({ length: FACET_COUNT_CAP + 5 }, (_, i) => ({
      sellerId: seller.user.id,
      title: `Swing drill ${i}`,
      description: 'Swing out.',
      danceStyle: 'Swing' as const,
      ageGroup: 'Senior (55+)' as const,
      level: 'Intermediate' as const,
      priceCents: 500,
      status: 'published' as const,
      publishedAt: new Date().toISOString(),
    }));
    for (let i = 0; i < many.length; i += 200) await t.db.insert(resources).values(many.slice(i, i + 200));
    const view = await read<ResourceList>(await t.request(`/api/resources?level=Intermediate`));
    expect(view.facets.dance_style.find((f) => f.value === 'Swing')!.count).toBe(FACET_COUNT_CAP);
    expect(view.facets.count_cap).toBe(FACET_COUNT_CAP);
    // Under a search a count would walk every entry of its value (half a second on a large store):
    // the facets stay the store's running totals.
    const searched = await read<ResourceList>(await t.request(`/api/resources?q=${encodeURIComponent('drill 7')}`));
    const unfiltered = await read<ResourceList>(await t.request('/api/resources'));
    expect(searched.facets.dance_style).toEqual(unfiltered.facets.dance_style);
    expect(searched.facets.age_group).toEqual(unfiltered.facets.age_group);
  });

  it('each narrowed count reads the facets index, never the rows', async () => {
    const plan = await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT count(*) FROM (SELECT 1 FROM resources
      WHERE status = 'published' AND dance_style = 'Ballet' AND age_group = 'Teen (13-17)' AND ${sellerIsPublic()} LIMIT 1000)`);
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/resources USING COVERING INDEX resources_status_facets_idx/);
  });
});
