import type { ConnectStatus } from './connect.ts';

/** What the API answers and the site reads of worker/src/services/store/seller-money.ts (decision 0054). */

export interface LedgerEntryView {
  id: number;
  type: 'sale' | 'refund' | 'payout';
  created_at: string;
  description: string;
  order_id: number | null;
  order_number: string | null;
  resource: { id: number; title: string } | null;
  /** Signed: refunds and payouts are negative. */
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
  /** Paid to the seller's Stripe account with the charge (not part of the balance). */
  paid_directly: boolean;
  payout_id: number | null;
}

export interface PayoutView {
  id: number;
  amount_cents: number;
  amount: number;
  status: 'pending' | 'paid' | 'failed';
  provider_transfer_id: string | null;
  test_mode: boolean;
  created_at: string;
  paid_at: string | null;
}

export interface SellerPayments {
  balance_cents: number;
  balance: number;
  totals: {
    /** Gross of every sale, before fees and refunds. */
    sales_cents: number;
    /** The platform's fees, net of the fees given back with refunds. */
    fees_cents: number;
    /** Gross refunded (negative or 0). */
    refunds_cents: number;
    /** What the seller earned: net of fees and refunds. */
    earned_cents: number;
    /** Sent by payouts (positive). */
    paid_out_cents: number;
    /** Paid straight to the seller's Stripe account with the charge. */
    paid_directly_cents: number;
  };
  platform_fee_percent: number;
  connect: ConnectStatus;
  /** Null when a payout may be asked now, else why not. */
  payout_blocked_reason: string | null;
  ledger: { data: LedgerEntryView[]; total: number; page: number; page_size: number };
  payouts: PayoutView[];
  test_mode: boolean;
}
