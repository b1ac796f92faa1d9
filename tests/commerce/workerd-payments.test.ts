import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient as createHttpClient } from '@libsql/client';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import { createDb } from '../../worker/src/platform/db.ts';
import { appWorker, bundleWorker, Miniflare, prepareDatabase, runtimeLog, siteAssets } from '../worker/harness.ts';
import { journeyClient, signUpAndIn, type JourneyCall } from '../worker/journeys.ts';
import { createPaidCourse, PAYING_CARD } from '../support/commerce-factories.ts';
import { startStripeFake, type StripeFake } from '../support/stripe-fake.ts';

/**
 * The payments code on Workers (decision 0024): the wrangler bundle in workerd, once with the
 * built-in test provider (its events signed and verified with SubtleCrypto inside workerd) and
 * once with Stripe's keys, the SDK's fetch client calling the fake Stripe server.
 */

const HRANA_TOKEN = 'workerd-payments-hrana-token';
const WEBHOOK_SECRET = 'whsec_workerd_payments_0123456789';

describe('payments in workerd', () => {
  let scratch: string;
  let server: HranaServer;
  let fake: StripeFake;
  let testMode: Miniflare;
  let stripeMode: Miniflare;
  let testCall: JourneyCall;
  let stripeCall: JourneyCall;
  const courseIds: number[] = [];
  const log = runtimeLog();

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'drx-workerd-pay-'));
    const file = join(scratch, 'drx.db');
    const assets = siteAssets(scratch);
    const bundleDir = join(scratch, 'app');
    const [, started, stripeFake] = await Promise.all([
      bundleWorker(bundleDir, assets),
      prepareDatabase(file).then(() => startHranaServer({ file, authToken: HRANA_TOKEN })),
      startStripeFake(),
    ]);
    server = started;
    fake = stripeFake;
    const client = createHttpClient({ url: server.url, authToken: HRANA_TOKEN });
    try {
      const db = createDb(client);
      for (let i = 0; i < 2; i++) courseIds.push((await createPaidCourse(db, { priceCents: 3900 })).id);
    } finally {
      client.close();
    }
    const base = { APP_ENV: 'test', LIBSQL_URL: server.url, LIBSQL_AUTH_TOKEN: HRANA_TOKEN, RATE_LIMIT_MULTIPLIER: '1000', MEDIA_SIGNING_SECRET: 'workerd-payments-media-signing-secret-0123' };
    testMode = new Miniflare({ handleRuntimeStdio: log.handleRuntimeStdio, workers: [appWorker(bundleDir, assets, { ...base, PAYMENTS: 'test' })] });
    stripeMode = new Miniflare({
      handleRuntimeStdio: log.handleRuntimeStdio,
      workers: [appWorker(bundleDir, assets, { ...base, STRIPE_SECRET_KEY: 'sk_test_workerd', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url })],
    });
    await Promise.all([testMode.ready, stripeMode.ready]);
    testCall = journeyClient((url, init) => testMode.dispatchFetch(url, init as never) as unknown as Promise<Response>);
    stripeCall = journeyClient((url, init) => stripeMode.dispatchFetch(url, init as never) as unknown as Promise<Response>);
  }, 180_000);

  afterEach((context) => {
    const output = log.take();
    if (context.task.result?.state === 'fail' && output) console.error(`workerd output:\n${output}`);
  });

  afterAll(async () => {
    await testMode?.dispose();
    await stripeMode?.dispose();
    await server?.close();
    await fake?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('buys a course with the test provider: signed event, same handler, enrolled', async () => {
    const { token } = await signUpAndIn(testCall);
    const started = await testCall<{ sessionId: string; order: { id: number; status: string } }>('POST /api/simple-checkout', '/api/simple-checkout', {
      json: { type: 'COURSE', itemId: courseIds[0] },
      token,
      expect: 201,
    });
    expect(started.body.sessionId).toMatch(/^cs_test_/);
    const paid = await testCall<{ status: string }>('POST /api/payments/test-checkout/:sessionId/pay', `/api/payments/test-checkout/${started.body.sessionId}/pay`, {
      json: PAYING_CARD,
      token,
    });
    expect(paid.body.status).toBe('paid');
    const confirmed = await testCall<{ order: { status: string; items: { fulfilled: boolean }[] } }>('POST /api/checkout/confirm', '/api/checkout/confirm', {
      json: { sessionId: started.body.sessionId },
      token,
    });
    expect(confirmed.body.order).toMatchObject({ status: 'paid', items: [{ fulfilled: true }] });
    const mine = await testCall<{ course_id?: number; courseId?: number }[]>('GET /api/enrollments', '/api/enrollments', { token });
    expect(JSON.stringify(mine.body)).toContain(`"course_id":${courseIds[0]}`);
  });

  it('creates a Stripe Checkout session through the fetch client and verifies webhooks with SubtleCrypto', async () => {
    const { token } = await signUpAndIn(stripeCall);
    const started = await stripeCall<{ sessionId: string; checkoutUrl: string; order: { id: number; number: string; totalCents: number } }>(
      'POST /api/simple-checkout',
      '/api/simple-checkout',
      { json: { type: 'COURSE', itemId: courseIds[1] }, token, expect: 201 },
    );
    expect(started.body.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${started.body.sessionId}`);
    expect(fake.requests.find((r) => r.path === '/v1/checkout/sessions')?.form['line_items[0][price_data][unit_amount]']).toBe('3900');

    const event = {
      id: `evt_workerd_${started.body.order.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: started.body.sessionId,
          object: 'checkout.session',
          amount_total: started.body.order.totalCents,
          payment_status: 'paid',
          payment_intent: 'pi_workerd_1',
          metadata: { orderId: String(started.body.order.id), orderNumber: started.body.order.number },
        },
      },
    };
    const payload = JSON.stringify(event);
    const send = (header: string) =>
      stripeMode.dispatchFetch('http://localhost/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload }) as unknown as Promise<Response>;
    const forged = await send(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' }));
    expect(forged.status).toBe(400);
    const good = await send(Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true, outcome: 'paid' });
    const confirmed = await stripeCall<{ order: { status: string } }>('POST /api/checkout/confirm', '/api/checkout/confirm', { json: { sessionId: started.body.sessionId }, token });
    expect(confirmed.body.order.status).toBe('paid');
  });
});
