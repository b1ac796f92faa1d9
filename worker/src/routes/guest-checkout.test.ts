import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, courseFeedbackSettings, emailOutbox, enrollments, orders, passwordResetTokens, sessions, users } from '../../../db/schema/index.ts';
import { buyCourse, createCoupon, createPaidCourse, PAYING_CARD, startCheckout } from '../../../tests/support/commerce-factories.ts';
import { createSignedInUser, createUser } from '../../../tests/support/factories.ts';
import { CREDITS_SIGN_IN } from '../services/practice/credit-sales.ts';
import { RECEIPT_EMAIL_HAS_ONE, RECEIPT_EMAIL_NOT_PAID, RECEIPT_EMAIL_TAKEN } from '../services/payments/receipt-email.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { GUEST_EMAIL_TAKEN, type GuestCheckoutStarted } from '../../../shared/payments/guest-checkout.ts';
import type { Quote } from '../../../shared/payments/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `guest.buyer${++counter}.${Date.now()}@example.com`;

const countRows = async () => {
  const [u] = await t.db.select({ n: sql<number>`count(*)` }).from(users);
  const [o] = await t.db.select({ n: sql<number>`count(*)` }).from(orders);
  return { users: u!.n, orders: o!.n };
};

const setPasswordLink = async (email: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((m) => ({ subject: m.subject, token: m.textBody.match(/token=([\w-]+)/)?.[1] }));

describe('POST /api/checkout/guest/quote', () => {
  it('prices the items for a visitor without signing in', async () => {
    const course = await createPaidCourse(t.db, { priceCents: 7900 });
    const res = await t.json('POST', '/api/checkout/guest/quote', { items: [{ type: 'course', itemId: course.id }] });
    expect(res.status).toBe(200);
    const quote = await read<Quote>(res);
    expect(quote).toMatchObject({ totalCents: 7900, testMode: true });
    expect(quote.lines[0]).toMatchObject({ title: course.title, available: true });
  });

  it('answers 400 for no items', async () => {
    const res = await t.json('POST', '/api/checkout/guest/quote', { items: [] });
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors?.items).toEqual(['Choose at least one item']);
  });
});

