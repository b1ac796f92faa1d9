import { describe, expect, it } from 'vitest';
import { subscriptionView } from '../../../tests/support/subscription-views.ts';
import { billingDate, invoiceDescription, invoiceStatus, managedSubscription, subscriptionStatusText } from './subscription-status.ts';

const sub = subscriptionView;

describe('the status line of /profile/manage', () => {
  it('a trial says when it ends', () => {
    const s = subscriptionStatusText(sub({ status: 'trialing', trial_end: '2026-11-15T00:00:00.000Z', current_period_end: '2026-11-15T00:00:00.000Z' }));
    expect(s).toMatchObject({ label: 'Trialing', explanation: 'Your trial ends on November 15, 2026.', dateLabel: 'Trial ends', date: 'November 15, 2026' });
  });

  it('an active subscription says when it renews', () => {
    expect(subscriptionStatusText(sub())).toMatchObject({ label: 'Active', explanation: 'Renews on November 1, 2027.', dateLabel: 'Renews on' });
  });

  it('a cancelled one keeps access until the period end, trial or not', () => {
    expect(subscriptionStatusText(sub({ cancel_at_period_end: true }))).toMatchObject({
      label: 'Cancelled',
      explanation: 'Cancelled — you keep access until November 1, 2027.',
      dateLabel: 'Access until',
    });
    expect(subscriptionStatusText(sub({ status: 'trialing', cancel_at_period_end: true, current_period_end: '2026-11-15T00:00:00.000Z' })).explanation).toBe(
      'Cancelled — you keep access until November 15, 2026.',
    );
  });

  it('a failed renewal asks for a new card', () => {
    expect(subscriptionStatusText(sub({ status: 'past_due', is_active: false }))).toMatchObject({
      label: 'Past due',
      tone: 'danger',
      explanation: 'Payment failed — update your card.',
      dateLabel: 'Payment was due on',
      date: 'November 1, 2026',
    });
  });

  it('an ended one says when it ended', () => {
    expect(subscriptionStatusText(sub({ status: 'canceled', ended_at: '2027-11-01T00:00:00.000Z', is_active: false }))).toMatchObject({
      label: 'Ended',
      explanation: 'Your Educator subscription ended on November 1, 2027.',
    });
  });
});

describe('the subscription managed', () => {
  it('is a running one before an ended newer one, the highest level first', () => {
    const ended = sub({ id: 3, status: 'canceled', ended_at: '2026-12-01T00:00:00.000Z', created_at: '2026-12-01T00:00:00.000Z' });
    const educator = sub({ id: 1 });
    const premium = sub({ id: 2, plan: { id: 3, name: 'Premium', tier: 'premium', level: 20 }, created_at: '2026-10-01T00:00:00.000Z' });
    expect(managedSubscription([educator, ended, premium])?.id).toBe(2);
    expect(managedSubscription([ended])?.id).toBe(3);
    expect(managedSubscription([])).toBeNull();
  });
});

describe('invoices', () => {
  it('are described by their first line, else their reason', () => {
    expect(invoiceDescription({ lines: [{ description: 'Educator (yearly)' }], billing_reason: 'subscription_create' })).toBe('Educator (yearly)');
    expect(invoiceDescription({ lines: [{ description: 'Unused time' }, { description: 'Remaining time' }], billing_reason: null })).toBe('Unused time (+1 more)');
    expect(invoiceDescription({ lines: [], billing_reason: 'subscription_cycle' })).toBe('Renewal');
  });

  it('have a status in words', () => {
    expect(invoiceStatus('paid')).toEqual({ label: 'Paid', tone: 'success' });
    expect(invoiceStatus('uncollectible').label).toBe('Payment failed');
    expect(invoiceStatus('open', 'Your card was declined.').label).toBe('Payment failed');
    expect(invoiceStatus('open', null).label).toBe('Open');
    expect(invoiceStatus('something_else').label).toBe('Something else');
  });

  it('dates read in UTC, empty when missing or bad', () => {
    expect(billingDate('2026-11-30T23:30:00.000Z')).toBe('November 30, 2026');
    expect(billingDate(null)).toBe('');
    expect(billingDate('nonsense')).toBe('');
  });
});
