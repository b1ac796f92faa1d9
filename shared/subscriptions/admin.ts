import type { AdminPlanView, InvoiceView, SubscriptionView } from './views.ts';

/** What the API answers and the site reads of worker/src/services/subscriptions/admin.ts (decision 0054). */

/** A saved plan, and why its new Stripe prices could not be made (null: made, or not needed). */
export type AdminPlanSaved = AdminPlanView & { stripe_sync_error: string | null };

export interface AdminSubscriber {
  id: number;
  username: string;
  name: string;
  email: string | null;
}

/** A subscription as the admin list shows it: the subscriber's own view, with who and the provider's id. */
export interface AdminSubscriptionRow extends SubscriptionView {
  user: AdminSubscriber;
  provider_subscription_id: string;
}

export interface AdminSubscriptionPage {
  data: AdminSubscriptionRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Tokens of the pages after and before this one (decision 0045). */
  next: string | null;
  prev: string | null;
}

export interface AdminInvoice extends InvoiceView {
  /** What a refund can still give back: paid − refunded (0 unless paid). */
  refundable_cents: number;
  provider_invoice_id: string;
}

export interface AdminSubscriptionDetail extends AdminSubscriptionRow {
  provider_customer_id: string | null;
  /** The payment provider in use made it, so it can be cancelled and refunded here. */
  manageable: boolean;
  /** Newest first. */
  invoices: AdminInvoice[];
}
