import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser, createUser } from '../../../../tests/support/factories.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import type { UserView } from '../users.ts';
import { USERS_CSV_HEADER } from './users.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  ({ t, adminToken, studentToken } = await createAdminTestApp());
});
afterAll(() => t.close());

describe('GET /api/users/export.csv', () => {
  it("exports every user the list's filters select, across pages, in the list's order, with tricky text intact and disarmed", async () => {
    const tag = `ux${Date.now().toString(36)}`;
    const tricky = await createUser(t.db, { firstName: TRICKY(tag), lastName: 'Smith', roles: ['SELLER', 'STUDENT'] });
    for (let i = 0; i < 3; i++) await createUser(t.db, { lastName: `${tag}-${i}`, roles: ['SELLER'] });
    await createUser(t.db, { lastName: `${tag}-student`, roles: ['STUDENT'] }); // filtered out by the role
    await createUser(t.db, { lastName: 'Someone else', roles: ['SELLER'] }); // filtered out by the search

    const filters = `search=${tag}&role=SELLER`;
    const listed = await listAll<UserView>(t, `/api/users?${filters}`, adminToken);
    expect(listed).toHaveLength(4);
    expect(await listTotal(t, `/api/users?${filters}&pageSize=1`, adminToken)).toBe(4);

    // A page in the query is the list's, and ignored: the export holds every page.
    const { header, rows } = await fetchCsv(t, `/api/users/export.csv?${filters}&page=3&pageSize=1`, adminToken, 'users');
    expect(header).toEqual(USERS_CSV_HEADER);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((u) => u.id));

    const row = rows.find((r) => Number(r[0]) === tricky.id)!;
    expect(row).toEqual([
      String(tricky.id),
      tricky.username,
      TRICKY_READ(tag),
      'Smith',
      tricky.email!,
      'SELLER; STUDENT',
      'yes',
      'free',
      '',
      '',
      tricky.createdAt,
    ]);
  });

  it('exports only the header for no match, and every user without filters', async () => {
    const none = await fetchCsv(t, '/api/users/export.csv?search=nobody-has-this-name', adminToken, 'users');
    expect(none.rows).toEqual([]);
    const all = await fetchCsv(t, '/api/users/export.csv', adminToken, 'users');
    expect(all.rows).toHaveLength(await listTotal(t, '/api/users', adminToken));
  });

  it('is for holders of users.list only, and a bad filter is a 400', async () => {
    expect((await t.json('GET', '/api/users/export.csv')).status).toBe(401);
    expect((await t.json('GET', '/api/users/export.csv', undefined, studentToken)).status).toBe(403);
    const curriculumAdmin = (await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
    expect((await t.json('GET', '/api/users/export.csv', undefined, curriculumAdmin)).status).toBe(403);
    const bad = await t.json('GET', '/api/users/export.csv?role=EMPEROR', undefined, adminToken);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ validationErrors: { role: ['Unknown role'] } });
  });
});
