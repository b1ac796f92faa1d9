import { and, desc, eq, gte, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { orders, paymentEvents, refunds, type OrderRow } from '../../../db/schema/commerce.ts';
import { users } from '../../../db/schema/index.ts';
import type { AuthUser } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import type { OrderStatus } from '../domain/orders.ts';
import { notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { nextTurn } from '../platform/next-turn.ts';
import { after, orderOf, readKeysetPage, type ListOrder, type PageAsk, type Position } from './keyset.ts';
import { escapeLike, indexable, personMatches } from './people-search.ts';
import { listUserOrders, loadOrderSummary, summariesOf } from './payments/order-view.ts';
import type { OrderSummary } from '../../../shared/payments/order-view.ts';
import type { AdminOrder, AdminOrderDetail, AdminOrderPage, Buyer, RefundView } from '../../../shared/orders.ts';
import { sumOfDays } from './stats/totals.ts';

/** Orders as the buyer and the admin read them, in the OrderSummary shape. */

export const ORDER_NOT_FOUND = 'Order not found';

export function listOwnOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  return listUserOrders(db, userId);
}

/** The owner's order, or any order for orders.read_all; someone else's answers 404 like a missing one. */
export async function getOrderFor(db: Db, viewer: Pick<AuthUser, 'id' | 'roles'>, id: number): Promise<OrderSummary> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || (row.userId !== viewer.id && !can(viewer.roles, 'orders.read_all'))) throw notFound(ORDER_NOT_FOUND);
  const summary = await loadOrderSummary(db, id);
  if (!summary) throw notFound(ORDER_NOT_FOUND);
  return summary;
}

