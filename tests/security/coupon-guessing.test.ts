import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createPaidCourse } from '../support/commerce-factories.ts';
import { createSignedInUser } from '../support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

// Coupon guessing (decision 0060): failed coupon codes are limited per account and per address
// (10 in 15 minutes, 429 with Retry-After); a code that applies does not count; an unknown code
// and a used-up one get the same answer.

let t: TestApp;
beforeAll(async () => {
  // The real per-address limits.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
});
afterAll(() => t.close());

let address = 0;
/** A client address of its own for each test, so the per-address counters do not meet. */
const newAddress = () => `203.0.113.${++address}`;

type Quote = { couponError: string | null; coupon: { code: string } | null };

async function quote(token: string, from: string, couponCode: string, itemId: number) {
  return t.request('/api/checkout/quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cf-connecting-ip': from },
    body: JSON.stringify({ couponCode, items: [{ type: 'COURSE', itemId }] }),
  });
}

describe('POST /api/checkout/quote with coupon codes', () => {
  it('answers an unknown code and a used-up one with the same message', async () => {
    const from = newAddress();
    const course = await createPaidCourse(t.db);
    const usedUp = await createCoupon(t.db, { maxRedemptions: 0 });
    const { token } = await createSignedInUser(t.db);
    const unknown = await read<Quote>(await quote(token, from, 'NO-SUCH-CODE', course.id));
    const used = await read<Quote>(await quote(token, from, usedUp.code, course.id));
    expect(unknown.couponError).toBe('This coupon code is not valid.');
    expect(used.couponError).toBe(unknown.couponError);
  });

  it('refuses the 11th failed code of an account in 15 minutes with 429 and Retry-After; valid codes do not count', async () => {
    const course = await createPaidCourse(t.db);
    const valid = await createCoupon(t.db, { percentOff: 10 });
    const { token } = await createSignedInUser(t.db);
    for (let i = 0; i < 10; i++) {
      // From a new address each time: only the account's counter can reach its limit.
      const ok = await quote(token, newAddress(), valid.code, course.id);
      expect(ok.status).toBe(200);
      expect((await read<Quote>(ok)).coupon?.code).toBe(valid.code);
      const res = await quote(token, newAddress(), `GUESS-${i}`, course.id);
      expect(res.status).toBe(200);
      expect((await read<Quote>(res)).couponError).toBe('This coupon code is not valid.');
    }
    const refused = await quote(token, newAddress(), 'GUESS-10', course.id);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect((await read<ErrorBody>(refused)).message).toMatch(/^Too many coupon codes that are not valid\. Please try again in 15 minutes\.$/);
    // A quote without a code is no guess.
    const plain = await t.request('/api/checkout/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cf-connecting-ip': newAddress() },
      body: JSON.stringify({ items: [{ type: 'COURSE', itemId: course.id }] }),
    });
    expect(plain.status).toBe(200);
    // Checkout with a coupon code is limited by the same counter.
    const checkout = await t.request('/api/simple-checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cf-connecting-ip': newAddress() },
      body: JSON.stringify({ type: 'COURSE', itemId: course.id, couponCode: 'GUESS-11' }),
    });
    expect(checkout.status).toBe(429);
  });

  it('refuses the 11th failed code from one address, across accounts', async () => {
    const from = newAddress();
    const course = await createPaidCourse(t.db);
    for (let i = 0; i < 10; i++) {
      const { token } = await createSignedInUser(t.db);
      expect((await quote(token, from, `ADDR-GUESS-${i}`, course.id)).status).toBe(200);
    }
    const { token } = await createSignedInUser(t.db);
    const refused = await quote(token, from, 'ADDR-GUESS-10', course.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not limited by this one's guesses.
    expect((await quote(token, newAddress(), 'ADDR-GUESS-11', course.id)).status).toBe(200);
  });

  it('counts failed codes at checkout too (a bad code is 400 there)', async () => {
    const from = newAddress();
    const course = await createPaidCourse(t.db);
    const { token } = await createSignedInUser(t.db);
    const checkout = (couponCode: string) =>
      t.request('/api/simple-checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cf-connecting-ip': from },
        body: JSON.stringify({ type: 'COURSE', itemId: course.id, couponCode }),
      });
    for (let i = 0; i < 10; i++) expect((await checkout(`CHECKOUT-GUESS-${i}`)).status).toBe(400);
    expect((await checkout('CHECKOUT-GUESS-10')).status).toBe(429);
  });
});
