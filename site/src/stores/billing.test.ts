import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installStandInBrowser, type Handler, type StandInBrowser } from '../../../tests/support/stand-in-browser.ts';
import { subscriptionView } from '../../../tests/support/subscription-views.ts';
import type { ChangePreview, InvoiceView, SubscriptionView } from '../../../shared/subscriptions/views.ts';

/** The billing store of /profile/manage against a stand-in browser: reads, actions, their toasts and the failure toast. */

let browser: StandInBrowser;
let handler: Handler;

async function load() {
  vi.resetModules();
  return { billing: await import('./billing.ts'), toasts: await import('./toasts.ts') };
}

/** A trial of Educator yearly, November 1 to 15, 2026. */
const sub = (over: Partial<SubscriptionView> = {}) =>
  subscriptionView({
    id: 7,
    status: 'trialing',
    trial_start: '2026-11-01T00:00:00.000Z',
    trial_end: '2026-11-15T00:00:00.000Z',
    current_period_end: '2026-11-15T00:00:00.000Z',
    ...over,
  });

const invoice: InvoiceView = {
  id: 3,
  subscription_id: 7,
  number: 'INV-0003',
  status: 'paid',
  billing_reason: 'subscription_create',
  amount_due_cents: 0,
  amount_paid_cents: 0,
  refunded_cents: 0,
  currency: 'usd',
  lines: [{ description: 'Educator (yearly), trial', amount_cents: 0 }],
  period_start: null,
  period_end: null,
  paid_at: '2026-11-01T00:00:00.000Z',
  failure_reason: null,
  created_at: '2026-11-01T00:00:00.000Z',
  receipt_url: '/profile/manage/invoices/3',
  hosted_invoice_url: null,
};

const settle = () => new Promise((r) => setTimeout(r, 20));

beforeEach(() => {
  browser = installStandInBrowser('http://localhost/profile/manage', (method, path, body) => handler(method, path, body));
});
afterEach(() => vi.unstubAllGlobals());

describe('reads', () => {
  it('manages the running subscription and lists the invoices', async () => {
    handler = (method, path) => {
      if (path === '/api/subscriptions/user') return { status: 200, body: [sub({ id: 6, status: 'canceled', ended_at: '2026-10-01T00:00:00.000Z' }), sub()] };
      if (path === '/api/subscriptions/invoices') return { status: 200, body: { data: [invoice] } };
      return undefined;
    };
    const { billing } = await load();
    await Promise.all([billing.loadMySubscriptions(), billing.loadMyInvoices()]);
    expect(billing.$managedSubscription.get()?.id).toBe(7);
    expect(billing.$myInvoices.get()).toEqual({ status: 'ready', data: [invoice] });
  });

  it('reads an invoice of someone else (404) as not found, and a bad address without asking', async () => {
    handler = () => ({ status: 404, body: { message: 'Invoice not found' } });
    const { billing } = await load();
    await billing.loadInvoice(billing.invoiceIdOf('/profile/manage/invoices/12'));
    expect(billing.$invoice.get()).toEqual({ status: 'not-found' });
    expect(browser.calls.map((c) => c.path)).toEqual(['/api/subscriptions/invoices/12']);
    await billing.loadInvoice(billing.invoiceIdOf('/profile/manage/invoices/abc'));
    expect(billing.$invoice.get()).toEqual({ status: 'not-found' });
    expect(browser.calls).toHaveLength(1);
  });
});

