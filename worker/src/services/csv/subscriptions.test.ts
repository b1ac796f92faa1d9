import { describe, expect, it } from 'vitest';
import { expectAdminOnly, useAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { expectBadFilter, fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser, createUser } from '../../../../tests/support/factories.ts';
import { insertSubscription } from '../../../../tests/support/subscription-rows.ts';
import type { AdminSubscriptionRow } from '../../../../shared/subscriptions/admin.ts';
import { SUBSCRIPTIONS_CSV_HEADER } from './subscriptions.ts';

const app = useAdminTestApp();

const PATH = '/api/admin/subscriptions/export.csv';

describe('GET /api/admin/subscriptions/export.csv', () => {
  it("exports every subscription the list's filters select, across pages, in the list's order", async () => {
    const tag = `sx${Date.now().toString(36)}`;
    const tricky = await createUser(app.t.db, { firstName: TRICKY(tag), lastName: 'Smith' });
    const trickySub = await insertSubscription(app.t.db, tricky.id, { plan: 'premium', interval: 'year', cancelAtPeriodEnd: true });
    for (let i = 0; i < 3; i++) {
      const u = await createUser(app.t.db, { lastName: `${tag}-${i}` });
      await insertSubscription(app.t.db, u.id, { plan: 'premium', interval: 'year' });
      await insertSubscription(app.t.db, u.id, { plan: 'educator', interval: 'year', status: 'canceled' }); // another plan
    }
    const monthly = await createUser(app.t.db, { lastName: `${tag}-monthly` });
    await insertSubscription(app.t.db, monthly.id, { plan: 'premium', interval: 'month' }); // another interval

    const filters = `q=${tag}&plan=premium&interval=year`;
    const listed = await listAll<AdminSubscriptionRow>(app.t, `/api/admin/subscriptions?${filters}`, app.adminToken);
    expect(listed).toHaveLength(4);
    expect(await listTotal(app.t, `/api/admin/subscriptions?${filters}`, app.adminToken)).toBe(4);

    const { header, rows } = await fetchCsv(app.t, `${PATH}?${filters}&page=2&pageSize=1`, app.adminToken, 'subscriptions');
    expect(header).toEqual(SUBSCRIPTIONS_CSV_HEADER);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((s) => s.id));

    const row = rows.find((r) => Number(r[0]) === trickySub.id)!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Subscriber username')).toBe(tricky.username);
    expect(cell('Subscriber name')).toBe(`${TRICKY_READ(tag)} Smith`);
    expect(cell('Subscriber email')).toBe(tricky.email);
    expect(cell('Plan')).toBe('Premium');
    expect(cell('Interval')).toBe('year');
    expect(cell('Status')).toBe('active');
    expect(cell('Price')).toBe((trickySub.priceCents / 100).toFixed(2));
    expect(cell('Currency')).toBe('USD');
    expect(cell('Cancels at period end')).toBe('yes');
    expect(cell('Current period end (UTC)')).toBe(trickySub.currentPeriodEnd);
    expect(cell('Provider')).toBe('test (no card charged)');
    expect(cell('Provider subscription ID')).toBe(trickySub.providerSubscriptionId);

    const canceled = await fetchCsv(app.t, `${PATH}?q=${tag}&status=canceled`, app.adminToken, 'subscriptions');
    expect(canceled.rows).toHaveLength(3);
    expect(canceled.rows.every((r) => r[canceled.header.indexOf('Plan')] === 'Educator')).toBe(true);
  });

  it('is ADMIN only (subscriptions.manage), and a bad filter is a 400', async () => {
    const curriculumAdmin = (await createSignedInUser(app.t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
    await expectAdminOnly(app.t, 'GET', PATH, undefined, app.studentToken, [curriculumAdmin]);
    await expectBadFilter(app.t, `${PATH}?status=sleeping`, app.adminToken, { status: ['Unknown status'] });
    expect((await app.t.json('GET', `${PATH}?interval=week`, undefined, app.adminToken)).status).toBe(400);
  });
});
