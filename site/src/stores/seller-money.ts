import { atom } from 'nanostores';
import type { LedgerEntryView, PayoutView, SellerPayments } from '../../../shared/store/seller-money.ts';
import { api, call, type KeyAnswer } from '../lib/api-client.ts';
import { formatCents } from '../lib/currency.ts';
import { changeMessage, loadMessage } from './admin-store.ts';
import { startPayoutSetup } from './connect-onboarding.ts';
import { bind, invalidate, startingWith, toLoadable, type Loadable } from './query.ts';
import { sellerChange, sellerKeys } from './seller.ts';
import { toast } from './toasts.ts';

/**
 * /seller/payments: the balance, the ledger a page at a time (sales net of the
 * platform fee, refunds, payouts), the payouts, the Connect account, and the two actions — set up
 * payouts (Stripe's Express onboarding, or the test provider's simulated one) and pay out the balance.
 */

export type { LedgerEntryView, PayoutView, SellerPayments };

export const LEDGER_PAGE_SIZE = 20;

export const $paymentsPage = atom(1);
export const $sellerPayments = atom<Loadable<SellerPayments>>({ status: 'idle' });

/** GET /api/seller/payments?page=. */
export async function loadSellerPayments(page: number = $paymentsPage.get()): Promise<void> {
  $paymentsPage.set(page);
  const key = sellerKeys.payments(page);
  await bind<KeyAnswer<typeof key>, Loadable<SellerPayments>>($sellerPayments, key, (value) =>
    toLoadable(value, (p) => p, (error) => loadMessage(error, 'your payments')),
  );
}

/** The ledger page from the address (?page=), 1 unless it is a positive whole number. */
export function paymentsPageOf(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  return raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

/**
 * POST /api/stripe-connect, then go where it says: Stripe's onboarding, or in test mode the
 * simulated one. Resolves false (with a toast) when the setup could not start.
 */
export async function setUpPayouts(go: (url: string) => void = (url) => location.assign(url)): Promise<boolean> {
  try {
    const { url } = await startPayoutSetup();
    go(url);
    return true;
  } catch (error) {
    toast({ title: 'Error', description: `Failed to start the payout setup: ${changeMessage(error)}`, variant: 'destructive' });
    return false;
  }
}

/** POST /api/seller/payouts: the whole balance goes to the seller's payout account. */
export async function payOutBalance(): Promise<boolean> {
  const result = await sellerChange(
    () => call(api.seller.payouts.$post()),
    (payout) => `${formatCents(payout.amount_cents)} was sent to your payout account${payout.test_mode ? ' (test mode: no money moved)' : ''}.`,
    'pay out your balance',
  );
  return result.ok;
}

/**
 * Back from the onboarding (?connect=return): GET /api/stripe-connect/account-status reads the
 * account (from Stripe with keys, which also keeps its payouts flag), then the page reads again.
 */
export async function refreshConnectStatus(): Promise<void> {
  try {
    await call(api['stripe-connect']['account-status'].$get());
  } catch {
    // The payments read below still shows what the database knows.
  }
  invalidate(startingWith('/api/seller/payments'));
  await loadSellerPayments();
}

/** What a ledger row is, for its badge. */
export const LEDGER_TYPE_LABELS: Record<LedgerEntryView['type'], string> = { sale: 'Sale', refund: 'Refund', payout: 'Payout' };

export const PAYOUT_STATUS_LABELS: Record<PayoutView['status'], string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed' };