/** The buyer's orders that hold a resource line (downloads), newest first. */
export async function listResourceOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = "orders"."id" AND oi.kind = 'RESOURCE')`))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return summariesOf(db, rows);
}

export interface AdminOrderFilters {
  /** An order number or its beginning (DRX-…), or part of the buyer's name, email or username. */
  q?: string;
  status?: OrderStatus;
  /** Days (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
  buyerId?: number;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function whereOf(filters: AdminOrderFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const number = filters.q?.toUpperCase();
  if (number && /^DRX-[0-9A-Z]{3}/.test(number)) {
    // An order number, or its beginning: a range of the numbers' unique index (three characters
    // after DRX- narrow a million random numbers to a few dozen).
    conditions.push(and(gte(orders.number, number), lt(orders.number, `${number}~`)));
  } else if (filters.q && indexable(filters.q)) {
    conditions.push(personMatches(orders.userId, filters.q));
  } else if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const like = (column: SQLWrapper) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(
      or(
        like(orders.number),
        like(users.username),
        like(users.email),
        like(users.firstName),
        like(users.lastName),
        like(sql`${users.firstName} || ' ' || ${users.lastName}`),
      ),
    );
  }
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.createdAt, `${filters.from}T00:00:00.000Z`));
  if (filters.to) conditions.push(lt(orders.createdAt, nextDay(filters.to)));
  if (filters.buyerId !== undefined) conditions.push(eq(orders.userId, filters.buyerId));
  return and(...conditions);
}

const buyerColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email };

function buyerOf(row: { id: number; username: string; firstName: string; lastName: string; email: string | null }): Buyer {
  return { id: row.id, username: row.username, name: `${row.firstName} ${row.lastName}`.trim() || row.username, email: row.email };
}

async function withBuyers(db: Db, rows: { order: OrderRow; buyer: Parameters<typeof buyerOf>[0] }[]): Promise<AdminOrder[]> {
  const summaries = await summariesOf(
    db,
    rows.map((r) => r.order),
  );
  return summaries.map((s, i) => ({ ...s, buyer: buyerOf(rows[i]!.buyer) }));
}

/**
 * How many orders match, without counting them where it can: with no search and no buyer, the
 * orders made on each day of the range (per status, when one is asked) are running totals
 * (stat_totals, decision 0039): a sum over days, whatever the number of orders. A buyer's orders
 * are counted through their index; a search counts what it matches.
 */
function totalOf(db: Db, filters: AdminOrderFilters, where: SQL | undefined) {
  if (filters.q || filters.buyerId !== undefined) {
    const base = db.select({ n: sql<number>`count(*)` }).from(orders);
    return filters.q ? base.innerJoin(users, eq(users.id, orders.userId)).where(where) : base.where(where);
  }
  return sumOfDays(db, filters.status ? `orders.created:${filters.status}` : 'orders.created', filters);
}

const ORDER: ListOrder = { key: orders.createdAt, id: orders.id, direction: 'desc' };

/** Newest first, with the buyer, a page by number or next to one already shown (decision 0045). */
export async function listAdminOrders(db: Db, filters: AdminOrderFilters & PageAsk): Promise<AdminOrderPage> {
  const where = whereOf(filters);
  const page = await readKeysetPage(filters, {
    order: ORDER,
    read: ({ bound, reversed, limit, offset }) =>
      db
        .select({ order: orders, buyer: buyerColumns })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(where, bound))
        .orderBy(...orderOf(ORDER, reversed))
        .limit(limit)
        .offset(offset),
    positionOf: (row) => [row.order.createdAt, row.order.id],
    total: async () => Number((await totalOf(db, filters, where))[0]?.n ?? 0),
  });
  return { data: await withBuyers(db, page.rows), total: page.total, page: page.page, pageSize: filters.pageSize, next: page.next, prev: page.prev };
}

/** How many orders the list's filters select (the export checks it before reading any row). */
export async function countAdminOrders(db: Db, filters: AdminOrderFilters): Promise<number> {
  const [row] = await totalOf(db, filters, whereOf(filters));
  return Number(row?.n ?? 0);
}

/** Up to `limit` orders the list's filters select after `position`, newest first, with the buyer: a page of the CSV export. */
export async function adminOrdersAfter(db: Db, filters: AdminOrderFilters, position: Position | undefined, limit: number): Promise<AdminOrder[]> {
  const rows = await db
    .select({ order: orders, buyer: buyerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(whereOf(filters), after(orders.createdAt, orders.id, position)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  // The orders and their items are read in separate turns: a page of both at once held other
  // requests for up to 70 ms on a million orders when the disk was slow.
  await nextTurn();
  return withBuyers(db, rows);
}

function parseIds(text: string | null): number[] | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v)) : null;
  } catch {
    return null;
  }
}

export async function getAdminOrder(db: Db, id: number): Promise<AdminOrderDetail> {
  const [rows, refundRows, eventRows] = await db.batch([
    db.select({ order: orders, buyer: buyerColumns }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id)).limit(1),
    db
      .select({ refund: refunds, byId: users.id, byUsername: users.username })
      .from(refunds)
      .leftJoin(users, eq(users.id, refunds.createdBy))
      .where(eq(refunds.orderId, id))
      .orderBy(desc(refunds.createdAt), desc(refunds.id)),
    db
      .select({ id: paymentEvents.id, type: paymentEvents.type, outcome: paymentEvents.outcome, providerCreated: paymentEvents.providerCreated, receivedAt: paymentEvents.receivedAt })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, id))
      .orderBy(desc(paymentEvents.receivedAt)),
  ]);
  if (rows.length === 0) throw notFound(ORDER_NOT_FOUND);
  const [order] = await withBuyers(db, rows);
  const refundViews: RefundView[] = refundRows.map(({ refund, byId, byUsername }) => ({
    id: refund.id,
    amountCents: refund.amountCents,
    reason: refund.reason,
    orderItemIds: parseIds(refund.orderItemIds),
    status: refund.status,
    providerRefundId: refund.providerRefundId,
    createdAt: refund.createdAt,
    createdBy: byId !== null && byUsername !== null ? { id: byId, username: byUsername } : null,
  }));
  const pending = refundViews.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amountCents, 0);
  const refundable = order!.status === 'paid' || order!.status === 'partially_refunded' ? order!.totalCents - order!.refundedCents - pending : 0;
  return { ...order!, refunds: refundViews, events: eventRows, refundableCents: Math.max(0, refundable) };
}
