import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { orderItems, orders, refunds } from '../../../db/schema/commerce.ts';
import type { AuthUser } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Platform } from '../platform/context.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { getAdminOrder, ORDER_NOT_FOUND } from './orders.ts';
import type { RefundResult } from '../../../shared/refunds.ts';
import { audited, type AuditActor } from './audit.ts';
import { getPaymentProvider, ProviderError } from './payments/index.ts';
import { assertCreditsRefundable } from './practice/credit-sales.ts';

/**
 * Refunds (decision 0026). The admin's request is reserved first: one conditional
 * INSERT … SELECT adds the refunds row only while the order is paid or partially refunded and the
 * amount fits in total − refunded − refunds still pending, so refund requests racing each other
 * can never give back more than was paid. Then the provider is asked; the order's refunded amount,
 * its status and the end of entitlements follow the provider's charge.refunded event (the webhook,
 * which the test provider delivers at once), never this request.
 */

export const REFUND_NOT_REFUNDABLE = 'Only a paid order can be refunded.';
export const REFUND_TOO_MUCH = 'The refund is more than what is left to refund on this order.';
export const REFUND_FOREIGN_LINE = 'An order line named does not belong to this order.';
export const REFUND_PROVIDER_MISMATCH = 'This order was paid through another payment provider than the one in use.';
export const REFUND_PROVIDER_FAILED = 'The payment provider could not make this refund.';

export interface RefundRequest {
  amountCents: number;
  orderItemIds?: number[];
  reason?: string;
}

/** Another refund of the same order (or any order): the reservation's and the provider id's guards. */
const pending = alias(refunds, 'r');

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function refundOrder(platform: Platform, actor: Pick<AuthUser, 'id' | 'roles'> & Partial<Pick<AuthUser, 'username'>>, orderId: number, request: RefundRequest): Promise<RefundResult> {
  if (!can(actor.roles, 'orders.refund')) throw forbidden();
  return refundOrderAs(platform, actor.id, orderId, request, { id: actor.id, roles: actor.roles, username: actor.username ?? `user ${actor.id}` });
}

/**
 * The refund itself, without the `orders.refund` check: for refunds the system makes on a rule's
 * behalf (a booking cancelled under the instructor's policy, decision 0032). `createdBy` is who
 * caused it (null for the system).
 */
export async function refundOrderAs(platform: Platform, createdBy: number | null, orderId: number, request: RefundRequest, auditActor?: AuditActor): Promise<RefundResult> {
  const { db } = platform;
  const provider = getPaymentProvider(platform);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND);

  const itemIds = request.orderItemIds && request.orderItemIds.length > 0 ? [...new Set(request.orderItemIds)].sort((a, b) => a - b) : null;
  if (itemIds) {
    const found = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, itemIds)));
    if (found.length !== itemIds.length) {
      throw new AppError(400, REFUND_FOREIGN_LINE, { validationErrors: { orderItemIds: [REFUND_FOREIGN_LINE] } });
    }
  }
  if (order.provider !== provider.name) throw conflict(REFUND_PROVIDER_MISMATCH);
  // Feedback credits: a line whose every credit is used has nothing left to take back (decision 0070).
  await assertCreditsRefundable(db, orderId, itemIds, request.amountCents >= order.totalCents - order.refundedCents);

  const reason = request.reason ?? '';
  const itemJson = itemIds ? JSON.stringify(itemIds) : null;
  // The reservation: inserted only while the order may be refunded by this much (decision 0004: one statement).
  const pendingRefunds = db
    .select({ sum: sql`SUM(${pending.amountCents})` })
    .from(pending)
    .where(and(eq(pending.orderId, orders.id), eq(pending.status, 'pending')));
  const reserve = db
    .insert(refunds)
    .select(
      db
        .select(insertSelection(refunds, { orderId: orders.id, amountCents: request.amountCents, reason, orderItemIds: itemJson, status: 'pending', createdBy }))
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            inArray(orders.status, ['paid', 'partially_refunded']),
            sql`${request.amountCents} <= ${orders.totalCents} - ${orders.refundedCents} - COALESCE((${pendingRefunds}), 0)`,
          ),
        ),
    )
    .returning({ id: refunds.id });
  // An admin's refund is audited with its reservation (decision 0033): the refund row as created;
  // the order's refunded amount follows the provider's event.
  const lines = itemIds ? ` (lines ${itemIds.join(', ')})` : '';
  const summary = `Refunded ${dollars(request.amountCents)} of order ${order.number} (total ${dollars(order.totalCents)})${lines}${reason ? `: ${reason}` : ''}.`;
  const [inserted] = auditActor
    ? ((await db.batch(audited(db, auditActor, { action: 'order.refund', table: refunds, id: 'new', summary }, [reserve]))) as [{ id: number }[]])
    : [await reserve];
  const refundId = inserted[0]?.id;
  if (refundId === undefined) {
    const detail = await getAdminOrder(db, orderId);
    if (detail.status !== 'paid' && detail.status !== 'partially_refunded') throw conflict(REFUND_NOT_REFUNDABLE);
    throw new AppError(409, REFUND_TOO_MUCH, {
      details: { refundableCents: detail.refundableCents },
      validationErrors: { amountCents: [`At most ${dollars(detail.refundableCents)} can be refunded.`] },
    });
  }

  let providerRefundId: string;
  try {
    ({ providerRefundId } = await provider.refund({ order, amountCents: request.amountCents, refundId, orderItemIds: itemIds }));
  } catch (err) {
    // The reservation is given back; a refund the provider's event already settled is left as it is.
    await db.update(refunds).set({ status: 'failed' }).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    if (err instanceof ProviderError) throw new AppError(502, REFUND_PROVIDER_FAILED, { details: { providerMessage: err.message } });
    throw err;
  }
  // Stripe answers before its event arrives: remember its id so the event finds this row.
  await db
    .update(refunds)
    .set({ providerRefundId })
    .where(
      and(
        eq(refunds.id, refundId),
        isNull(refunds.providerRefundId),
        notExists(db.select({ one: sql`1` }).from(pending).where(eq(pending.providerRefundId, providerRefundId))),
      ),
    );

  const detail = await getAdminOrder(db, orderId);
  const refund = detail.refunds.find((r) => r.id === refundId);
  if (!refund) throw badRequest(REFUND_PROVIDER_FAILED);
  return { refund, order: detail };
}
