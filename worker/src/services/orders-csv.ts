import type { Db } from '../platform/db.ts';
import type { CsvExport } from './csv/stream.ts';
import { centsAsDollars, csvHeaders, type CsvColumn } from './csv/writer.ts';
import type { Position } from './keyset.ts';
import { adminOrdersAfter, countAdminOrders, type AdminOrderFilters } from './orders.ts';
import type { AdminOrder } from '../../../shared/orders.ts';

/** The admin's order export, written by the shared CSV writer (services/csv/writer.ts). */

const ORDER_COLUMNS: CsvColumn<AdminOrder>[] = [
  { header: 'Order number', value: (o) => o.number },
  { header: 'Created at (UTC)', value: (o) => o.createdAt, kind: 'date' },
  { header: 'Paid at (UTC)', value: (o) => o.paidAt, kind: 'date' },
  { header: 'Status', value: (o) => o.status },
  { header: 'Buyer username', value: (o) => o.buyer.username },
  { header: 'Buyer name', value: (o) => o.buyer.name },
  { header: 'Buyer email', value: (o) => o.buyer.email },
  { header: 'Items', value: (o) => o.items.map((i) => (i.quantity > 1 ? `${i.title} × ${i.quantity}` : i.title)).join('; ') },
  { header: 'Subtotal (USD)', value: (o) => centsAsDollars(o.subtotalCents), kind: 'number' },
  { header: 'Discount (USD)', value: (o) => centsAsDollars(o.discountCents), kind: 'number' },
  { header: 'Total (USD)', value: (o) => centsAsDollars(o.totalCents), kind: 'number' },
  { header: 'Refunded (USD)', value: (o) => centsAsDollars(o.refundedCents), kind: 'number' },
  { header: 'Coupon', value: (o) => o.couponCode },
  { header: 'Provider', value: (o) => (o.provider === 'test' ? 'test (no card charged)' : o.provider) },
];

export const ORDER_CSV_HEADER = csvHeaders(ORDER_COLUMNS);

export function ordersExport(db: Db, filters: AdminOrderFilters): CsvExport<AdminOrder, Position> {
  return {
    columns: ORDER_COLUMNS,
    total: () => countAdminOrders(db, filters),
    page: (position, limit) => adminOrdersAfter(db, filters, position, limit),
    cursorOf: (o) => [o.createdAt, o.id],
  };
}
