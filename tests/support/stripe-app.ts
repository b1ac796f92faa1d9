import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A test file's app that talks to the local fake of Stripe's API (STRIPE_API_BASE), with its keys,
 * and the Stripe events such a file sends to /api/payments/webhook, signed with the SDK's own
 * test-header helper.
 */

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

export interface StripeFakeApp extends StripeKeys {
  /** Set once the file's (or describe block's) beforeAll has run. */
  app: TestApp;
  fake: StripeFake;
}

/** Starts the fake and an app configured for it before the tests of the file or block it is called in; closes both after. */
export function useStripeFakeApp(keys: StripeKeys): StripeFakeApp {
  const ctx = { ...keys } as StripeFakeApp;
  beforeAll(async () => {
    ctx.fake = await startStripeFake();
    ctx.app = await createTestApp({
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_BASE: ctx.fake.url,
      PUBLIC_URL: 'https://drx.example',
    });
  });
  afterAll(async () => {
    ctx.app.close();
    await ctx.fake.close();
  });
  return ctx;
}

let eventCounter = 0;

/** A Stripe event around `object`, with an id no other event of the run has. */
export function stripeEvent(type: string, object: unknown, { idPrefix = 'evt_fake', created = Math.floor(Date.now() / 1000) } = {}) {
  eventCounter += 1;
  return { id: `${idPrefix}_${Date.now()}_${eventCounter}`, object: 'event', type, created, livemode: false, data: { object } };
}

/** The event's body and the stripe-signature header for it under `secret`. */
export function signedEvent(event: unknown, secret: string): { payload: string; header: string } {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Posts a webhook body with its signature header (none when null). */
export function postWebhook(app: TestApp, payload: string, header: string | null) {
  return app.request('/api/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    body: payload,
  });
}
