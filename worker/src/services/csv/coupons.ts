import type { Db } from '../../platform/db.ts';
import { countCoupons, couponsAfter, type CouponFilters } from '../coupons.ts';
import { type CouponView } from '../../../../shared/coupons.ts';
import type { Position } from '../keyset.ts';
import type { CsvExport } from './stream.ts';
import { centsAsDollars, csvHeaders, type CsvColumn } from './writer.ts';

/** The admin's coupons list (GET /api/admin/coupons) as CSV: the same filters, every page, the list's order. */

const COUPON_COLUMNS: CsvColumn<CouponView>[] = [
  { header: 'ID', value: (c) => c.id, kind: 'number' },
  { header: 'Code', value: (c) => c.code },
  { header: 'Description', value: (c) => c.description },
  { header: 'Discount', value: (c) => c.summary },
  { header: 'Discount type', value: (c) => c.discountType },
  { header: 'Percent off', value: (c) => c.percentOff, kind: 'number' },
  { header: 'Amount off (USD)', value: (c) => centsAsDollars(c.amountOffCents), kind: 'number' },
  { header: 'Applies to kinds', value: (c) => c.appliesToKinds?.join('; ') ?? 'all' },
  { header: 'Applies to items', value: (c) => c.appliesToItems?.map((i) => i.title ?? `${i.kind} #${i.itemId}`).join('; ') ?? 'all' },
  { header: 'Starts at (UTC)', value: (c) => c.startsAt, kind: 'date' },
  { header: 'Ends at (UTC)', value: (c) => c.endsAt, kind: 'date' },
  { header: 'Total limit', value: (c) => c.maxRedemptions, kind: 'number' },
  { header: 'Per-user limit', value: (c) => c.perUserLimit, kind: 'number' },
  { header: 'Minimum order (USD)', value: (c) => centsAsDollars(c.minOrderCents), kind: 'number' },
  { header: 'Active', value: (c) => c.active },
  { header: 'State', value: (c) => c.state },
  { header: 'Reserved uses', value: (c) => c.reservedCount, kind: 'number' },
  { header: 'Redeemed uses', value: (c) => c.redeemedCount, kind: 'number' },
  { header: 'Created at (UTC)', value: (c) => c.createdAt, kind: 'date' },
  { header: 'Updated at (UTC)', value: (c) => c.updatedAt, kind: 'date' },
];

export const COUPONS_CSV_HEADER = csvHeaders(COUPON_COLUMNS);

export function couponsExport(db: Db, filters: CouponFilters): CsvExport<CouponView, Position> {
  return {
    columns: COUPON_COLUMNS,
    total: () => countCoupons(db, filters),
    page: (position, limit) => couponsAfter(db, filters, position, limit),
    cursorOf: (c) => [c.createdAt, c.id],
  };
}
