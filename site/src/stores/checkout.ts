import { apiFetch } from '../lib/api.ts';
import type { ItemKind, Order } from './orders.ts';

/**
 * The checkout calls of the commerce contract (helper P's API): the quote a review page shows,
 * starting a payment (the cart or one item), and what the return pages read. The pages that use
 * them are public script islands (decision 0023), so this module imports nothing but the fetch
 * helper.
 */

export { TEST_MODE_LABEL } from '../lib/purchase.ts';

/** The checkout quote as the server answers it (worker/src/services/payments/checkout.ts). */
export type { Quote, QuoteLine } from '../../../worker/src/services/payments/checkout.ts';
import type { Quote } from '../../../worker/src/services/payments/checkout.ts';

/** One item bought directly (Buy now), or the server cart when absent. */
export interface DirectItem {
  type: ItemKind;
  itemId: number;
}

export interface CheckoutStarted {
  order: Order;
  checkoutUrl: string;
  sessionId: string;
}

/** POST /api/checkout/quote: current prices, the coupon's effect or why it is refused. */
export function fetchQuote(couponCode: string | null, item: DirectItem | null): Promise<Quote> {
  return apiFetch<Quote>('/api/checkout/quote', {
    method: 'POST',
    json: { ...(couponCode ? { couponCode } : {}), ...(item ? { items: [{ type: item.type, itemId: item.itemId, quantity: 1 }] } : {}) },
  });
}

/** POST /api/checkout (the cart) or POST /api/simple-checkout (one item): an order and where to pay. */
export function startCheckout(couponCode: string | null, item: DirectItem | null): Promise<CheckoutStarted> {
  const coupon = couponCode ? { couponCode } : {};
  return item
    ? apiFetch<CheckoutStarted>('/api/simple-checkout', { method: 'POST', json: { type: item.type, itemId: item.itemId, ...coupon } })
    : apiFetch<CheckoutStarted>('/api/checkout', { method: 'POST', json: coupon });
}

/** POST /api/checkout/confirm: the order of a session as it stands (it never fulfils). */
export async function confirmOrder(sessionId: string): Promise<Order> {
  return (await apiFetch<{ order: Order }>('/api/checkout/confirm', { method: 'POST', json: { sessionId } })).order;
}

/** POST /api/checkout/cancel: the buyer left the provider's page; the order is cancelled, the cart kept. */
export async function cancelOrder(sessionId: string): Promise<Order> {
  return (await apiFetch<{ order: Order }>('/api/checkout/cancel', { method: 'POST', json: { sessionId } })).order;
}

// ---------------------------------------------------------------------------------------------
// The test provider's hosted page (/checkout/stripe?session={id})

export interface TestSession {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  order: Order;
  expiresAt: string | null;
  successUrl: string;
  cancelUrl: string;
  /** A plan's checkout: the subscription's terms ("14-day free trial, then $290.00 per year"). */
  subscription?: { planKey: string; interval: 'month' | 'year'; priceCents: number; trialDays: number | null; terms: string } | null;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Stripe's documented test cards (the hint on the hosted page). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'pays' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 0341', outcome: 'pays now; a subscription’s later charges fail' },
] as const;

export function fetchTestSession(sessionId: string): Promise<TestSession> {
  return apiFetch<TestSession>(`/api/payments/test-checkout/${encodeURIComponent(sessionId)}`);
}

export function payTestSession(sessionId: string, card: CardInput): Promise<{ status: 'paid'; redirectUrl: string }> {
  return apiFetch(`/api/payments/test-checkout/${encodeURIComponent(sessionId)}/pay`, { method: 'POST', json: card });
}

/** A card number as typed, grouped by four: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(input: string): string {
  return input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry as typed: '1228' → '12/28'. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The session id of a return or hosted page's address (?session_id= or ?session=). */
export function sessionIdOf(search: string): string | null {
  const params = new URLSearchParams(search);
  const id = params.get('session_id') ?? params.get('session');
  return id && /^[\w-]{1,200}$/.test(id) ? id : null;
}

/** The item of /simple-checkout?type=COURSE&itemId=5, or null when the address names none. */
export function directItemOf(search: string): DirectItem | null {
  const params = new URLSearchParams(search);
  const type = (params.get('type') ?? '').toUpperCase();
  const itemId = Number(params.get('itemId') ?? params.get('id'));
  if (!['COURSE', 'RESOURCE', 'SUBSCRIPTION', 'BOOKING'].includes(type) || !Number.isInteger(itemId) || itemId < 1) return null;
  return { type: type as ItemKind, itemId };
}
