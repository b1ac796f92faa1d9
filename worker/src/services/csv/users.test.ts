import { describe, expect, it } from 'vitest';
import { expectAdminOnly, useAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { expectBadFilter, fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser, createUser } from '../../../../tests/support/factories.ts';
import type { UserView } from '../../../../shared/users.ts';
import { USERS_CSV_HEADER } from './users.ts';

const app = useAdminTestApp();

describe('GET /api/users/export.csv', () => {
  it("exports every user the list's filters select, across pages, in the list's order, with tricky text intact and disarmed", async () => {
    const tag = `ux${Date.now().toString(36)}`;
    const tricky = await createUser(app.t.db, { firstName: TRICKY(tag), lastName: 'Smith', roles: ['SELLER', 'STUDENT'] });
    for (let i = 0; i < 3; i++) await createUser(app.t.db, { lastName: `${tag}-${i}`, roles: ['SELLER'] });
    await createUser(app.t.db, { lastName: `${tag}-student`, roles: ['STUDENT'] }); // filtered out by the role
    await createUser(app.t.db, { lastName: 'Someone else', roles: ['SELLER'] }); // filtered out by the search

    const filters = `search=${tag}&role=SELLER`;
    const listed = await listAll<UserView>(app.t, `/api/users?${filters}`, app.adminToken);
    expect(listed).toHaveLength(4);
    expect(await listTotal(app.t, `/api/users?${filters}&pageSize=1`, app.adminToken)).toBe(4);

    // A page in the query is the list's, and ignored: the export holds every page.
    const { header, rows } = await fetchCsv(app.t, `/api/users/export.csv?${filters}&page=3&pageSize=1`, app.adminToken, 'users');
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
    const none = await fetchCsv(app.t, '/api/users/export.csv?search=nobody-has-this-name', app.adminToken, 'users');
    expect(none.rows).toEqual([]);
    const all = await fetchCsv(app.t, '/api/users/export.csv', app.adminToken, 'users');
    expect(all.rows).toHaveLength(await listTotal(app.t, '/api/users', app.adminToken));
  });

  it('is for holders of users.list only, and a bad filter is a 400', async () => {
    const curriculumAdmin = (await createSignedInUser(app.t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
    await expectAdminOnly(app.t, 'GET', '/api/users/export.csv', undefined, app.studentToken, [curriculumAdmin]);
    await expectBadFilter(app.t, '/api/users/export.csv?role=EMPEROR', app.adminToken, { role: ['Unknown role'] });
  });
});
