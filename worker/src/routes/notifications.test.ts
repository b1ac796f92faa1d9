import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { notify } from '../services/notifications.ts';
import { type NotificationView } from '../../../shared/notifications.ts';
import { NOTIFICATION_NOT_FOUND } from './notifications.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = { data: NotificationView[]; unread: number };

async function notice(userId: number, title: string) {
  const [row] = await t.db.insert(notifications).values({ userId, kind: 'resource_sold', title, body: 'Body', url: '/seller/payments' }).returning();
  return row!;
}

describe('/api/notifications', () => {
  it('needs a signed-in user', async () => {
    expect((await t.json('GET', '/api/notifications')).status).toBe(401);
    expect((await t.json('POST', '/api/notifications/read-all')).status).toBe(401);
    expect((await t.json('POST', '/api/notifications/1/read')).status).toBe(401);
  });

  it("lists the user's own notices, newest first, with the unread count", async () => {
    const me = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    await notice(me.user.id, 'First');
    await notify(t.platform, { userId: me.user.id, kind: 'seller_approved', title: 'Second', body: 'Welcome', url: '/seller' });
    await notice(other.user.id, 'Not mine');
    const res = await t.json('GET', '/api/notifications', undefined, me.token);
    expect(res.status).toBe(200);
    const list = await read<List>(res);
    expect(list.unread).toBe(2);
    expect(list.data.map((n) => n.title)).toEqual(['Second', 'First']);
    expect(list.data[0]).toMatchObject({ kind: 'seller_approved', body: 'Welcome', url: '/seller', read: false });
  });

  it('marks one of one’s own notices read; someone else’s answers 404 and stays unread', async () => {
    const me = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const mine = await notice(me.user.id, 'Mine');
    const theirs = await notice(other.user.id, 'Theirs');

    const res = await t.json('POST', `/api/notifications/${mine.id}/read`, undefined, me.token);
    expect(res.status).toBe(200);
    const list = await read<List>(res);
    expect(list.unread).toBe(0);
    expect(list.data[0]).toMatchObject({ id: mine.id, read: true });
    // Reading it again keeps the first time it was read.
    const [first] = await t.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect((await t.json('POST', `/api/notifications/${mine.id}/read`, undefined, me.token)).status).toBe(200);
    const [second] = await t.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(second!.readAt).toBe(first!.readAt);

    const refused = await t.json('POST', `/api/notifications/${theirs.id}/read`, undefined, me.token);
    expect(refused.status).toBe(404);
    expect(await read<ErrorBody>(refused)).toEqual({ message: NOTIFICATION_NOT_FOUND });
    const [still] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(still!.readAt).toBeNull();

    expect((await t.json('POST', '/api/notifications/999999999/read', undefined, me.token)).status).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5']) expect((await t.json('POST', `/api/notifications/${bad}/read`, undefined, me.token)).status, bad).toBe(400);
  });

  it("marks all of one's own notices read and nobody else's", async () => {
    const me = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    await notice(me.user.id, 'A');
    await notice(me.user.id, 'B');
    await notice(other.user.id, 'C');
    const res = await t.json('POST', '/api/notifications/read-all', undefined, me.token);
    expect(res.status).toBe(200);
    const list = await read<List>(res);
    expect(list.unread).toBe(0);
    expect(list.data.every((n) => n.read)).toBe(true);
    expect((await read<List>(await t.json('GET', '/api/notifications', undefined, other.token))).unread).toBe(1);
  });
});
