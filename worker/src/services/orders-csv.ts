import type { AdminOrder } from './orders.ts';

/**
 * The admin's order export (issue 9 §3) as CSV (RFC 4180): every field quoted, quotes doubled,
 * CRLF between records. A text field that a spreadsheet would read as a formula (starting with
 * =, +, -, @, tab or carriage return) gets a leading apostrophe, so opening the file never runs
 * anything a buyer typed into their name.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined, { text = true } = {}): string {
  if (value === null || value === undefined) return '""';
  let s = String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export function csvRecord(fields: string[]): string {
  return fields.join(',');
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const ORDER_CSV_HEADER = [
  'Order number',
  'Created at (UTC)',
  'Paid at (UTC)',
  'Status',
  'Buyer username',
  'Buyer name',
  'Buyer email',
  'Items',
  'Subtotal (USD)',
  'Discount (USD)',
  'Total (USD)',
  'Refunded (USD)',
  'Coupon',
  'Provider',
];

export function ordersCsv(rows: readonly AdminOrder[]): string {
  const lines = [csvRecord(ORDER_CSV_HEADER.map((h) => csvField(h)))];
  for (const o of rows) {
    lines.push(
      csvRecord([
        csvField(o.number),
        csvField(o.createdAt, { text: false }),
        csvField(o.paidAt, { text: false }),
        csvField(o.status),
        csvField(o.buyer.username),
        csvField(o.buyer.name),
        csvField(o.buyer.email),
        csvField(o.items.map((i) => (i.quantity > 1 ? `${i.title} × ${i.quantity}` : i.title)).join('; ')),
        csvField(dollars(o.subtotalCents), { text: false }),
        csvField(dollars(o.discountCents), { text: false }),
        csvField(dollars(o.totalCents), { text: false }),
        csvField(dollars(o.refundedCents), { text: false }),
        csvField(o.couponCode),
        csvField(o.provider === 'test' ? 'test (no card charged)' : o.provider),
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
