import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, orders, paymentEvents, refunds } from '../../db/schema/index.ts';
import { getPaymentProvider } from '../../worker/src/services/payments/index.ts';
import { createPaidCourse, orderRow, startCheckout } from '../support/commerce-factories.ts';
import { createSignedInUser } from '../support/factories.ts';
import { postWebhook as postSignedWebhook, signedEvent, stripeEvent, useStripeFakeApp } from '../support/stripe-app.ts';
import { read, type ErrorBody } from '../support/test-app.ts';

/**
 * The Stripe provider against a local fake of Stripe's API (the SDK's host/port/protocol options
 * through STRIPE_API_BASE): the calls the SDK makes, and webhooks verified with the SDK's own
 * test-header helper.
 */

const SECRET_KEY = 'sk_test_fake_drx_0123456789';
const WEBHOOK_SECRET = 'whsec_fake_drx_0123456789abcdef';

const stripe = useStripeFakeApp({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

const signed = (event: unknown, secret = WEBHOOK_SECRET) => signedEvent(event, secret);
const postWebhook = (payload: string, header: string | null) => postSignedWebhook(stripe.app, payload, header);

async function stripeCheckout(priceCents = 4900) {
  const { user, token } = await createSignedInUser(stripe.app.db);
  const course = await createPaidCourse(stripe.app.db, { priceCents });
  const started = await startCheckout(stripe.app, token, { item: { type: 'COURSE', itemId: course.id } });
  return { user, token, course, started };
}

function completedFor(started: { sessionId: string; order: { id: number; number: string; totalCents: number } }, paymentIntent = 'pi_fake_1') {
  return stripeEvent('checkout.session.completed', {
    id: started.sessionId,
    object: 'checkout.session',
    amount_total: started.order.totalCents,
    payment_status: 'paid',
    status: 'complete',
    payment_intent: paymentIntent,
    metadata: { orderId: String(started.order.id), orderNumber: started.order.number },
  });
}

describe('Stripe Checkout through the SDK', () => {
  it('reports the stripe provider', async () => {
    expect(await (await stripe.app.request('/api/payments/mode')).json()).toEqual({ provider: 'stripe', testMode: false, currency: 'usd' });
  });

  it('creates a hosted session with the order snapshot, metadata, expiry and return URLs', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { started, course } = await stripeCheckout(4900);
    expect(started.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${started.sessionId}`);
    expect(started.order).toMatchObject({ provider: 'stripe', testMode: false, status: 'pending', checkoutUrl: started.checkoutUrl });
    const call = stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.headers['idempotency-key']).toBe(`checkout-${started.order.number}`);
    expect(call.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][price_data][product_data][name]': course.title,
      'metadata[orderId]': String(started.order.id),
      'metadata[orderNumber]': started.order.number,
      'payment_intent_data[metadata][orderId]': String(started.order.id),
      client_reference_id: String(started.order.id),
      success_url: 'https://drx.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://drx.example/cancel-payment?session_id={CHECKOUT_SESSION_ID}',
    });
    const expiresAt = Number(call.form.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - before).toBeLessThanOrEqual(32 * 60);
  });

  it('fulfils on a verified checkout.session.completed, once', async () => {
    const { user, course, started } = await stripeCheckout();
    const { payload, header } = signed(completedFor(started));
    const res = await postWebhook(payload, header);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'paid' });
    const again = await postWebhook(payload, header);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const order = await orderRow(stripe.app.db, started.order.id);
    expect(order).toMatchObject({ status: 'paid', providerPaymentIntentId: 'pi_fake_1' });
    const enrolled = await stripe.app.db.select().from(enrollments).where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)));
    expect(enrolled.map((e) => e.source)).toEqual(['purchase']);
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const { user, course, started } = await stripeCheckout();
    const event = completedFor(started);
    const forged = signed(event, 'whsec_someone_else_entirely');
    for (const header of [forged.header, null, 't=1,v1=abc']) {
      const res = await postWebhook(forged.payload, header);
      expect(res.status).toBe(400);
      expect((await read<ErrorBody>(res)).message).toBe('Invalid webhook signature');
    }
    // A body changed after signing fails as well.
    const good = signed(event);
    const tampered = good.payload.replace(`"amount_total":${started.order.totalCents}`, '"amount_total":1');
    expect((await postWebhook(tampered, good.header)).status).toBe(400);
    expect((await orderRow(stripe.app.db, started.order.id)).status).toBe('pending');
    expect(await stripe.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
    expect(await stripe.app.db.select().from(enrollments).where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)))).toEqual([]);
  });

  it('ignores a completed event whose amount differs from the order', async () => {
    const { started } = await stripeCheckout(3000);
    const event = completedFor({ ...started, order: { ...started.order, totalCents: 100 } });
    const res = await postWebhook(...(Object.values(signed(event)) as [string, string]));
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored:amount-mismatch' });
    expect((await orderRow(stripe.app.db, started.order.id)).status).toBe('pending');
  });

  it('expires the session at Stripe when a pending payment is dismissed', async () => {
    const { token, started } = await stripeCheckout();
    const res = await stripe.app.request(`/api/payments/pending/${started.order.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(stripe.fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${started.sessionId}/expire`)).toBe(true);
    expect((await orderRow(stripe.app.db, started.order.id)).status).toBe('cancelled');
    // Stripe's own expiry event for it afterwards changes nothing.
    const expired = stripeEvent('checkout.session.expired', { id: started.sessionId, object: 'checkout.session', metadata: { orderId: String(started.order.id) } });
    const { payload, header } = signed(expired);
    expect(await (await postWebhook(payload, header)).json()).toEqual({ received: true, outcome: 'ignored:not-pending' });
  });

  it('refunds through the SDK; the charge.refunded event ends the enrolment', async () => {
    const { user, course, started } = await stripeCheckout(4000);
    await postWebhook(...(Object.values(signed(completedFor(started, 'pi_fake_refund'))) as [string, string]));
    const [refundRow] = await stripe.app.db.insert(refunds).values({ orderId: started.order.id, amountCents: 4000, reason: 'Asked' }).returning();
    const order = await orderRow(stripe.app.db, started.order.id);
    const { providerRefundId } = await getPaymentProvider(stripe.app.platform).refund({ order, amountCents: 4000, refundId: refundRow!.id, orderItemIds: null });
    const call = stripe.fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.form).toMatchObject({ payment_intent: 'pi_fake_refund', amount: '4000', 'metadata[refundId]': String(refundRow!.id), 'metadata[orderId]': String(order.id) });
    expect(call.headers['idempotency-key']).toBe(`refund-${refundRow!.id}`);

    const event = stripeEvent('charge.refunded', {
      id: 'ch_fake_1',
      object: 'charge',
      amount: 4000,
      amount_refunded: 4000,
      payment_intent: 'pi_fake_refund',
      metadata: { orderId: String(order.id) },
      refunds: { object: 'list', data: [{ id: providerRefundId, object: 'refund', amount: 4000, status: 'succeeded', metadata: { refundId: String(refundRow!.id), orderId: String(order.id) } }] },
    });
    const res = await postWebhook(...(Object.values(signed(event)) as [string, string]));
    expect(await res.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(await orderRow(stripe.app.db, order.id)).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    const [stored] = await stripe.app.db.select().from(refunds).where(eq(refunds.id, refundRow!.id));
    expect(stored).toMatchObject({ status: 'succeeded', providerRefundId });
    expect(await stripe.app.db.select().from(enrollments).where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)))).toEqual([]);
  });

  it('answers 502 and fails the order when Stripe cannot create the session', async () => {
    const { token } = await createSignedInUser(stripe.app.db);
    const course = await createPaidCourse(stripe.app.db);
    stripe.fake.failNext(500, 5);
    const res = await stripe.app.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: course.id }, token);
    stripe.fake.failNext(500, 0);
    expect(res.status).toBe(502);
    expect((await read<ErrorBody>(res)).message).toBe('The payment provider could not be reached. Please try again.');
    const [order] = await stripe.app.db.select().from(orders).where(eq(orders.description, course.title));
    expect(order?.status).toBe('failed');
  });
});
