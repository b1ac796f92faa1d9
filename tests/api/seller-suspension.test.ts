import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_SUSPENDED } from '../../worker/src/services/store/sellers.ts';
import type { ResourceList } from '../../shared/store/views.ts';
import { createSignedInUser, uniqueUsername } from '../support/factories.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { givePlan } from '../support/subscription-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * A seller's life through the API (decision 0029): apply, approval by a curriculum admin (the role
 * is granted at once), selling, suspension (the store leaves every public read and the seller can
 * neither create nor submit), reinstatement (all of it back).
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
});
afterAll(() => t.close());

const draft = (title: string) => ({
  title,
  description: 'A four-week jazz unit for pre-teens: warm-ups, isolations and a short routine.',
  dance_style: 'Jazz',
  age_group: 'Pre-Teen (9-12)',
  level: 'Intermediate',
  price: '9.00',
});

describe('a seller from application to suspension and back', () => {
  it('applies, is approved and creates a draft; once suspended they cannot create or submit and their store leaves the public reads', async () => {
    const { user, token } = await createSignedInUser(t.db);
    // Before approval: not a seller (no store.sell).
    expect((await t.json('POST', '/api/resources', draft('Too early'), token)).status).toBe(403);
    expect((await t.json('POST', '/api/sellers/apply', { store_name: `Jazz hands ${uniqueUsername('s')}`, bio: 'Jazz units for pre-teens, written in class.' }, token)).status).toBe(201);
    expect((await t.json('POST', '/api/resources', draft('Still pending'), token)).status).toBe(403);
    expect((await t.json('POST', `/api/admin/sellers/${user.id}/approve`, undefined, adminToken)).status).toBe(200);
    // Approved but on the free plan: selling needs Educator or higher (decision 0031).
    const unpaid = await t.json('POST', '/api/resources', draft('No plan yet'), token);
    expect(unpaid.status).toBe(403);
    expect(await read<ErrorBody & { feature: string }>(unpaid)).toMatchObject({ feature: 'store_selling', requiredPlan: 'educator' });
    await givePlan(t.db, user.id, 'educator');

    const created = await t.json('POST', '/api/resources', draft('Jazz isolations unit'), token);
    expect(created.status).toBe(201);
    const draftId = ((await created.json()) as { id: number }).id;
    // A published resource of theirs (as a reviewer would have approved it).
    const published = await createResource(t.db, user.id, { title: 'Published jazz routine' });
    const listed = async () => (await read<ResourceList>(await t.json('GET', `/api/resources/seller/${user.id}`))).data.map((r) => r.id);
    expect(await listed()).toEqual([published.id]);
    expect((await t.json('GET', `/api/resources/${published.id}`)).status).toBe(200);
    expect((await t.json('GET', `/api/sellers/${user.id}`)).status).toBe(200);

    expect((await t.json('POST', `/api/admin/sellers/${user.id}/suspend`, { reason: 'Copied material.' }, adminToken)).status).toBe(200);
    const refusedCreate = await t.json('POST', '/api/resources', draft('After suspension'), token);
    expect(refusedCreate.status).toBe(403);
    expect(await read<ErrorBody>(refusedCreate)).toEqual({ message: SELLER_SUSPENDED });
    const refusedSubmit = await t.json('POST', `/api/resources/${draftId}/submit`, undefined, token);
    expect(refusedSubmit.status).toBe(403);
    expect(await read<ErrorBody>(refusedSubmit)).toEqual({ message: SELLER_SUSPENDED });
    expect(await listed()).toEqual([]);
    expect((await t.json('GET', `/api/resources/${published.id}`)).status).toBe(404);
    expect((await t.json('GET', `/api/sellers/${user.id}`)).status).toBe(404);
    // The seller still reads their own area and sees why.
    const me = await read<{ status: string; status_reason: string }>(await t.json('GET', '/api/sellers/me', undefined, token));
    expect(me).toMatchObject({ status: 'suspended', status_reason: 'Copied material.' });
    expect((await t.json('GET', '/api/seller/dashboard', undefined, token)).status).toBe(200);

    expect((await t.json('POST', `/api/admin/sellers/${user.id}/reinstate`, undefined, adminToken)).status).toBe(200);
    expect(await listed()).toEqual([published.id]);
    expect((await t.json('POST', '/api/resources', draft('Back in business'), token)).status).toBe(201);
  });

  it('only sellers.manage decides: a seller or a curriculum officer cannot approve themselves or anyone', async () => {
    const applicant = await createSeller(t.db, { status: 'pending' });
    const officer = await createSignedInUser(t.db, { roles: ['CURRICULUM_OFFICER'] });
    const seller = await createSeller(t.db);
    for (const token of [applicant.token, officer.token, seller.token]) {
      expect((await t.json('POST', `/api/admin/sellers/${applicant.user.id}/approve`, undefined, token)).status).toBe(403);
    }
    expect((await read<{ status: string }>(await t.json('GET', '/api/sellers/me', undefined, applicant.token))).status).toBe('pending');
  });
});
