import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.ts';
import { createAdminTestApp, expectAdminOnly } from '../../../tests/support/admin-test-app.ts';
import { fetchCsv } from '../../../tests/support/csv-export.ts';
import { createSignedInUser, createUser } from '../../../tests/support/factories.ts';
import { read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { INVALID_CURSOR } from '../schemas/users.ts';
import { AUDIT_CSV_HEADER } from '../services/audit-log.ts';
import { type AuditLogPage } from '../../../shared/audit-log.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;
let ada: { id: number; username: string };
let bob: { id: number; username: string };

beforeAll(async () => {
  ({ t, adminToken, studentToken } = await createAdminTestApp());
  ada = await createUser(t.db, { username: 'audit_ada', roles: ['ADMIN'] });
  bob = await createUser(t.db, { username: 'audit_bob', roles: ['CURRICULUM_ADMIN'] });
  const entry = (actor: { id: number; username: string }, action: string, entity: string, entityId: string, summary: string, createdAt: string, before: object | null, after: object | null) => ({
    actorId: actor.id,
    actorName: actor.username,
    actorRoles: 'ADMIN',
    action,
    entity,
    entityId,
    summary,
    before: before && JSON.stringify(before),
    after: after && JSON.stringify(after),
    createdAt,
  });
  await t.db.insert(auditLog).values([
    entry(ada, 'coupon.update', 'coupons', '7', 'Changed coupon SPRING: percentOff.', '2031-03-01T10:00:00.000Z', { percent_off: 10 }, { percent_off: 25 }),
    entry(ada, 'coupon.create', 'coupons', '8', '=SUM(1) created coupon SUMMER.', '2031-03-02T10:00:00.000Z', null, { code: 'SUMMER' }),
    entry(bob, 'seller.approve', 'seller_profiles', '42', 'Approved the seller Tap Shop (SELLER granted).', '2031-03-03T23:59:00.000Z', { status: 'pending' }, { status: 'approved' }),
    entry(bob, 'resource.reject', 'resources', '9', 'Rejected the resource Waltz basics: blurry scans.', '2031-03-05T08:00:00.000Z', { status: 'submitted' }, { status: 'rejected' }),
  ]);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.json('GET', `/api/admin/audit-log${query}`, undefined, adminToken);
  expect(res.status).toBe(200);
  return read<AuditLogPage>(res);
};
const ids = (page: AuditLogPage) => page.data.map((e) => `${e.action}#${e.entity_id}`);

describe('GET /api/admin/audit-log', () => {
  it('is ADMIN only (audit.read)', async () => {
    const { token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const sub = await createSignedInUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] });
    await expectAdminOnly(t, 'GET', '/api/admin/audit-log', undefined, studentToken, [token, sub.token]);
    await expectAdminOnly(t, 'GET', '/api/admin/audit-log/export.csv', undefined, studentToken, [token, sub.token]);
  });

  it('answers newest first with labels and parsed snapshots, paged', async () => {
    const page = await list('?from=2031-01-01&pageSize=2');
    expect(page.total).toBe(4);
    expect(ids(page)).toEqual(['resource.reject#9', 'seller.approve#42']);
    expect(page.data[1]).toMatchObject({ actor_id: bob.id, actor_name: 'audit_bob', action_label: 'Seller approved', entity: 'seller_profiles', before: { status: 'pending' }, after: { status: 'approved' } });
    expect(ids(await list('?from=2031-01-01&pageSize=2&page=2'))).toEqual(['coupon.create#8', 'coupon.update#7']);
  });

  it('walks its pages by the tokens each page answers, from either end, ties in time broken by id', async () => {
    const walker = await createUser(t.db, { username: 'audit_walker' });
    const at = (n: number) => `2032-01-0${n}T09:00:00.000Z`;
    // Seven entries, three of them written in the same millisecond.
    const times = [at(1), at(2), at(3), at(3), at(3), at(4), at(5)];
    const written = await t.db
      .insert(auditLog)
      .values(times.map((createdAt, i) => ({ actorId: walker.id, actorName: 'audit_walker', actorRoles: 'ADMIN', action: 'walk.step', entity: 'walks', entityId: String(i), summary: `Step ${i}`, createdAt })))
      .returning({ id: auditLog.id });
    const newestFirst = written.map((w, i) => ({ id: w.id, at: times[i]! })).sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).map((w) => w.id);
    const query = '?action=walk.step&pageSize=3';
    const numbered = await Promise.all([1, 2, 3].map((n) => list(`${query}&page=${n}`)));
    expect(numbered.map((p) => p.data.map((e) => e.id))).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3, 6), newestFirst.slice(6)]);
    expect(numbered.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(numbered[0]!.prev).toBeNull();
    expect(numbered[2]!.next).toBeNull();

    const forward = [numbered[0]!];
    while (forward.at(-1)!.next) forward.push(await list(`${query}&after=${forward.at(-1)!.next}`));
    expect(forward.map((p) => p.data.map((e) => e.id))).toEqual(numbered.map((p) => p.data.map((e) => e.id)));
    expect(forward.map((p) => p.page)).toEqual([1, 2, 3]);

    const backward = [numbered[2]!];
    while (backward.at(-1)!.prev) backward.push(await list(`${query}&before=${backward.at(-1)!.prev}`));
    expect(backward.map((p) => p.data.map((e) => e.id)).reverse()).toEqual(numbered.map((p) => p.data.map((e) => e.id)));
    expect(backward.map((p) => p.page)).toEqual([3, 2, 1]);
    expect(backward.at(-1)).toMatchObject({ prev: null, total: 7 });

    expect(await list(`${query}&page=4`)).toMatchObject({ data: [], page: 4, total: 7, next: null, prev: null });
  });

  it('searches the summaries by words or their beginnings, newest written first, page by page', async () => {
    const searcher = await createUser(t.db, { username: 'audit_searcher' });
    // Written in time order, as the log is: the latest written is the newest.
    const written = await t.db
      .insert(auditLog)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          actorId: searcher.id,
          actorName: 'audit_searcher',
          actorRoles: 'ADMIN',
          action: i % 2 ? 'quill.odd' : 'quill.even',
          entity: 'quills',
          entityId: String(i),
          summary: `Sharpened the quillpen number ${i} (Größe ${i}).`,
          createdAt: `2033-01-0${i + 1}T10:00:00.000Z`,
        })),
      )
      .returning({ id: auditLog.id });
    const newestFirst = written.map((w) => w.id).reverse();
    const idsOf = (page: AuditLogPage) => page.data.map((e) => e.id);

    // Any case, a word's beginning, accents folded, words in any order.
    expect(idsOf(await list('?q=QUILL'))).toEqual(newestFirst);
    expect(idsOf(await list('?q=grosse'))).toEqual([]);
    expect(idsOf(await list('?q=große sharpen'))).toEqual(newestFirst);
    expect(idsOf(await list('?q=quillpen 3'))).toEqual([written[3]!.id]);
    // Not the middle of a word; characters that are no part of a word match nothing.
    expect(idsOf(await list('?q=uillpen'))).toEqual([]);
    expect(await list(`?q=${encodeURIComponent('%% "" *')}`)).toMatchObject({ data: [], total: 0 });
    expect(await list(`?q=${encodeURIComponent('quill" OR "x')}`)).toMatchObject({ data: [], total: 0 });
    // With the other filters.
    expect(idsOf(await list('?q=quillpen&action=quill.odd'))).toEqual([written[3]!.id, written[1]!.id]);
    expect(idsOf(await list('?q=quillpen&actor=udit_search&from=2033-01-02&to=2033-01-04'))).toEqual([written[3]!.id, written[2]!.id, written[1]!.id]);

    const query = '?q=quillpen&pageSize=2';
    const numbered = await Promise.all([1, 2, 3].map((n) => list(`${query}&page=${n}`)));
    expect(numbered.map(idsOf)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    expect(numbered.map((p) => p.total)).toEqual([5, 5, 5]);
    const forward = [numbered[0]!];
    while (forward.at(-1)!.next) forward.push(await list(`${query}&after=${forward.at(-1)!.next}`));
    expect(forward.map(idsOf)).toEqual(numbered.map(idsOf));
    const backward = [numbered[2]!];
    while (backward.at(-1)!.prev) backward.push(await list(`${query}&before=${backward.at(-1)!.prev}`));
    expect(backward.map(idsOf).reverse()).toEqual(numbered.map(idsOf));
  });

  it('refuses a page token it did not write, or two at once', async () => {
    const first = await list('?pageSize=1');
    for (const query of ['?after=not-a-token', `?after=${btoa('["x",1]')}`, `?after=${first.next}&before=${first.next}`]) {
      const res = await t.json('GET', `/api/admin/audit-log${query}`, undefined, adminToken);
      expect(res.status, query).toBe(400);
      const body = await read<ErrorBody>(res);
      expect(body.message, query).toMatch(query.includes('&before') ? 'not both' : INVALID_CURSOR);
    }
  });

  it('filters by actor (id or part of the name), action, entity, entity id, days and summary words', async () => {
    expect(ids(await list(`?actor=${bob.id}`))).toEqual(['resource.reject#9', 'seller.approve#42']);
    expect(ids(await list('?actor=udit_ad&from=2031-01-01'))).toEqual(['coupon.create#8', 'coupon.update#7']);
    expect(ids(await list('?action=coupon.update'))).toEqual(['coupon.update#7']);
    expect(ids(await list('?entity=seller_profiles'))).toEqual(['seller.approve#42']);
    expect(ids(await list('?entity=coupons&entityId=8'))).toEqual(['coupon.create#8']);
    // Days are whole UTC days, both ends included.
    expect(ids(await list('?from=2031-03-02&to=2031-03-03'))).toEqual(['seller.approve#42', 'coupon.create#8']);
    expect(ids(await list('?q=blurry waltz'))).toEqual(['resource.reject#9']);
    expect(ids(await list('?q=100%25'))).toEqual([]);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['?from=yesterday', '?to=2031-02-30x', '?from=2031-03-05&to=2031-03-01', '?page=0', `?actor=${'x'.repeat(101)}`]) {
      const res = await t.json('GET', `/api/admin/audit-log${query}`, undefined, adminToken);
      expect(res.status, query).toBe(400);
      expect((await read<ErrorBody>(res)).message).toBeTruthy();
    }
  });

  it('records a real admin action that the viewer then finds', async () => {
    const res = await t.json('POST', '/api/admin/coupons', { code: 'VIEWERFIND', discountType: 'percent', percentOff: 30 }, adminToken);
    expect(res.status).toBe(201);
    const page = await list('?action=coupon.create&q=VIEWERFIND');
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ summary: 'Created coupon VIEWERFIND.', before: null, after: { code: 'VIEWERFIND', percent_off: 30 } });
  });
});

describe('GET /api/admin/audit-log/export.csv', () => {
  it('exports the filtered entries with their changes; a formula-like summary is defused', async () => {
    const { header, rows } = await fetchCsv(t, '/api/admin/audit-log/export.csv?actor=audit_ada', adminToken, 'audit-log');
    expect(header).toEqual(AUDIT_CSV_HEADER);
    expect(rows.map((r) => r[5])).toEqual(['coupon.create', 'coupon.update']);
    const update = rows[1]!;
    expect(update[10]).toBe('percent_off: 10 → 25');
    expect(rows[0]![9]).toBe("'=SUM(1) created coupon SUMMER.");
  });
});
