import type { ITEM_KINDS, ORDER_STATUSES, ORDER_TYPES } from '../../../db/schema/commerce.ts';

/**
 * Orders as pure rules: what type of pending payment an order is, how it is described, which
 * state changes are allowed, and how the state follows the provider's facts (decision 0024).
 */

export type ItemKind = (typeof ITEM_KINDS)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How long a checkout session stays open (the test provider's and Stripe's; Stripe allows 30 min to 24 h). */
export const CHECKOUT_SESSION_MINUTES = 30;

const TYPE_OF_KIND: Record<ItemKind, OrderType> = {
  COURSE: 'course',
  RESOURCE: 'resource',
  SUBSCRIPTION: 'subscription',
  BOOKING: 'booking',
  PACKAGE: 'booking',
  // A course's feedback credits are bought by its learners, beside the course.
  FEEDBACK_CREDITS: 'course',
};

/** An order's type as a pending payment: its items' kind, or 'order' when they are mixed. */
export function orderTypeOf(kinds: readonly ItemKind[]): OrderType {
  const distinct = new Set(kinds);
  const types = new Set([...distinct].map((k) => TYPE_OF_KIND[k]));
  if (types.size !== 1) return 'order';
  return TYPE_OF_KIND[[...distinct][0]!];
}

/** "Salsa Basics", "Salsa Basics and 2 more items". */
export function orderDescription(lines: readonly { title: string; quantity: number }[]): string {
  if (lines.length === 0) return 'Empty order';
  const first = lines[0]!;
  const head = first.quantity > 1 ? `${first.title} × ${first.quantity}` : first.title;
  if (lines.length === 1) return head;
  const rest = lines.length - 1;
  return `${head} and ${rest} more item${rest === 1 ? '' : 's'}`;
}

/** Statuses after which the buyer has paid (whatever was refunded since). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];
/** Statuses of an order that ended unpaid. */
export const CLOSED_UNPAID_STATUSES: readonly OrderStatus[] = ['failed', 'expired', 'cancelled'];

export const isPaidStatus = (status: OrderStatus) => PAID_STATUSES.includes(status);

/**
 * The allowed moves. A completed payment wins over a local closure (expired, cancelled, failed):
 * the money was taken, so the order is paid whatever order the events came in.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed', 'expired', 'cancelled', 'refunded', 'partially_refunded'],
  failed: ['paid', 'refunded', 'partially_refunded'],
  expired: ['paid', 'refunded', 'partially_refunded'],
  cancelled: ['paid', 'refunded', 'partially_refunded'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['refunded'],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A paid order's status from what has been refunded of it. */
export function paidStatusFor(totalCents: number, refundedCents: number): OrderStatus {
  if (refundedCents <= 0) return 'paid';
  return refundedCents >= totalCents ? 'refunded' : 'partially_refunded';
}

/**
 * The status the provider's facts call for, whatever order they arrived in: paid (less what was
 * refunded) once the payment completed; else expired or cancelled when the session ended; else
 * still pending.
 */
export function statusFromFacts(facts: { paid: boolean; closed: 'expired' | 'cancelled' | 'failed' | null; totalCents: number; refundedCents: number }): OrderStatus {
  if (facts.paid) return paidStatusFor(facts.totalCents, facts.refundedCents);
  return facts.closed ?? 'pending';
}

/** Crockford's base32 without I, L, O, U: easy to read aloud and to type. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An order number: DRX- and 10 random characters (50 bits), grouped for reading. Not derived
 * from the id, so nobody can guess another buyer's number; the unique index catches the
 * (astronomically rare) repeat.
 */
export function newOrderNumber(random: (bytes: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = random(10);
  let out = '';
  for (let i = 0; i < 10; i++) out += NUMBER_ALPHABET[bytes[i]! % 32];
  return `DRX-${out.slice(0, 5)}-${out.slice(5)}`;
}

export const ORDER_NUMBER_PATTERN = /^DRX-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** Dollars as a number (the API's `price`/`amount` fields), from integer cents. */
export const dollars = (cents: number) => Math.round(cents) / 100;

/** "$12.50" for emails and the provider's line names (the site formats through site/src/lib/currency.ts). */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
