import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/support/factories.ts';
import { createInstructor, giveBooking, givePackage } from '../../../../tests/support/booking-factories.ts';
import { uniqueViolation } from '../db-errors.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// The contract of decision 0032 as the database keeps it: one active booking per seat of a
// session (held, offered or confirmed), any number of ended ones.
describe('bookings table', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('refuses a second active booking of the same seat and allows it once the first has ended', async () => {
    const { lessonTypes } = await createInstructor(app.db);
    const [a, b] = [await createUser(app.db), await createUser(app.db)];
    const startsAt = '2030-03-04T15:00:00.000Z';
    const first = await giveBooking(app.db, a.id, lessonTypes[0]!, { startsAt, status: 'held' });
    const clash = await giveBooking(app.db, b.id, lessonTypes[0]!, { startsAt, status: 'confirmed' }).catch((err: unknown) => err);
    // SQLite names a unique index's columns, the first of which is what uniqueViolation reports.
    expect(uniqueViolation(clash)).toBe('bookings.instructor_id');
    await expect(giveBooking(app.db, b.id, lessonTypes[0]!, { startsAt, status: 'expired' })).resolves.toMatchObject({ status: 'expired' });
    expect(first.status).toBe('held');
    await expect(giveBooking(app.db, b.id, lessonTypes[0]!, { startsAt, seat: 2 })).resolves.toMatchObject({ seat: 2 });
  });

  it('gives a package purchase its credits', async () => {
    const { lessonTypes } = await createInstructor(app.db);
    const buyer = await createUser(app.db);
    const { purchase } = await givePackage(app.db, lessonTypes[0]!, { buyerId: buyer.id, lessonsCount: 4 });
    expect(purchase).toMatchObject({ creditsTotal: 4, status: 'active', userId: buyer.id });
  });
});
