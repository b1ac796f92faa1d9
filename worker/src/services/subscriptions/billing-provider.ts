import type { BillingInterval, SubscriptionInvoiceRow, SubscriptionPlanRow, SubscriptionRow } from '../../../../db/schema/subscriptions.ts';
import type { Platform } from '../../platform/context.ts';
import { providerNameOf, type ProviderName } from '../payments/provider.ts';
import { createStripeBilling } from './stripe-billing.ts';
import { createTestBilling } from './test-billing.ts';

/**
 * The billing side of the payment provider (decision 0031): Stripe Billing when Stripe's keys are
 * set, else the test provider's simulation on our own rows. Every change ends up as a subscription
 * object applied through the webhook handler's guarded upsert (Stripe: the object its API answers
 * and, later, its events; the test provider: the signed events it sends).
 */

export interface SubscriptionCheckoutInput {
  order: { id: number; number: string; totalCents: number; currency: string };
  plan: SubscriptionPlanRow;
  interval: BillingInterval;
  /** The plan's price for the interval, in cents. */
  priceCents: number;
  /** 14 for an account that never had a trial, else null. */
  trialDays: number | null;
  userId: number;
  customerEmail: string | null;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProvider {
  readonly name: ProviderName;
  createCheckout(input: SubscriptionCheckoutInput): Promise<{ sessionId: string; checkoutUrl: string; expiresAt: Date }>;
  /** Sets (cancel at the period end) or clears (resume) cancel_at_period_end. */
  setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean): Promise<void>;
  /** Ends the subscription now. */
  cancelNow(sub: SubscriptionRow): Promise<void>;
  /** An upgrade or monthly → yearly: at once, prorated, invoiced now. */
  changeNow(sub: SubscriptionRow, plan: SubscriptionPlanRow, interval: BillingInterval): Promise<void>;
  /** A downgrade or yearly → monthly: at the period end. */
  scheduleChange(sub: SubscriptionRow, plan: SubscriptionPlanRow, interval: BillingInterval): Promise<void>;
  clearScheduledChange(sub: SubscriptionRow): Promise<void>;
  /** Refunds `amountCents` of a paid invoice's charge (its refund event records it). */
  refundInvoice(invoice: SubscriptionInvoiceRow, amountCents: number): Promise<void>;
  /** Stripe's billing portal for the subscription's customer; the test provider has none (409). */
  portalUrl(sub: SubscriptionRow, returnUrl: string): Promise<string>;
}

const providers = new WeakMap<Platform, BillingProvider>();

/** The billing provider of this runtime, chosen as getPaymentProvider chooses (made once per platform). */
export function getBillingProvider(platform: Platform): BillingProvider {
  let provider = providers.get(platform);
  if (!provider) {
    provider = providerNameOf(platform.env) === 'stripe' ? createStripeBilling(platform) : createTestBilling(platform);
    providers.set(platform, provider);
  }
  return provider;
}