describe('POST /api/checkout/guest', () => {
  it('creates the account with a pending order, signs this browser in and emails a link to choose a password', async () => {
    const course = await createPaidCourse(t.db, { priceCents: 7900 });
    const email = newEmail();
    const res = await t.json('POST', '/api/checkout/guest', { email: `  ${email.toUpperCase()} `, firstName: 'Maya', lastName: 'Lopez', items: [{ type: 'COURSE', itemId: course.id }] });
    expect(res.status).toBe(201);
    const body = await read<GuestCheckoutStarted>(res);
    expect(body.order).toMatchObject({ status: 'pending', totalCents: 7900, provider: 'test' });
    expect(body.checkoutUrl).toBe(`/checkout/stripe?session=${body.sessionId}`);
    expect(body.user).toMatchObject({ email, first_name: 'Maya', last_name: 'Lopez' });
    expect(body.user.username).toMatch(/^guest\.buyer/);
    expect(body.setPasswordSentTo).toBe(email);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(order!.userId).toBe(body.user.id);
    // The token signs this browser in as the new account.
    expect((await t.json('GET', '/api/me', undefined, body.access_token)).status).toBe(200);
    const mails = await setPasswordLink(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Choose a password for your DRX account');
    // Nothing is granted before the payment's verified event.
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, body.user.id))).toHaveLength(0);
  });

  it('grants the purchase on the verified payment; the guest then chooses a password, signs in and sees it', async () => {
    const course = await createPaidCourse(t.db, { priceCents: 4900 });
    const email = newEmail();
    const started = await read<GuestCheckoutStarted>(await t.json('POST', '/api/checkout/guest', { email, firstName: 'Ana', items: [{ type: 'COURSE', itemId: course.id }] }));
    const paid = await t.json('POST', `/api/payments/test-checkout/${started.sessionId}/pay`, PAYING_CARD, started.access_token);
    expect(paid.status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.order.id));
    expect(order!.status).toBe('paid');
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, started.user.id))).toHaveLength(1);
    // The receipt goes to the address given at checkout.
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).length).toBeGreaterThanOrEqual(2);

    const token = (await setPasswordLink(email))[0]!.token!;
    const reset = await t.json('POST', '/api/password/reset', { token, newPassword: 'my-own-password-1' });
    expect(reset.status).toBe(200);
    const login = await t.json('POST', '/api/login', { username: started.user.username, password: 'my-own-password-1' });
    expect(login.status).toBe(200);
    const { access_token } = await read<{ access_token: string }>(login);
    const mine = await read<{ data: { id: number; status: string }[] }>(await t.json('GET', '/api/orders', undefined, access_token));
    expect(mine.data.map((o) => [o.id, o.status])).toContainEqual([started.order.id, 'paid']);
  });

  it('refuses an email that already has an account, with a clear message, and creates nothing', async () => {
    const existing = await createUser(t.db, { email: newEmail() });
    const course = await createPaidCourse(t.db);
    const before = await countRows();
    const res = await t.json('POST', '/api/checkout/guest', { email: existing.email!.toUpperCase(), firstName: 'Someone', items: [{ type: 'COURSE', itemId: course.id }] });
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: GUEST_EMAIL_TAKEN, validationErrors: { email: [GUEST_EMAIL_TAKEN] } });
    expect(await countRows()).toEqual(before);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, existing.id))).toHaveLength(0);
  });

  it('answers 400 with field messages for a bad email, a missing name or items, and creates nothing', async () => {
    const course = await createPaidCourse(t.db);
    const before = await countRows();
    const res = await t.json('POST', '/api/checkout/guest', { email: 'not-an-email', firstName: '   ', items: [] });
    expect(res.status).toBe(400);
    const body = await read<ErrorBody>(res);
    expect(body.validationErrors).toMatchObject({ email: ['Enter a valid email address'], firstName: ['First name is required'], items: ['Choose at least one item'] });
    const missing = await read<ErrorBody>(await t.json('POST', '/api/checkout/guest', { items: [{ type: 'COURSE', itemId: course.id }] }));
    expect(missing.validationErrors).toMatchObject({ email: ['Email is required'], firstName: ['First name is required'] });
    expect(await countRows()).toEqual(before);
  });

  it('creates nothing when an item cannot be bought', async () => {
    const draft = await createPaidCourse(t.db, { status: 'draft' });
    const before = await countRows();
    const res = await t.json('POST', '/api/checkout/guest', { email: newEmail(), firstName: 'Lee', items: [{ type: 'COURSE', itemId: draft.id }] });
    expect(res.status).toBe(409);
    expect(await countRows()).toEqual(before);
  });

  it("refuses a course's feedback credits to a visitor in the quote and the checkout, alone or beside a course, and creates nothing", async () => {
    const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    const course = await createPaidCourse(t.db, { priceCents: 4900, instructorId: instructor.id });
    await t.db.insert(courseFeedbackSettings).values({ courseId: course.id, mode: 'credits', creditPackCents: 2500, creditsPerPack: 5 });
    const credits = { type: 'FEEDBACK_CREDITS', itemId: course.id };

    const quote = await read<Quote>(await t.json('POST', '/api/checkout/guest/quote', { items: [{ type: 'COURSE', itemId: course.id }, credits] }));
    expect(quote.lines[1]).toMatchObject({ type: 'FEEDBACK_CREDITS', available: false, reasonMessage: CREDITS_SIGN_IN });

    const before = await countRows();
    for (const items of [[credits], [{ type: 'COURSE', itemId: course.id }, credits], [{ type: 'feedback_credits', itemId: course.id }]]) {
      const res = await t.json('POST', '/api/checkout/guest', { email: newEmail(), firstName: 'Lee', items });
      expect(res.status, JSON.stringify(items)).toBe(409);
      const body = await read<ErrorBody>(res);
      expect(body.message).toBe(CREDITS_SIGN_IN);
      expect(body.validationErrors?.items).toEqual([CREDITS_SIGN_IN]);
    }
    expect(await countRows()).toEqual(before);
  });

  it('is limited per address with sign-up (one counter of new accounts)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const from = (body: unknown, path = '/api/checkout/guest') =>
        limited.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.9' }, body: JSON.stringify(body) });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await from({ email: 'bad', firstName: '', items: [] })).status);
      expect(new Set(statuses)).toEqual(new Set([400]));
      const blocked = await from({ email: newEmail(), firstName: 'Late', items: [{ type: 'COURSE', itemId: 1 }] });
      expect(blocked.status).toBe(429);
      expect((await read<ErrorBody>(blocked)).message).toMatch(/^Too many new accounts from this address\./);
      expect((await from({ username: 'late-comer', password: 'long-enough-1' }, '/api/register')).status).toBe(429);
      const [sessionsMade] = await limited.db.select({ n: sql<number>`count(*)` }).from(sessions);
      expect(sessionsMade!.n).toBe(0);
    } finally {
      limited.close();
    }
  });
});