describe('cancel', () => {
  it('cancels at the period end, says until when and reads the subscription and the user again', async () => {
    let cancelled = false;
    handler = (method, path) => {
      if (method === 'POST' && path === '/api/subscriptions/cancel') {
        cancelled = true;
        return { status: 200, body: sub({ cancel_at_period_end: true }) };
      }
      if (path === '/api/subscriptions/user') return { status: 200, body: [sub({ cancel_at_period_end: cancelled })] };
      if (path === '/api/subscriptions/invoices') return { status: 200, body: [] };
      if (path === '/api/me') return { status: 200, body: { id: 1, username: 'i' } };
      return undefined;
    };
    const { billing, toasts } = await load();
    await billing.loadMySubscriptions();
    expect(await billing.cancelSubscription()).toBe(true);
    await settle();
    expect(billing.$managedSubscription.get()?.cancel_at_period_end).toBe(true);
    expect(toasts.$toasts.get().at(-1)).toMatchObject({ title: 'Subscription cancelled', description: 'You keep access until November 15, 2026.' });
    expect(browser.calls.filter((c) => c.path === '/api/me')).toHaveLength(1);
    expect(billing.$billingBusy.get()).toBeNull();
  });

  it("shows the failure toast when the cancellation fails", async () => {
    handler = (method, path) => (path === '/api/subscriptions/cancel' ? { status: 500, body: { message: 'Internal error' } } : undefined);
    const { billing, toasts } = await load();
    expect(await billing.cancelSubscription()).toBe(false);
    expect(toasts.$toasts.get()).toEqual([
      expect.objectContaining({ title: 'Cancellation Failed', description: 'Failed to cancel subscription. Please try again.', variant: 'destructive' }),
    ]);
  });
});

describe('changes', () => {
  const preview: ChangePreview = {
    kind: 'interval',
    effective: 'now',
    effective_at: null,
    from: { plan: sub().plan, interval: 'month', price_cents: 2900 },
    to: { plan: sub().plan, interval: 'year', price_cents: 29000 },
    credit_cents: 1450,
    charge_cents: 14500,
    due_cents: 13050,
    trialing: false,
  };

  it('previews a switch, then posts it with the plan and interval', async () => {
    handler = (method, path) => {
      if (path.startsWith('/api/subscriptions/change/preview')) return { status: 200, body: preview };
      if (method === 'POST' && path === '/api/subscriptions/change') return { status: 200, body: sub({ interval: 'year' }) };
      if (path === '/api/subscriptions/user' || path === '/api/subscriptions/invoices') return { status: 200, body: [] };
      return undefined;
    };
    const { billing, toasts } = await load();
    await billing.previewChange('educator', 'year');
    expect(billing.$changePreview.get()).toEqual({ status: 'ready', data: preview });
    expect(browser.calls[0]!.path).toBe('/api/subscriptions/change/preview?plan=educator&interval=year');
    expect(await billing.changeSubscription('educator', 'year', 'now')).toBe(true);
    expect(browser.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/subscriptions/change', body: { plan: 'educator', interval: 'year' } });
    expect(billing.$changePreview.get()).toEqual({ status: 'idle' });
    expect(toasts.$toasts.get().at(-1)?.title).toBe('Subscription changed');
  });

  it("shows the server's refusal of a preview", async () => {
    handler = () => ({ status: 409, body: { message: 'Your subscription is not running.' } });
    const { billing } = await load();
    await billing.previewChange('educator', 'month');
    expect(billing.$changePreview.get()).toEqual({ status: 'error', message: 'Your subscription is not running.' });
  });

  it('keeps the current plan over a scheduled change, and opens the portal where the API says', async () => {
    handler = (method, path) => {
      if (path === '/api/subscriptions/change/cancel-scheduled') return { status: 200, body: sub() };
      if (path === '/api/subscriptions/portal') return { status: 200, body: { url: 'https://billing.stripe.com/p/session/x' } };
      if (path === '/api/subscriptions/user' || path === '/api/subscriptions/invoices') return { status: 200, body: [] };
      return undefined;
    };
    const { billing, toasts } = await load();
    expect(await billing.keepCurrentPlan()).toBe(true);
    expect(toasts.$toasts.get().at(-1)?.title).toBe('Scheduled change cancelled');
    await billing.openBillingPortal();
    expect(browser.assigned).toEqual(['https://billing.stripe.com/p/session/x']);
  });
});
