import { atom } from 'nanostores';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { queryLayer } from './query-lazy.ts';
import { toast } from './toasts.ts';

/**
 * Pending payments: orders started and not paid, from GET /api/payments/pending,
 * polled every 30 seconds while watched (the query layer's PENDING_PAYMENTS_SETTINGS), and
 * dismissed one at a time with DELETE /api/payments/pending/{id}.
 */

export type PendingPaymentType = 'subscription' | 'course' | 'resource' | 'booking';

export interface PendingPayment {
  id: number | string;
  /** subscription, course, resource, booking; any other is a generic payment. */
  type: string;
  description: string;
  /** Dollars; amountCents where the server sends it. */
  amount: number | string;
  amountCents?: number;
  expiresAt?: string | null;
  metadata?: Record<string, unknown> | null;
  checkoutUrl: string;
}

export type PendingState =
  | { status: 'idle' }
  | { status: 'loading'; data?: PendingPayment[] }
  | { status: 'ready'; data: PendingPayment[] }
  | { status: 'error'; data?: PendingPayment[] };

export const $pendingPayments = atom<PendingState>({ status: 'idle' });
/** Ids being dismissed now (their buttons are busy). */
export const $dismissing = atom<ReadonlySet<string>>(new Set());
/** Counts dismissals on this page: a list of orders on screen reads itself again. */
export const $dismissals = atom(0);

const TITLES = {
  subscription: 'Subscription Payment',
  course: 'Course Purchase',
  resource: 'Resource Purchase',
  booking: 'Booking Payment',
  payment: 'Payment',
} as const;

export type PaymentKind = keyof typeof TITLES;

/** The kind a payment is shown as (its icon and title): its type, or a generic payment for any other. */
export function paymentKind(type: unknown): PaymentKind {
  const t = String(type ?? '').toLowerCase();
  return t === 'subscription' || t === 'course' || t === 'resource' || t === 'booking' ? t : 'payment';
}

export function paymentTitle(type: unknown): string {
  return TITLES[paymentKind(type)];
}

export const DISMISS_FAILED = 'Failed to clear pending payment';

/** The list of an answer: `{ pendingPayments }`, tolerating a bare list. */
export function pendingList(raw: unknown): PendingPayment[] {
  const list = Array.isArray(raw) ? raw : (raw as { pendingPayments?: unknown } | null)?.pendingPayments;
  return Array.isArray(list) ? (list as PendingPayment[]) : [];
}

/** Starts (or keeps) watching the list: a read now and one every 30 seconds. */
export async function watchPendingPayments(): Promise<void> {
  const q = await queryLayer();
  const key = keyOf(api.payments.pending);
  await q.bind<KeyAnswer<typeof key>, PendingState>(
    $pendingPayments,
    key,
    (value) => {
      const data = value.data !== undefined ? pendingList(value.data) : undefined;
      if (value.loading) return { status: 'loading', data };
      if (data) return { status: 'ready', data };
      if (value.error !== undefined) return { status: 'error' };
      return { status: 'loading' };
    },
    q.PENDING_PAYMENTS_SETTINGS,
  );
}

export async function stopWatchingPendingPayments(): Promise<void> {
  (await queryLayer()).unbind($pendingPayments);
  $pendingPayments.set({ status: 'idle' });
}

/** DELETE /api/payments/pending/{id}: the order is cancelled; the list is read again. */
export async function dismissPendingPayment(id: PendingPayment['id']): Promise<boolean> {
  const key = String(id);
  if ($dismissing.get().has(key)) return false;
  $dismissing.set(new Set([...$dismissing.get(), key]));
  try {
    await call(api.payments.pending[':id'].$delete({ param: { id: encodeURIComponent(key) } }));
    const state = $pendingPayments.get();
    // Gone at once; the read that follows confirms it.
    if ('data' in state && state.data) $pendingPayments.set({ status: 'ready', data: state.data.filter((p) => String(p.id) !== key) });
    const q = await queryLayer();
    const pending = keyOf(api.payments.pending);
    const orders = keyOf(api.orders);
    q.invalidate((k) => k === pending || k === orders || k.startsWith(`${orders}/`));
    $dismissals.set($dismissals.get() + 1);
    return true;
  } catch {
    toast({ title: DISMISS_FAILED, variant: 'destructive' });
    return false;
  } finally {
    const next = new Set($dismissing.get());
    next.delete(key);
    $dismissing.set(next);
  }
}
