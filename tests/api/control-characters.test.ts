import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, courses, resourceCategories, sellerProfiles, users } from '../../db/schema/index.ts';
import { createSignedInUser, uniqueUsername } from '../support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Single-line text (names, titles, store and category names) refuses line breaks and other
 * control characters with 400 and the field's message, writing nothing; multi-line text
 * (descriptions) keeps its line breaks (decision 0058).
 */
const SINGLE_LINE = 'Must not contain line breaks or control characters';
const MULTI_LINE = 'Must not contain control characters';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { roles: ['ADMIN'] });
});
afterAll(() => t.close());

const rows = async (table: typeof courses | typeof categories | typeof users | typeof sellerProfiles | typeof resourceCategories) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

/** 400, the message on the field (and as the answer's message), and the table unchanged. */
async function refused(res: Response, field: string, message = SINGLE_LINE) {
  expect(res.status).toBe(400);
  const body = await read<ErrorBody>(res);
  expect(body.message).toBe(message);
  expect(body.validationErrors?.[field]).toContain(message);
}

describe('control characters in single-line text', () => {
  for (const [name, value] of [
    ['LF', 'Salsa\nSet-Cookie: x=1'],
    ['CR', 'Salsa\rbasics'],
    ['CRLF', 'Salsa\r\nbasics'],
    ['tab', 'Salsa\tbasics'],
    ['NUL', 'Salsa\u0000basics'],
    ['escape', 'Salsa\u001b[31mbasics'],
    ['DEL', 'Salsa\u007fbasics'],
    ['C1 NEL', 'Salsa\u0085basics'],
  ] as const) {
    it(`refuses ${name} in a course title, a registration name, a store name, a category name and a profile name`, async () => {
      const before = { courses: await rows(courses), users: await rows(users), sellers: await rows(sellerProfiles), categories: await rows(categories), resourceCategories: await rows(resourceCategories) };

      await refused(await t.json('POST', '/api/courses', { title: value, description: 'A course for dance teachers.', price: '0' }, admin.token), 'title');
      await refused(await t.json('POST', '/api/register', { username: uniqueUsername('ctl'), password: 'a-good-password', first_name: value }), 'first_name');
      const applicant = await createSignedInUser(t.db);
      await refused(
        await t.json('POST', '/api/sellers/apply', { store_name: value, bio: 'I teach ballet and tap to children and adults.' }, applicant.token),
        'store_name',
      );
      await refused(await t.json('POST', '/api/categories', { name: value }, admin.token), 'name');
      await refused(await t.json('POST', '/api/resource-categories', { name: value }, admin.token), 'name');
      const profile = await createSignedInUser(t.db);
      await refused(await t.json('PATCH', '/api/me', { first_name: value }, profile.token), 'first_name');
      const [row] = await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, profile.user.id));
      expect(row!.firstName).toBe(profile.user.firstName);

      // Nothing was written (the two users above are the test's own accounts).
      expect({ courses: await rows(courses), users: (await rows(users)) - 2, sellers: await rows(sellerProfiles), categories: await rows(categories), resourceCategories: await rows(resourceCategories) }).toEqual(before);
    });
  }

  it('keeps line breaks and tabs in multi-line text, and refuses its other control characters', async () => {
    const description = 'Warm-up:\n\t- pliés\r\n\t- tendus';
    const created = await t.json('POST', '/api/courses', { title: 'Ballet basics', description, price: '0' }, admin.token);
    expect(created.status).toBe(201);
    const { id } = await read<{ id: number }>(created);
    const [row] = await t.db.select({ description: courses.description }).from(courses).where(eq(courses.id, id));
    expect(row!.description).toBe(description);

    await refused(await t.json('POST', '/api/courses', { title: 'Ballet basics', description: 'Warm-up\u0007 and stretches', price: '0' }, admin.token), 'description', MULTI_LINE);
  });

  it('still accepts ordinary text, accents and emoji included', async () => {
    const res = await t.json('POST', '/api/categories', { name: `Danse contemporaine ${Date.now()} ✨` }, admin.token);
    expect(res.status).toBe(201);
  });
});
