import { badRequest } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { handleSubscriptionEvent } from '../subscriptions/events.ts';
import type { HandledEvent } from './claims.ts';
import type { PaymentProvider, ProviderEvent, ProviderName } from './provider.ts';
import { handleOrderEvent } from './webhooks.ts';

/**
 * The one webhook (decision 0050): every verified provider event, Stripe's or the test provider's,
 * goes to exactly one handler. The subscription handler (subscriptions/events.ts) takes what is
 * about a subscription: its objects, its invoices, a checkout of mode subscription and the refund
 * of an invoice's charge; it answers null for anything else, which the order handler
 * (webhooks.ts) takes: an order's checkout, its expiry and the refunds of its charge, any other
 * type being recorded as ignored. Both record the event through claims.ts, neither knows the other.
 */

export type { HandledEvent } from './claims.ts';

export const INVALID_SIGNATURE = 'Invalid webhook signature';

/** Verifies and handles a delivery to POST /api/payments/webhook (both providers). */
export async function receiveWebhook(platform: Platform, provider: PaymentProvider, payload: string, signature: string | null): Promise<HandledEvent> {
  let event: ProviderEvent;
  try {
    event = await provider.verifyAndParseEvent(payload, signature);
  } catch {
    throw badRequest(INVALID_SIGNATURE);
  }
  return handlePaymentEvent(platform, provider.name, event);
}

/** Handles a verified event. Unknown types are recorded and answered 200, as Stripe expects. */
export async function handlePaymentEvent(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  return (await handleSubscriptionEvent(platform, provider, event)) ?? handleOrderEvent(platform, provider, event);
}
