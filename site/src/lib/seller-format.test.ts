import { describe, expect, it } from 'vitest';
import { applicationMessage, applicationState, longDate, pageCount, percentLabel, sellerResourceActions, shortDay, signedCents } from './seller-format.ts';

describe('what a seller may do with a resource', () => {
  const base = { file_count: 2, sales_count: 0 };

  it('submits a draft or a rejected resource that has files, never one without', () => {
    expect(sellerResourceActions({ ...base, status: 'draft' }).submit).toBe(true);
    expect(sellerResourceActions({ ...base, status: 'rejected' }).submit).toBe(true);
    const empty = sellerResourceActions({ ...base, status: 'draft', file_count: 0 });
    expect(empty.submit).toBe(false);
    expect(empty.submitBlocked).toBe('Add at least one file before submitting it for review.');
    for (const status of ['submitted', 'published', 'archived'] as const) {
      expect(sellerResourceActions({ ...base, status }).submit).toBe(false);
      expect(sellerResourceActions({ ...base, status, file_count: 0 }).submitBlocked).toBeNull();
    }
  });

  it('archives anything but an archived resource, which is restored instead and not edited', () => {
    for (const status of ['draft', 'submitted', 'published', 'rejected'] as const) {
      const can = sellerResourceActions({ ...base, status });
      expect(can.archive).toBe(true);
      expect(can.restore).toBe(false);
      expect(can.edit).toBe(true);
    }
    const archived = sellerResourceActions({ ...base, status: 'archived' });
    expect(archived).toMatchObject({ archive: false, restore: true, edit: false });
  });

  it('deletes only a draft that never sold', () => {
    expect(sellerResourceActions({ ...base, status: 'draft' }).delete).toBe(true);
    expect(sellerResourceActions({ ...base, status: 'draft', sales_count: 1 }).delete).toBe(false);
    expect(sellerResourceActions({ ...base, status: 'published' }).delete).toBe(false);
    expect(sellerResourceActions({ ...base, status: 'rejected' }).delete).toBe(false);
  });
});

describe('the application', () => {
  it('is none without a profile, else the profile status', () => {
    expect(applicationState(null)).toBe('none');
    expect(applicationState(undefined)).toBe('none');
    expect(applicationState({ status: 'pending' })).toBe('pending');
    expect(applicationState({ status: 'suspended' })).toBe('suspended');
  });

  it('says a pending one is being reviewed and gives the reason of a rejection or a suspension', () => {
    expect(applicationMessage({ status: 'pending', status_reason: null, store_name: 'Tap Lab' }).title).toBe('Your application is being reviewed');
    expect(applicationMessage({ status: 'rejected', status_reason: 'No sample', store_name: 'Tap Lab' })).toEqual({
      title: 'Your application was not approved',
      text: 'Reason: No sample',
    });
    expect(applicationMessage({ status: 'rejected', status_reason: null, store_name: 'Tap Lab' }).text).toBe('No reason was given.');
    const suspended = applicationMessage({ status: 'suspended', status_reason: 'Copied material', store_name: 'Tap Lab' });
    expect(suspended.title).toBe('Your store is suspended');
    expect(suspended.text).toContain('Reason: Copied material.');
  });
});

describe('wording of figures', () => {
  it('signs refunds and payouts', () => {
    expect(signedCents(1234)).toBe('$12.34');
    expect(signedCents(-400)).toBe('-$4.00');
    expect(signedCents(0)).toBe('$0.00');
  });

  it('says a fee percent, days and dates in UTC', () => {
    expect(percentLabel(20)).toBe('20%');
    expect(percentLabel(12.5)).toBe('12.5%');
    expect(shortDay('2026-11-03')).toBe('Nov 3');
    expect(longDate('2026-01-31T23:59:00Z')).toBe('Jan 31, 2026');
    expect(longDate('not a date')).toBe('');
    expect(longDate(null)).toBe('');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
