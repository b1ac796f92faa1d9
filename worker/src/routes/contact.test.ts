import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../db/schema/index.ts';
import { createAdminTestApp } from '../../../tests/support/admin-test-app.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import type { ContactMessageView } from '../../../shared/contact.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => ({ t, adminToken, studentToken } = await createAdminTestApp()));
afterAll(() => t.close());

const valid = { name: 'Jordan Lee', email: 'jordan@example.com', subject: 'Studio licence', message: 'Do you offer licences for studios?' };
const messageCount = async () => (await t.db.select({ n: sql<number>`count(*)` }).from(contactMessages))[0]!.n;
const rowOf = async (id: number) => (await t.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
type List = { data: ContactMessageView[]; total: number; unread: number; page: number; pageSize: number };

async function send(body: unknown = valid, token?: string): Promise<number> {
  const res = await t.json('POST', '/api/contact', body, token);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('POST /api/contact', () => {
  it('stores the message of a visitor and thanks them', async () => {
    const res = await t.json('POST', '/api/contact', { ...valid, name: '  Jordan Lee ' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; message: string };
    expect(body).toEqual({ id: expect.any(Number), message: 'Thank you! Your message has been sent.' });
    expect(await rowOf(body.id)).toMatchObject({ ...valid, userId: null, readAt: null });
  });

  it('remembers the signed-in sender, and treats a bad token as a visitor', async () => {
    const { user, token } = await createSignedInUser(t.db);
    expect((await rowOf(await send(valid, token)))!.userId).toBe(user.id);
    expect((await rowOf(await send(valid, 'bogus-token')))!.userId).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ email: 'nope' }, 'email', 'Enter a valid email address'],
    [{ subject: '' }, 'subject', 'Subject is required'],
    [{ subject: 'x'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
    [{ message: 'too short' }, 'message', 'Message must be at least 10 characters'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
  ])('refuses %j with 400 and stores nothing', async (change, field, message) => {
    const before = await messageCount();
    const res = await t.json('POST', '/api/contact', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, validationErrors: { [field]: [message] } });
    expect(await messageCount()).toBe(before);
  });

  it('accepts the bounds themselves', async () => {
    await send({ name: 'x', email: 'a@b.co', subject: 'x', message: 'x'.repeat(10) });
    await send({ name: 'x'.repeat(100), email: 'a@b.co', subject: 'x'.repeat(200), message: 'x'.repeat(5000) });
  });

  it('answers missing fields with a message for each', async () => {
    const res = await t.json('POST', '/api/contact', {});
    expect(res.status).toBe(400);
    const body = (await res.json()) as { validationErrors: Record<string, string[]> };
    expect(body.validationErrors).toEqual({
      name: ['Name is required'], email: ['Email is required'], subject: ['Subject is required'], message: ['Message is required'],
    });
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const before = await messageCount();
    const malformed = await t.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON in request body' });
    const big = await t.json('POST', '/api/contact', { ...valid, message: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'Request body too large' });
    expect(await messageCount()).toBe(before);
  });
});

describe('admin messages', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/contact-messages'],
    ['PATCH', '/api/contact-messages/1', { read: true }],
    ['DELETE', '/api/contact-messages/1'],
  ];

  it.each(calls)('%s %s answers 401 without a token and 403 to a non-admin', async (method, path, body) => {
    const anonymous = await t.json(method, path, body);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Authentication required' });
    const student = await t.json(method, path, body, studentToken);
    expect(student.status).toBe(403);
    expect(await student.json()).toEqual({ message: PERMISSION_DENIED });
  });

  it.each(calls)('%s %s answers 403 to the sub-admin roles (decision 0013)', async (method, path, body) => {
    for (const role of ['CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN'] as const) {
      const { token } = await createSignedInUser(t.db, { roles: [role] });
      expect((await t.json(method, path, body, token)).status, role).toBe(403);
    }
  });

  it('lists messages newest first in snake_case, with the total and the unread count', async () => {
    const first = await send({ ...valid, subject: 'First' });
    const second = await send({ ...valid, subject: 'Second' });
    const res = await t.json('GET', '/api/contact-messages', undefined, adminToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as List;
    const all = await messageCount();
    const [{ unread }] = await t.db.select({ unread: sql<number>`count(*)` }).from(contactMessages).where(sql`read_at IS NULL`);
    expect(body).toMatchObject({ total: all, unread, page: 1, pageSize: 50 });
    const ids = body.data.map((m) => m.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(Object.keys(body.data[0]!).sort()).toEqual(['created_at', 'email', 'id', 'message', 'name', 'read_at', 'subject', 'user_id']);
  });

  it('filters unread messages', async () => {
    const read = await send();
    await t.json('PATCH', `/api/contact-messages/${read}`, { read: true }, adminToken);
    const unreadOnly = (await (await t.json('GET', '/api/contact-messages?status=unread&pageSize=100', undefined, adminToken)).json()) as List;
    expect(unreadOnly.data.every((m) => m.read_at === null)).toBe(true);
    expect(unreadOnly.data.map((m) => m.id)).not.toContain(read);
    expect(unreadOnly.total).toBe(unreadOnly.unread);
    const all = (await (await t.json('GET', '/api/contact-messages?status=all&pageSize=100', undefined, adminToken)).json()) as List;
    expect(all.data.map((m) => m.id)).toContain(read);
  });

  it('refuses an unknown status with 400', async () => {
    const res = await t.json('GET', '/api/contact-messages?status=archived', undefined, adminToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Status must be all or unread', validationErrors: { status: ['Status must be all or unread'] } });
  });

  it('marks read (keeping the first read time) and unread', async () => {
    const id = await send();
    const read = await t.json('PATCH', `/api/contact-messages/${id}`, { read: true }, adminToken);
    expect(read.status).toBe(200);
    const readBody = (await read.json()) as ContactMessageView;
    expect(readBody).toMatchObject({ id, read_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const again = (await (await t.json('PATCH', `/api/contact-messages/${id}`, { read: true }, adminToken)).json()) as ContactMessageView;
    expect(again.read_at).toBe(readBody.read_at);
    const unread = await t.json('PATCH', `/api/contact-messages/${id}`, { read: false }, adminToken);
    expect(await unread.json()).toMatchObject({ id, read_at: null });
  });

  it('answers 404 for an unknown message, 400 for a bad id or body, and changes nothing', async () => {
    const id = await send();
    const missing = await t.json('PATCH', '/api/contact-messages/999999', { read: true }, adminToken);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Message not found' });
    expect((await t.json('PATCH', '/api/contact-messages/abc', { read: true }, adminToken)).status).toBe(400);
    const bad = await t.json('PATCH', `/api/contact-messages/${id}`, { read: 'yes' }, adminToken);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Read must be true or false', validationErrors: { read: ['Read must be true or false'] } });
    expect((await rowOf(id))!.readAt).toBeNull();
    const forbidden = await t.json('PATCH', `/api/contact-messages/${id}`, { read: true }, studentToken);
    expect(forbidden.status).toBe(403);
    expect((await rowOf(id))!.readAt).toBeNull();
  });

  it('deletes a message; a second delete is 404; a non-admin cannot', async () => {
    const id = await send();
    expect((await t.json('DELETE', `/api/contact-messages/${id}`, undefined, studentToken)).status).toBe(403);
    expect(await rowOf(id)).toBeDefined();
    const res = await t.json('DELETE', `/api/contact-messages/${id}`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, message: 'Message deleted' });
    expect(await rowOf(id)).toBeUndefined();
    const again = await t.json('DELETE', `/api/contact-messages/${id}`, undefined, adminToken);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Message not found' });
    expect((await t.json('DELETE', '/api/contact-messages/0', undefined, adminToken)).status).toBe(400);
  });
});
