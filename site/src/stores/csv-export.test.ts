import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';

const download = vi.hoisted(() => ({ calls: [] as string[], next: null as null | (() => Promise<void>) }));
vi.mock('./download.ts', () => ({
  downloadAuthed: (path: string) => {
    download.calls.push(path);
    return download.next ? download.next() : Promise.resolve();
  },
}));

const { $csvExports, csvExportState, exportCsv, exportHref } = await import('./csv-export.ts');
const { $bookingsExportHref, $bookingsQuery } = await import('./admin-connect.ts');
const { $usersExportHref, $usersQuery } = await import('./admin.ts');
const { resourcesExportHref } = await import('./admin-store.ts');

beforeEach(() => {
  download.calls = [];
  download.next = null;
  $csvExports.set({});
});

describe('exportHref', () => {
  it("puts the list's filters in the query, trimmed, leaving empty ones (and no page) out", () => {
    expect(exportHref('/api/users/export.csv', { search: '', role: '' })).toBe('/api/users/export.csv');
    expect(exportHref('/api/users/export.csv', { search: ' a&b=c ', role: 'SELLER', x: null, y: undefined })).toBe('/api/users/export.csv?search=a%26b%3Dc&role=SELLER');
  });

  it("follows each list's current filters", () => {
    $usersQuery.set({ q: 'rosa', role: 'ADMIN', page: 4 });
    expect($usersExportHref.get()).toBe('/api/users/export.csv?search=rosa&role=ADMIN');
    $bookingsQuery.set({ q: '', status: 'upcoming', instructorId: '7', from: '2031-03-01', to: '', page: 2 });
    expect($bookingsExportHref.get()).toBe('/api/admin/bookings/export.csv?status=upcoming&instructorId=7&from=2031-03-01');
    // The review queue is read oldest first, and so is its export.
    expect(resourcesExportHref({ status: 'submitted', q: ' hip ', seller: 3, sort: '', page: 2 })).toBe('/api/curriculum-all/export.csv?status=submitted&q=hip&seller=3&sort=oldest');
    expect(resourcesExportHref({ status: 'all', q: '', seller: null, sort: '', page: 1 })).toBe('/api/curriculum-all/export.csv');
    // An order the admin picks is the export's order too.
    expect(resourcesExportHref({ status: 'published', q: '', seller: null, sort: 'best_selling', page: 1 })).toBe('/api/curriculum-all/export.csv?status=published&sort=best_selling');
  });
});

describe('exportCsv', () => {
  it('is pending while the file downloads, ignores a second click meanwhile, and ends idle', async () => {
    let finish!: () => void;
    download.next = () => new Promise<void>((resolve) => (finish = resolve));
    const first = exportCsv('users', '/api/users/export.csv');
    expect(csvExportState($csvExports.get(), 'users')).toEqual({ pending: true, error: null });
    expect(csvExportState($csvExports.get(), 'coupons')).toEqual({ pending: false, error: null });
    await exportCsv('users', '/api/users/export.csv');
    expect(download.calls).toHaveLength(1);
    finish();
    await first;
    expect(csvExportState($csvExports.get(), 'users')).toEqual({ pending: false, error: null });
  });

  it("keeps the API's reason of a failure (e.g. too many rows) until the next try", async () => {
    download.next = () => Promise.reject(new ApiError(400, 'Too many rows to export (more than 50,000). Narrow the filters and try again.'));
    await exportCsv('coupons', '/api/admin/coupons/export.csv');
    expect(csvExportState($csvExports.get(), 'coupons')).toEqual({
      pending: false,
      error: 'Export failed: Too many rows to export (more than 50,000). Narrow the filters and try again.',
    });
    download.next = () => Promise.reject(new ApiError(0, 'Network error occurred'));
    await exportCsv('coupons', '/api/admin/coupons/export.csv');
    expect(csvExportState($csvExports.get(), 'coupons').error).toBe('Export failed: Network error occurred');
    download.next = null;
    await exportCsv('coupons', '/api/admin/coupons/export.csv');
    expect(csvExportState($csvExports.get(), 'coupons').error).toBeNull();
  });
});