describe("a visitor's coupon code", () => {
  const NOT_VALID = 'This coupon code is not valid.';

  it('is applied to the quote as for a buyer, and an unknown code is refused in words', async () => {
    const course = await createPaidCourse(t.db, { priceCents: 7900 });
    const coupon = await createCoupon(t.db, { percentOff: 20, description: 'Spring sale' });
    const items = [{ type: 'COURSE', itemId: course.id }];
    const res = await t.json('POST', '/api/checkout/guest/quote', { items, couponCode: ` ${coupon.code.toLowerCase()} ` });
    expect(res.status).toBe(200);
    expect(await read<Quote>(res)).toMatchObject({ subtotalCents: 7900, discountCents: 1580, totalCents: 6320, couponError: null, coupon: { code: coupon.code, description: 'Spring sale' } });
    const unknown = await read<Quote>(await t.json('POST', '/api/checkout/guest/quote', { items, couponCode: 'NOPE-NOT-HERE' }));
    expect(unknown).toMatchObject({ couponError: NOT_VALID, discountCents: 0, totalCents: 7900, coupon: null });
    const long = await t.json('POST', '/api/checkout/guest/quote', { items, couponCode: 'X'.repeat(65) });
    expect(long.status).toBe(400);
    expect((await read<ErrorBody>(long)).validationErrors?.couponCode).toEqual(['Coupon code is too long']);
  });

  it("reserves the coupon for the new account in the order's batch; the payment redeems it", async () => {
    const course = await createPaidCourse(t.db, { priceCents: 5000 });
    const coupon = await createCoupon(t.db, { percentOff: 20, perUserLimit: 1 });
    const res = await t.json('POST', '/api/checkout/guest', { email: newEmail(), firstName: 'Cora', items: [{ type: 'COURSE', itemId: course.id }], couponCode: coupon.code });
    expect(res.status, await res.clone().text()).toBe(201);
    const started = await read<GuestCheckoutStarted>(res);
    expect(started.order).toMatchObject({ status: 'pending', subtotalCents: 5000, discountCents: 1000, totalCents: 4000, couponCode: coupon.code });
    const reserved = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, started.order.id));
    expect(reserved).toMatchObject([{ couponId: coupon.id, userId: started.user.id, status: 'reserved', amountCents: 1000 }]);
    expect((await t.json('POST', `/api/payments/test-checkout/${started.sessionId}/pay`, PAYING_CARD, started.access_token)).status).toBe(200);
    const [redeemed] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, started.order.id));
    expect(redeemed!.status).toBe('redeemed');
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, started.user.id))).toHaveLength(1);
  });

  it('completes an order a coupon made free at once, enrolling the new account', async () => {
    const course = await createPaidCourse(t.db, { priceCents: 3000 });
    const coupon = await createCoupon(t.db, { percentOff: 100 });
    const started = await read<GuestCheckoutStarted>(
      await t.json('POST', '/api/checkout/guest', { email: newEmail(), firstName: 'Free', items: [{ type: 'COURSE', itemId: course.id }], couponCode: coupon.code }),
    );
    expect(started.order).toMatchObject({ status: 'paid', totalCents: 0 });
    expect(started.checkoutUrl).toMatch(/^\/payment-success\?session_id=/);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, started.user.id))).toHaveLength(1);
  });

  it('refuses a code that does not apply or is used up, and creates nothing', async () => {
    const course = await createPaidCourse(t.db, { priceCents: 5000 });
    const usedUp = await createCoupon(t.db, { maxRedemptions: 1 });
    const buyer = await createSignedInUser(t.db);
    await startCheckout(t, buyer.token, { item: { type: 'COURSE', itemId: course.id }, couponCode: usedUp.code });
    const before = await countRows();
    const items = [{ type: 'COURSE', itemId: course.id }];
    const unknown = await t.json('POST', '/api/checkout/guest', { email: newEmail(), firstName: 'Ida', items, couponCode: 'NOT-A-CODE' });
    expect(unknown.status).toBe(400);
    expect(await read<ErrorBody>(unknown)).toMatchObject({ message: NOT_VALID, validationErrors: { couponCode: [NOT_VALID] } });
    const taken = await t.json('POST', '/api/checkout/guest', { email: newEmail(), firstName: 'Ida', items, couponCode: usedUp.code });
    expect(taken.status).toBe(409);
    expect((await read<ErrorBody>(taken)).message).toBe(NOT_VALID);
    expect(await countRows()).toEqual(before);
  });

  it('counts failed codes per address (10 in 15 minutes); a code that applies does not count', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const course = await createPaidCourse(limited.db, { priceCents: 4000 });
      const good = await createCoupon(limited.db, { percentOff: 10 });
      const items = [{ type: 'COURSE', itemId: course.id }];
      const from = (address: string, couponCode: string, path = '/api/checkout/guest/quote') =>
        limited.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': address },
          body: JSON.stringify({ items, couponCode, ...(path.endsWith('/quote') ? {} : { email: newEmail(), firstName: 'Guess' }) }),
        });
      for (let i = 0; i < 5; i++) expect((await from('198.51.100.20', good.code)).status).toBe(200);
      for (let i = 0; i < 9; i++) expect((await from('198.51.100.20', `GUESS-${i}`)).status).toBe(200);
      // The tenth failed guess is the checkout's: the same counter.
      expect((await from('198.51.100.20', 'GUESS-9', '/api/checkout/guest')).status).toBe(400);
      const blocked = await from('198.51.100.20', 'GUESS-10');
      expect(blocked.status).toBe(429);
      expect((await read<ErrorBody>(blocked)).message).toMatch(/^Too many coupon codes that are not valid\. Please try again in /);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await from('198.51.100.20', 'GUESS-11', '/api/checkout/guest')).status).toBe(429);
      // Another address is not held back.
      expect((await from('198.51.100.21', 'GUESS-0')).status).toBe(200);
    } finally {
      limited.close();
    }
  });
});

