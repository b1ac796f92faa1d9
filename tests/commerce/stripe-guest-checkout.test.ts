import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments } from '../../db/schema/index.ts';
import { createPaidCourse, orderRow } from '../support/commerce-factories.ts';
import { postWebhook, signedEvent, stripeEvent, useStripeFakeApp } from '../support/stripe-app.ts';
import { read } from '../support/test-app.ts';
import type { GuestCheckoutStarted } from '../../shared/payments/guest-checkout.ts';

/** Checkout without an account first on Stripe Checkout (decision 0065): the hosted page gets the visitor's email; the verified event fulfils, once. */

const WEBHOOK_SECRET = 'whsec_fake_drx_guest_0123456789abcdef';
const stripe = useStripeFakeApp({ secretKey: 'sk_test_fake_drx_guest_0123', webhookSecret: WEBHOOK_SECRET });

describe('guest checkout with Stripe Checkout', () => {
  it("opens a hosted session for the visitor's email, and grants the course only on the verified event, once", async () => {
    const course = await createPaidCourse(stripe.app.db, { priceCents: 7900 });
    const email = `stripe.guest.${Date.now()}@example.com`;
    const res = await stripe.app.json('POST', '/api/checkout/guest', { email, firstName: 'Ines', items: [{ type: 'COURSE', itemId: course.id }] });
    expect(res.status).toBe(201);
    const started = await read<GuestCheckoutStarted>(res);
    expect(started.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${started.sessionId}`);
    expect(started.order).toMatchObject({ provider: 'stripe', status: 'pending', totalCents: 7900 });
    const call = stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(call.form).toMatchObject({ customer_email: email, 'metadata[orderId]': String(started.order.id) });
    const granted = () => stripe.app.db.select().from(enrollments).where(and(eq(enrollments.userId, started.user.id), eq(enrollments.courseId, course.id)));
    expect(await granted()).toHaveLength(0);

    const event = stripeEvent('checkout.session.completed', {
      id: started.sessionId,
      object: 'checkout.session',
      amount_total: 7900,
      payment_status: 'paid',
      status: 'complete',
      payment_intent: 'pi_fake_guest_1',
      metadata: { orderId: String(started.order.id), orderNumber: started.order.number },
    });
    const { payload, header } = signedEvent(event, WEBHOOK_SECRET);
    expect(await (await postWebhook(stripe.app, payload, header)).json()).toEqual({ received: true, outcome: 'paid' });
    expect(await (await postWebhook(stripe.app, payload, header)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await orderRow(stripe.app.db, started.order.id)).status).toBe('paid');
    expect(await granted()).toHaveLength(1);
  });
});
