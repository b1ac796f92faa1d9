import { orderItems, orders, refunds } from '../../db/schema/commerce.ts';
import { newOrderNumber, orderTypeOf, type ItemKind } from '../../worker/src/domain/orders.ts';
import type { Db } from '../../worker/src/platform/db.ts';

/**
 * Orders as the dashboards read them: rows written as a paid (or pending) checkout
 * and its refunds leave them, at chosen times, so a test can pin every figure of a window.
 */

export const DAY_MS = 86_400_000;
/** An ISO time `days` days before now: noon UTC of that day (a second ago for today, so it is never ahead of now). */
export function daysAgo(days: number, now = Date.now()): string {
  if (days === 0) return new Date(now - 1000).toISOString();
  const d = new Date(now - days * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12)).toISOString();
}

export interface SeededLine {
  kind: ItemKind;
  totalCents: number;
  itemId?: number;
}

export interface SeededOrderOptions {
  /** Paid at this time (default now); null leaves the order pending. */
  paidAt?: string | null;
  /** Refunds that went through (succeeded) or not, each at its time. */
  refunds?: { amountCents: number; createdAt?: string; status?: 'pending' | 'succeeded' | 'failed' }[];
}

export async function seedOrder(db: Db, userId: number, lines: SeededLine[], options: SeededOrderOptions = {}): Promise<{ id: number; number: string }> {
  const total = lines.reduce((n, l) => n + l.totalCents, 0);
  const paidAt = options.paidAt === undefined ? new Date().toISOString() : options.paidAt;
  const refunded = (options.refunds ?? []).filter((r) => (r.status ?? 'succeeded') === 'succeeded').reduce((n, r) => n + r.amountCents, 0);
  const status = paidAt === null ? 'pending' : refunded === 0 ? 'paid' : refunded >= total ? 'refunded' : 'partially_refunded';
  const [order] = await db
    .insert(orders)
    .values({
      number: newOrderNumber(),
      userId,
      type: orderTypeOf(lines.map((l) => l.kind)),
      status,
      description: lines.map((l) => `${l.kind} line`).join(', '),
      subtotalCents: total,
      totalCents: total,
      refundedCents: refunded,
      provider: 'test',
      paidAt,
      createdAt: paidAt ?? new Date().toISOString(),
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((l, i) => ({ orderId: order!.id, kind: l.kind, itemId: l.itemId ?? 1000 + i, title: `${l.kind} item`, unitPriceCents: l.totalCents, totalCents: l.totalCents })),
  );
  for (const r of options.refunds ?? []) {
    await db.insert(refunds).values({ orderId: order!.id, amountCents: r.amountCents, status: r.status ?? 'succeeded', createdAt: r.createdAt ?? new Date().toISOString() });
  }
  return { id: order!.id, number: order!.number };
}
