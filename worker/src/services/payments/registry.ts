import type { ItemKind } from '../../domain/orders.ts';
import { bookingFulfiller, describeBookings } from '../bookings/payment.ts';
import { describePackages, packageFulfiller } from '../bookings/packages.ts';
import { describeCourses, describeResources, registerPurchasableKind, type KindDescriber } from '../purchasables.ts';
import { describeFeedbackCredits, feedbackCreditsFulfiller } from '../practice/credit-sales.ts';
import { courseFulfiller, registerFulfiller, resourceFulfiller, type Fulfiller } from './fulfilment.ts';

/**
 * Everything the app sells, in one place (decision 0050). Per kind of order line:
 *   - its describer (purchasables.ts): title, price and whether this buyer may buy it now, read by
 *     the cart, the checkout and the orders;
 *   - its fulfiller (fulfilment.ts): the statements that grant a paid line in the payment's batch,
 *     and its refund rule, `revoke`: what a refund that ends the line takes back (the enrolment,
 *     the ownership, the booking, the package's credits) with the seller's ledger row;
 *     optionally the emails to others on payment and what an order that ended unpaid frees.
 * A kind without a describer cannot be put into a cart or a checkout of items; a kind without a
 * fulfiller grants nothing through the order handler. SUBSCRIPTION has neither: a plan is sold by
 * its own checkout (subscriptions/checkout.ts) and its line is paid and fulfilled by the
 * subscription handler (subscriptions/events.ts); its refunds are the invoices' (same handler).
 *
 * No kind registers itself when its module loads: `registerSellableKinds` does, once, and the
 * routes that sell and take payments call it when they are built.
 */

export interface SellableKind {
  describer: KindDescriber | null;
  fulfiller: Fulfiller | null;
}

export const SELLABLE_KINDS: Readonly<Record<ItemKind, SellableKind>> = {
  COURSE: { describer: describeCourses, fulfiller: courseFulfiller },
  RESOURCE: { describer: describeResources, fulfiller: resourceFulfiller },
  SUBSCRIPTION: { describer: null, fulfiller: null },
  BOOKING: { describer: describeBookings, fulfiller: bookingFulfiller },
  PACKAGE: { describer: describePackages, fulfiller: packageFulfiller },
  FEEDBACK_CREDITS: { describer: describeFeedbackCredits, fulfiller: feedbackCreditsFulfiller },
};

let registered = false;

/** Registers every kind's describer and fulfiller (in the order above); later calls do nothing. */
export function registerSellableKinds(): void {
  if (registered) return;
  registered = true;
  for (const [kind, { describer, fulfiller }] of Object.entries(SELLABLE_KINDS) as [ItemKind, SellableKind][]) {
    if (describer) registerPurchasableKind(kind, describer);
    if (fulfiller) registerFulfiller(kind, fulfiller);
  }
}