describe('POST /api/checkout/receipt-email', () => {
  it('saves an address to an account that has none and sends the paid order its receipt', async () => {
    const { user, token } = await createSignedInUser(t.db, { email: null });
    const course = await createPaidCourse(t.db);
    const order = await buyCourse(t, token, course.id);
    const email = newEmail();
    const res = await t.json('POST', '/api/checkout/receipt-email', { sessionId: order.providerSessionId, email: email.toUpperCase() }, token);
    expect(res.status).toBe(200);
    expect(await read<{ email: string }>(res)).toEqual({ email });
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(email);
    const sent = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(sent.map((m) => m.subject)).toEqual([`Your DRX receipt for order ${order.number}`]);

    // An address is never replaced this way.
    const again = await t.json('POST', '/api/checkout/receipt-email', { sessionId: order.providerSessionId, email: newEmail() }, token);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(RECEIPT_EMAIL_HAS_ONE);
  });

  it('refuses an address of another account, an unpaid order, another buyer and a bad address', async () => {
    const { token } = await createSignedInUser(t.db, { email: null });
    const other = await createUser(t.db, { email: newEmail() });
    const course = await createPaidCourse(t.db);
    const order = await buyCourse(t, token, course.id);
    const taken = await t.json('POST', '/api/checkout/receipt-email', { sessionId: order.providerSessionId, email: other.email }, token);
    expect(taken.status).toBe(409);
    expect((await read<ErrorBody>(taken)).validationErrors).toEqual({ email: [RECEIPT_EMAIL_TAKEN] });

    const pending = await read<{ sessionId: string }>(await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: (await createPaidCourse(t.db)).id }, token));
    const unpaid = await t.json('POST', '/api/checkout/receipt-email', { sessionId: pending.sessionId, email: newEmail() }, token);
    expect(unpaid.status).toBe(409);
    expect((await read<ErrorBody>(unpaid)).message).toBe(RECEIPT_EMAIL_NOT_PAID);

    const stranger = await createSignedInUser(t.db, { email: null });
    expect((await t.json('POST', '/api/checkout/receipt-email', { sessionId: order.providerSessionId, email: newEmail() }, stranger.token)).status).toBe(404);

    const bad = await t.json('POST', '/api/checkout/receipt-email', { sessionId: order.providerSessionId, email: 'nope' }, token);
    expect(bad.status).toBe(400);
    expect((await read<ErrorBody>(bad)).validationErrors).toEqual({ email: ['Enter a valid email address'] });
    expect((await t.json('POST', '/api/checkout/receipt-email', { sessionId: order.providerSessionId, email: newEmail() })).status).toBe(401);
  });
});
