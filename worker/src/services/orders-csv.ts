import type { AdminOrder } from './orders.ts';
import { centsAsDollars, csvHeaders, toCsv, type CsvColumn } from './csv/writer.ts';

/** The admin's order export (issue 9 §3), written by the shared CSV writer (services/csv/writer.ts). */

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

export function ordersCsv(rows: readonly AdminOrder[]): string {
  return toCsv(ORDER_COLUMNS, rows);
}
