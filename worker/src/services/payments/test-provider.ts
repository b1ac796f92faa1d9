import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { appSecrets, orders, type OrderRow } from '../../../../db/schema/index.ts';
import { memoized, type Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { ProviderError, type CheckoutSessionInput, type PaymentProvider, type ProviderEvent, type RefundInput } from './provider.ts';
import { receiveWebhook, type HandledEvent } from './dispatch.ts';

/**
 * The built-in test provider (decision 0024), used when Stripe's keys are not set. Its sessions
 * are the order rows themselves (provider_session_id `cs_test_…`), its hosted page is the site's
 * /checkout/stripe, and everything it decides is sent as a Stripe-shaped event, signed with the
 * SDK's own test-header helper and a webhook secret kept in app_secrets, to the same handler as
 * Stripe's events. Nothing after the payment differs between the two modes.
 */

const WEBHOOK_SECRET_NAME = 'test-payments-webhook-secret';
const API_VERSION = Stripe.API_VERSION;
const cryptoProvider = Stripe.createSubtleCryptoProvider();
const webhooks = Stripe.webhooks;

function randomToken(length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

export const newTestSessionId = () => `cs_test_${randomToken(32)}`;

async function storedWebhookSecret(db: Db): Promise<string> {
  const read = () => db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, WEBHOOK_SECRET_NAME)).limit(1);
  const [found] = await read();
  if (found) return found.value;
  await db
    .insert(appSecrets)
    .values({ name: WEBHOOK_SECRET_NAME, value: `whsec_${randomToken(40)}` })
    .onConflictDoNothing();
  const [stored] = await read();
  if (!stored) throw new Error('The test provider webhook secret could not be stored');
  return stored.value;
}

/** The test provider's webhook secret: generated once, kept in app_secrets, read once per runtime. */
export function testWebhookSecret(platform: Platform): Promise<string> {
  return memoized(platform, WEBHOOK_SECRET_NAME, () => storedWebhookSecret(platform.db));
}

type SessionOrder = Pick<OrderRow, 'id' | 'number' | 'totalCents' | 'currency' | 'userId' | 'providerSessionId' | 'providerPaymentIntentId' | 'expiresAt'>;

const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : Math.floor(Date.now() / 1000));

/** A Stripe-shaped event (only the fields the handler and a reader of the log need). */
function event(type: string, object: Record<string, unknown>): ProviderEvent {
  return {
    id: `evt_test_${randomToken(24)}`,
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as ProviderEvent;
}

const paymentIntentOf = (order: SessionOrder) => order.providerPaymentIntentId ?? `pi_test_${order.number.replace(/-/g, '')}`;

function sessionObject(order: SessionOrder, status: 'complete' | 'expired', paymentStatus: 'paid' | 'unpaid') {
  const metadata = { orderId: String(order.id), orderNumber: order.number };
  return {
    id: order.providerSessionId,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: order.totalCents,
    currency: order.currency,
    client_reference_id: String(order.id),
    metadata,
    expires_at: seconds(order.expiresAt),
    livemode: false,
    payment_intent: paymentStatus === 'paid' ? paymentIntentOf(order) : null,
    payment_status: paymentStatus,
    status,
  };
}

/** The events the test provider sends; also what the delivery-schedule tests replay. */
export const testEvents = {
  completed: (order: SessionOrder) => event('checkout.session.completed', sessionObject(order, 'complete', 'paid')),
  expired: (order: SessionOrder) => event('checkout.session.expired', sessionObject(order, 'expired', 'unpaid')),
  /** `amountRefunded` is the charge's running total, as Stripe sends it. */
  refunded: (order: SessionOrder, amountRefunded: number, refund: { id: string; amount: number; refundId?: number; orderItemIds?: number[] | null }) => {
    const metadata = { orderId: String(order.id), orderNumber: order.number };
    return event('charge.refunded', {
      id: `ch_test_${order.number.replace(/-/g, '')}`,
      object: 'charge',
      amount: order.totalCents,
      amount_captured: order.totalCents,
      amount_refunded: amountRefunded,
      currency: order.currency,
      metadata,
      paid: true,
      payment_intent: paymentIntentOf(order),
      refunded: amountRefunded >= order.totalCents,
      refunds: {
        object: 'list',
        data: [
          {
            id: refund.id,
            object: 'refund',
            amount: refund.amount,
            currency: order.currency,
            status: 'succeeded',
            metadata: {
              ...metadata,
              ...(refund.refundId ? { refundId: String(refund.refundId) } : {}),
              orderItemIds: JSON.stringify(refund.orderItemIds ?? []),
            },
          },
        ],
      },
    });
  },
};

export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /** Signs an event as Stripe would and hands it to the webhook handler. */
  deliver(event: ProviderEvent): Promise<HandledEvent>;
  /** The signature header of a payload, as Stripe's would be. */
  sign(payload: string): Promise<string>;
}

export function createTestProvider(platform: Platform): TestProvider {
  const { db } = platform;
  const sign = async (payload: string) =>
    webhooks.generateTestHeaderStringAsync({ payload, secret: await testWebhookSecret(platform), cryptoProvider });

  const provider: TestProvider = {
    name: 'test',

    async createCheckoutSession(input: CheckoutSessionInput) {
      const sessionId = newTestSessionId();
      return { sessionId, checkoutUrl: `/checkout/stripe?session=${encodeURIComponent(sessionId)}`, expiresAt: input.expiresAt };
    },

    async expireSession(sessionId: string) {
      const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId)).limit(1);
      if (!order || order.provider !== 'test') return;
      await provider.deliver(testEvents.expired(order));
    },

    async refund(input: RefundInput) {
      const [order] = await db.select().from(orders).where(eq(orders.id, input.order.id)).limit(1);
      if (!order || order.provider !== 'test') throw new ProviderError('This order was not paid through the test provider.');
      if (!order.paidAt) throw new ProviderError('This order has no payment to refund.');
      const providerRefundId = `re_test_${randomToken(24)}`;
      // Like Stripe's charge, the event carries the running total: every refund asked for up to
      // this one (concurrent refunds each count the others before them; the handler keeps the max).
      const [sum] = await db.all<{ total: number | null; own: number }>(sql`SELECT SUM(amount_cents) AS total, COUNT(*) AS own
        FROM refunds WHERE order_id = ${order.id} AND status <> 'failed' AND id <= ${input.refundId}`);
      const asked = sum && Number(sum.own) > 0 ? Number(sum.total ?? 0) : order.refundedCents + input.amountCents;
      const runningTotal = Math.min(order.totalCents, asked);
      await provider.deliver(
        testEvents.refunded(order, runningTotal, { id: providerRefundId, amount: input.amountCents, refundId: input.refundId, orderItemIds: input.orderItemIds ?? null }),
      );
      return { providerRefundId };
    },

    async verifyAndParseEvent(payload: string, signature: string | null) {
      return webhooks.constructEventAsync(payload, signature ?? '', await testWebhookSecret(platform), undefined, cryptoProvider);
    },

    async deliver(evt: ProviderEvent) {
      const payload = JSON.stringify(evt);
      return receiveWebhook(platform, provider, payload, await sign(payload));
    },

    sign,
  };
  return provider;
}

/** The Stripe-shaped event builder, for the test provider's billing side (services/subscriptions/test-billing.ts). */
export { event as stripeShapedEvent };
