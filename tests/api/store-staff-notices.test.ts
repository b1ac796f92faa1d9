import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications } from '../../db/schema/index.ts';
import { createSignedInUser, createUser, uniqueUsername } from '../support/factories.ts';
import { makeResource, makeResourceFile, makeSeller } from '../support/store-factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The store's staff hear of what waits for them (decision 0029): a submitted resource notices every
 * active holder of resources.review, a seller application every holder of sellers.manage — in-app and
 * by email — and nobody else, nor the person who caused it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const noticesOf = (userId: number, kind: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('notices to the store staff', () => {
  it('a submitted resource reaches the reviewers (curriculum admin, officer, admin), not sellers, learners or inactive staff', async () => {
    const [curriculumAdmin, officer, admin, student, inactive] = await Promise.all([
      createUser(t.db, { roles: ['CURRICULUM_ADMIN'] }),
      createUser(t.db, { roles: ['CURRICULUM_OFFICER'] }),
      createUser(t.db, { roles: ['ADMIN'] }),
      createUser(t.db, { roles: ['STUDENT'] }),
      createUser(t.db, { roles: ['CURRICULUM_ADMIN'], isActive: false }),
    ]);
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft', title: `Waltz basics ${uniqueUsername('r')}` });
    await makeResourceFile(t, r.id);
    expect((await t.json('POST', `/api/resources/${r.id}/submit`, undefined, seller.token)).status).toBe(200);

    for (const staff of [curriculumAdmin, officer, admin]) {
      const notices = await noticesOf(staff.id, 'resource_submitted');
      expect(notices.filter((n) => n.body.includes(r.title)), staff.username).toHaveLength(1);
      expect(notices[0]!.url).toBe('/admin/resources');
    }
    for (const other of [student, inactive, seller.user]) expect(await noticesOf(other.id, 'resource_submitted'), other.username).toHaveLength(0);
    const mails = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'resource_submitted'), eq(emailOutbox.toAddress, officer.email!)));
    expect(mails.some((m) => m.textBody.includes(r.title))).toBe(true);

    // A refused submission (already waiting) notices nobody again.
    expect((await t.json('POST', `/api/resources/${r.id}/submit`, undefined, seller.token)).status).toBe(409);
    expect((await noticesOf(officer.id, 'resource_submitted')).filter((n) => n.body.includes(r.title))).toHaveLength(1);
  });

  it('a seller application reaches the seller managers only', async () => {
    const [curriculumAdmin, officer] = await Promise.all([createUser(t.db, { roles: ['CURRICULUM_ADMIN'] }), createUser(t.db, { roles: ['CURRICULUM_OFFICER'] })]);
    const { token } = await createSignedInUser(t.db);
    const store = `Tango lab ${uniqueUsername('s')}`;
    expect((await t.json('POST', '/api/sellers/apply', { store_name: store, bio: 'Tango units for adult beginners, tried in class.' }, token)).status).toBe(201);
    const notices = (await noticesOf(curriculumAdmin.id, 'seller_applied')).filter((n) => n.body.includes(store));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.url).toBe('/admin/sellers');
    // An officer reviews resources but does not decide on sellers.
    expect((await noticesOf(officer.id, 'seller_applied')).filter((n) => n.body.includes(store))).toHaveLength(0);
    // A second application is refused and notices nobody.
    expect((await t.json('POST', '/api/sellers/apply', { store_name: `${store} 2`, bio: 'Tango units for adult beginners, tried in class.' }, token)).status).toBe(409);
    expect((await noticesOf(curriculumAdmin.id, 'seller_applied')).filter((n) => n.body.includes('Tango lab'))).toHaveLength(1);
  });
});
