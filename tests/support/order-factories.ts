import { eq } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/commerce.ts';
import { newOrderNumber, orderDescription, orderTypeOf, type ItemKind } from '../../worker/src/domain/orders.ts';
import { getTestProvider } from '../../worker/src/services/payments/index.ts';
import { newTestSessionId, testEvents } from '../../worker/src/services/payments/test-provider.ts';
import type { TestApp } from './test-app.ts';

/**
 * Orders for the orders/refunds API tests (helper A): the rows a checkout writes, paid through the
 * test provider's real checkout.session.completed event and webhook handler, so fulfilment
 * (enrolment) happens exactly as in the app.
 */

export interface OrderLineInput {
  kind: ItemKind;
  itemId: number;
  title: string;
  unitPriceCents: number;
  quantity?: number;
  discountCents?: number;
}

export async function placeOrder(
  t: Pick<TestApp, 'db' | 'platform'>,
  userId: number,
  lines: OrderLineInput[],
  options: { paid?: boolean; createdAt?: string } = {},
): Promise<{ id: number; number: string }> {
  const totals = lines.map((l) => l.unitPriceCents * (l.quantity ?? 1));
  const discounts = lines.map((l) => l.discountCents ?? 0);
  const subtotal = totals.reduce((a, b) => a + b, 0);
  const discount = discounts.reduce((a, b) => a + b, 0);
  const [order] = await t.db
    .insert(orders)
    .values({
      number: newOrderNumber(),
      userId,
      type: orderTypeOf(lines.map((l) => l.kind)),
      description: orderDescription(lines.map((l) => ({ title: l.title, quantity: l.quantity ?? 1 }))),
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: subtotal - discount,
      provider: 'test',
      providerSessionId: newTestSessionId(),
      checkoutUrl: '/checkout/stripe?session=x',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  await t.db.insert(orderItems).values(
    lines.map((l, i) => ({
      orderId: order!.id,
      kind: l.kind,
      itemId: l.itemId,
      title: l.title,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity ?? 1,
      discountCents: discounts[i]!,
      totalCents: totals[i]! - discounts[i]!,
    })),
  );
  if (options.paid ?? true) {
    const provider = getTestProvider(t.platform);
    if (!provider) throw new Error('The test provider is not in use');
    await provider.deliver(testEvents.completed(order!));
    const [paid] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order!.id));
    if (paid?.status !== 'paid') throw new Error(`The order was not paid: ${paid?.status}`);
  }
  return { id: order!.id, number: order!.number };
}
