import type { InferRequestType } from 'hono/client';
import { api, call, type Answer } from '../lib/api-client.ts';
import type { ItemKind, Order } from './orders.ts';

/**
 * The checkout calls of the commerce contract (helper P's API): the quote a review page shows,
 * starting a payment (the cart or one item), and what the return pages read. The pages that use
 * them are public script islands (decision 0023), so this module imports nothing but the typed
 * client (decision 0059).
 */

export { TEST_MODE_LABEL } from '../lib/purchase.ts';

/** The checkout quote as the server answers it (shared/payments/checkout.ts). */
export type { Quote, QuoteLine } from '../../../shared/payments/checkout.ts';
import type { Quote } from '../../../shared/payments/checkout.ts';

/** One item bought directly (Buy now), or the server cart when absent. */
export interface DirectItem {
  type: ItemKind;
  itemId: number;
}

/** An order and where to pay, as POST /api/checkout answers it. */
export type CheckoutStarted = Answer<typeof api.checkout.$post>;

/** POST /api/checkout/quote: current prices, the coupon's effect or why it is refused. */
export function fetchQuote(couponCode: string | null, item: DirectItem | null): Promise<Quote> {
  return call(
    api.checkout.quote.$post({
      json: { ...(couponCode ? { couponCode } : {}), ...(item ? { items: [{ type: item.type, itemId: item.itemId, quantity: 1 }] } : {}) },
    }),
  );
}

/** POST /api/checkout (the cart) or POST /api/simple-checkout (one item): an order and where to pay. */
export function startCheckout(couponCode: string | null, item: DirectItem | null): Promise<CheckoutStarted> {
  const coupon = couponCode ? { couponCode } : {};
  return item
    ? call(api['simple-checkout'].$post({ json: { type: item.type, itemId: item.itemId, ...coupon } }))
    : call(api.checkout.$post({ json: coupon }));
}

/** The items a visitor checks out: one item (Buy now) or the guest cart's lines. */
export type GuestItems = { type: ItemKind; itemId: number; quantity?: number }[];

/** POST /api/checkout/guest/quote: a visitor's review, without an account (decision 0065), with a coupon code (decision 0071). */
export function fetchGuestQuote(items: GuestItems, couponCode?: string | null): Promise<Quote> {
  return call(api.checkout.guest.quote.$post({ json: couponCode ? { items, couponCode } : { items } }));
}

/** POST /api/checkout/guest: the account made with the order, signed in here, and where to pay. */
export function startGuestCheckout(input: { email: string; firstName: string; lastName: string; items: GuestItems; couponCode?: string }) {
  return call(api.checkout.guest.$post({ json: input }));
}

/** POST /api/checkout/receipt-email: an address for an account without one; the receipt goes to it. */
export function saveReceiptEmail(sessionId: string, email: string): Promise<{ email: string }> {
  return call(api.checkout['receipt-email'].$post({ json: { sessionId, email } }));
}

/** POST /api/checkout/confirm: the order of a session as it stands (it never fulfils). */
export async function confirmOrder(sessionId: string): Promise<Order> {
  return (await call(api.checkout.confirm.$post({ json: { sessionId } }))).order;
}

/** POST /api/checkout/cancel: the buyer left the provider's page; the order is cancelled, the cart kept. */
export async function cancelOrder(sessionId: string): Promise<Order> {
  return (await call(api.checkout.cancel.$post({ json: { sessionId } }))).order;
}

// ---------------------------------------------------------------------------------------------
// The test provider's hosted page (/checkout/stripe?session={id})

const testCheckout = api.payments['test-checkout'][':sessionId'];

/** The hosted page's session, as GET /api/payments/test-checkout/:sessionId answers it. */
export type TestSession = Answer<typeof testCheckout.$get>;

/** The card typed on the hosted page, as its pay route reads it (every field is on the form, the name may be empty). */
export type CardInput = Required<InferRequestType<typeof testCheckout.pay.$post>['json']>;

/** Stripe's documented test cards (the hint on the hosted page). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'pays' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 0341', outcome: 'pays now; a subscription’s later charges fail' },
] as const;

export function fetchTestSession(sessionId: string): Promise<TestSession> {
  return call(testCheckout.$get({ param: { sessionId: encodeURIComponent(sessionId) } }));
}

export function payTestSession(sessionId: string, card: CardInput): Promise<Answer<typeof testCheckout.pay.$post>> {
  return call(testCheckout.pay.$post({ param: { sessionId: encodeURIComponent(sessionId) }, json: card }));
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
