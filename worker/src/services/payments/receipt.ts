import type { OrderItemRow, OrderRow } from '../../../../db/schema/commerce.ts';
import type { NotificationKind } from '../../domain/notification-kinds.ts';
import { formatUsd } from '../../domain/orders.ts';

/** The receipt email a paid order sends (kind 'receipt' in the outbox, once per order). */

export const RECEIPT_KIND = 'receipt' satisfies NotificationKind;

export function receiptSubject(orderNumber: string): string {
  return `Your DRX receipt for order ${orderNumber}`;
}

/** `receiptLink` is the absolute address of the printable receipt page. */
export function receiptEmail(ctx: { order: OrderRow; items: readonly OrderItemRow[]; name: string }, receiptLink: string): { subject: string; text: string } {
  const { order, items } = ctx;
  const lines = [...items]
    .sort((a, b) => a.id - b.id)
    .map((item) => {
      const quantity = item.quantity > 1 ? ` × ${item.quantity}` : '';
      return `- ${item.title}${quantity}: ${formatUsd(item.totalCents)}`;
    });
  const text = [
    `Hello ${ctx.name},`,
    '',
    `Thank you for your purchase. Order ${order.number}:`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatUsd(order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`Discount${order.couponCode ? ` (${order.couponCode})` : ''}: -${formatUsd(order.discountCents)}`] : []),
    `Total paid: ${formatUsd(order.totalCents)} (${order.currency.toUpperCase()})`,
    ...(order.provider === 'test' ? ['', 'Test mode — no card is charged.'] : []),
    '',
    `Your purchases are under My Purchases; this receipt can be printed from ${receiptLink}`,
  ].join('\n');
  return { subject: receiptSubject(order.number), text };
}
