/**
 * The answer shapes of plans, subscriptions and invoices (decision 0031), which the API answers and
 * the site reads (decision 0054). The plan card carries id, name, level, the monthly and yearly
 * prices and the features with an included flag; the subscription carries is_active, status,
 * plan {name, tier} and current_period_end. Money is in cents (`*_cents`) and, where a page shows a
 * price, also in dollars.
 */
import type { BillingInterval, PlanFeature, PlanKeyName } from '../../db/schema/subscriptions.ts';

export interface PlanView {
  id: number;
  /** free, educator, premium, royalty: also the `tier` of /subscription?tier= and of the subscription's plan. */
  key: PlanKeyName;
  tier: PlanKeyName;
  name: string;
  level: number;
  description: string;
  /** Dollars, as the plan card reads them. */
  price: number;
  monthlyPrice: number;
  yearlyPrice: number;
  monthly_price_cents: number;
  yearly_price_cents: number;
  /** The real saving of yearly against twelve months, in percent (17 for 29/290). */
  yearly_saving_percent: number;
  features: PlanFeature[];
  active: boolean;
  position: number;
}

/** An admin's view of a plan adds the Stripe ids it is synced to. */
export interface AdminPlanView extends PlanView {
  stripe_product_id: string | null;
  stripe_monthly_price_id: string | null;
  stripe_yearly_price_id: string | null;
  /** Live (trialing, active, past due) subscriptions on this plan. */
  subscriber_count: number;
  updated_at: string;
}

export interface SubscriptionPlanRef {
  id: number;
  name: string;
  tier: PlanKeyName;
  level: number;
}

export interface SubscriptionView {
  id: number;
  /** Status active or trialing, and not past the end of a cancelled period. */
  is_active: boolean;
  status: string;
  plan: SubscriptionPlanRef;
  interval: BillingInterval;
  price_cents: number;
  currency: string;
  cancel_at_period_end: boolean;
  trial_start: string | null;
  trial_end: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  canceled_at: string | null;
  ended_at: string | null;
  /** A downgrade or a switch to monthly waiting for the period end. */
  scheduled_change: { plan: SubscriptionPlanRef; interval: BillingInterval; effective_at: string | null } | null;
  provider: 'stripe' | 'test';
  created_at: string;
}

export interface InvoiceLineView {
  description: string;
  amount_cents: number;
}

export interface InvoiceView {
  id: number;
  subscription_id: number;
  number: string | null;
  status: string;
  billing_reason: string | null;
  amount_due_cents: number;
  amount_paid_cents: number;
  refunded_cents: number;
  currency: string;
  lines: InvoiceLineView[];
  period_start: string | null;
  period_end: string | null;
  paid_at: string | null;
  failure_reason: string | null;
  created_at: string;
  /** Our printable receipt (/profile/manage/invoices/{id}); Stripe's hosted invoice when there is one. */
  receipt_url: string;
  hosted_invoice_url: string | null;
}

/** What a change of plan or interval would do (GET /api/subscriptions/change/preview). */
export interface ChangePreview {
  kind: 'upgrade' | 'downgrade' | 'interval';
  /** `now`: prorated at once (an upgrade, or monthly → yearly); `period_end`: scheduled. */
  effective: 'now' | 'period_end';
  effective_at: string | null;
  from: { plan: SubscriptionPlanRef; interval: BillingInterval; price_cents: number };
  to: { plan: SubscriptionPlanRef; interval: BillingInterval; price_cents: number };
  credit_cents: number;
  charge_cents: number;
  due_cents: number;
  trialing: boolean;
}

/** GET /api/features/check/{feature}: hasAccess, and what the gate shows. */
export interface FeatureCheckView {
  feature: string;
  hasAccess: boolean;
  name: string;
  description: string;
  level: number;
  required_plan: { key: PlanKeyName; name: string };
}
