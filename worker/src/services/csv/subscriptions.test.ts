import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser, createUser } from '../../../../tests/support/factories.ts';
import { insertSubscription } from '../../../../tests/support/subscription-rows.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import type { AdminSubscriptionRow } from '../subscriptions/admin.ts';
import { SUBSCRIPTIONS_CSV_HEADER } from './subscriptions.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  ({ t, adminToken, studentToken } = await createAdminTestApp());
});
afterAll(() => t.close());

const PATH = '/api/admin/subscriptions/export.csv';

describe('GET /api/admin/subscriptions/export.csv', () => {
  it("exports every subscription the list's filters select, across pages, in the list's order", async () => {
    const tag = `sx${Date.now().toString(36)}`;
    const tricky = await createUser(t.db, { firstName: TRICKY(tag), lastName: 'Smith' });
    const trickySub = await insertSubscription(t.db, tricky.id, { plan: 'premium', interval: 'year', cancelAtPeriodEnd: true });
    for (let i = 0; i < 3; i++) {
      const u = await createUser(t.db, { lastName: `${tag}-${i}` });
      await insertSubscription(t.db, u.id, { plan: 'premium', interval: 'year' });
      await insertSubscription(t.db, u.id, { plan: 'educator', interval: 'year', status: 'canceled' }); // another plan
    }
    const monthly = await createUser(t.db, { lastName: `${tag}-monthly` });
    await insertSubscription(t.db, monthly.id, { plan: 'premium', interval: 'month' }); // another interval

    const filters = `q=${tag}&plan=premium&interval=year`;
    const listed = await listAll<AdminSubscriptionRow>(t, `/api/admin/subscriptions?${filters}`, adminToken);
    expect(listed).toHaveLength(4);
    expect(await listTotal(t, `/api/admin/subscriptions?${filters}`, adminToken)).toBe(4);

    const { header, rows } = await fetchCsv(t, `${PATH}?${filters}&page=2&pageSize=1`, adminToken, 'subscriptions');
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

    const canceled = await fetchCsv(t, `${PATH}?q=${tag}&status=canceled`, adminToken, 'subscriptions');
    expect(canceled.rows).toHaveLength(3);
    expect(canceled.rows.every((r) => r[canceled.header.indexOf('Plan')] === 'Educator')).toBe(true);
  });

  it('is ADMIN only (subscriptions.manage), and a bad filter is a 400', async () => {
    expect((await t.json('GET', PATH)).status).toBe(401);
    expect((await t.json('GET', PATH, undefined, studentToken)).status).toBe(403);
    const curriculumAdmin = (await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
    expect((await t.json('GET', PATH, undefined, curriculumAdmin)).status).toBe(403);
    const bad = await t.json('GET', `${PATH}?status=sleeping`, undefined, adminToken);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ validationErrors: { status: ['Unknown status'] } });
    expect((await t.json('GET', `${PATH}?interval=week`, undefined, adminToken)).status).toBe(400);
  });
});
