import type Stripe from 'stripe';
import type { OrderRow } from '../../../../db/schema/commerce.ts';
import type { Platform } from '../../platform/context.ts';

/**
 * The payment provider interface (decision 0024): Stripe Checkout when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set, else the built-in test provider. Both hand out a hosted checkout
 * page and send Stripe-shaped, signed events to the one webhook handler.
 */

export type ProviderName = 'stripe' | 'test';

export interface CheckoutLine {
  name: string;
  /** Per unit, in cents. */
  unitAmountCents: number;
  quantity: number;
}

export interface CheckoutSessionInput {
  order: Pick<OrderRow, 'id' | 'number' | 'totalCents' | 'currency'>;
  lines: CheckoutLine[];
  customerEmail: string | null;
  expiresAt: Date;
  /** Absolute or site-relative; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  /**
   * A Stripe Connect destination charge (decision 0029): the payment goes to the seller's
   * connected account and the platform keeps `applicationFeeCents`. Only Stripe reads it.
   */
  destination?: { accountId: string; applicationFeeCents: number } | null;
}

export interface CheckoutSession {
  sessionId: string;
  checkoutUrl: string;
  expiresAt: Date;
}

export interface RefundInput {
  order: Pick<OrderRow, 'id' | 'number' | 'totalCents' | 'refundedCents' | 'providerPaymentIntentId' | 'providerSessionId'> & Partial<Pick<OrderRow, 'metadata'>>;
  amountCents: number;
  /** Our refunds row's id: the provider's refund carries it back in its metadata. */
  refundId: number;
  orderItemIds?: number[] | null;
}

/** What the handler reads of an event: Stripe's own event object. */
export type ProviderEvent = Stripe.Event;

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** Ends an open session (a dismissed pending payment); a session already ended is left as it is. */
  expireSession(sessionId: string): Promise<void>;
  refund(input: RefundInput): Promise<{ providerRefundId: string }>;
  /** Checks the Stripe-Signature header over the raw body and parses the event; throws when it does not match. */
  verifyAndParseEvent(payload: string, signature: string | null): Promise<ProviderEvent>;
}

export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function providerNameOf(env: Platform['env']): ProviderName {
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test';
}

/** The connected account an order was charged to (orders.metadata `connect_destination`), or null. */
export function connectDestinationOf(metadata: string | null | undefined): string | null {
  if (!metadata) return null;
  try {
    const value = (JSON.parse(metadata) as { connect_destination?: unknown }).connect_destination;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

/** Thrown when the provider could not be reached or refused a call. */
export class ProviderError extends Error {}
