import { sql, type SQL } from 'drizzle-orm';
import type { ItemKind } from '../../domain/orders.ts';
import type { Db } from '../../platform/db.ts';

/**
 * The fulfilment registry (decision 0024): per kind of item, the SQL that grants a paid line's
 * entitlement and the SQL that ends it after a refund. They are statements, not functions that
 * run them, so the webhook handler puts them into the one batch that changes the order: the
 * grant and the state change happen together or not at all. Every statement is guarded by the
 * line's own state (the `grantable` / `revocable` condition over `oi` = order_items and
 * `o` = orders), so running it twice changes nothing. A new kind (store resources, plans,
 * bookings) registers one entry here.
 */

export type BatchStatement = ReturnType<Db['run']>;

export interface NextAction {
  label: 'Start course' | 'Go to course' | 'Download';
  url: string;
}

export interface Fulfiller {
  /** Grants the entitlement of this kind's lines of the order that `grantable` selects. */
  grant(db: Db, orderId: number, grantable: SQL): BatchStatement[];
  /** Ends the entitlement of this kind's lines that `revocable` selects (they were granted). */
  revoke(db: Db, orderId: number, revocable: SQL): BatchStatement[];
  /** What the buyer does next with a granted line (shown in /my-purchases and on the success page). */
  nextAction(line: { itemId: number }): NextAction | null;
}

/** COURSE: the buyer is enrolled (source 'purchase'); a refund ends that enrolment. */
const courseFulfiller: Fulfiller = {
  grant: (db, orderId, grantable) => [
    db.run(sql`INSERT INTO enrollments (user_id, course_id, source)
      SELECT o.user_id, oi.item_id, 'purchase' FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.id = ${orderId} AND oi.kind = 'COURSE' AND ${grantable}
        AND EXISTS (SELECT 1 FROM courses c WHERE c.id = oi.item_id)
      ON CONFLICT DO NOTHING`),
  ],
  revoke: (db, orderId, revocable) => [
    db.run(sql`DELETE FROM enrollments WHERE source = 'purchase' AND EXISTS (
      SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.id = ${orderId} AND oi.kind = 'COURSE' AND oi.item_id = enrollments.course_id
        AND o.user_id = enrollments.user_id AND ${revocable})`),
  ],
  nextAction: (line) => ({ label: 'Start course', url: `/learn/courses/${line.itemId}` }),
};

const registry = new Map<ItemKind, Fulfiller>([['COURSE', courseFulfiller]]);

/** Adds or replaces a kind's fulfiller (the store registers RESOURCE, plans SUBSCRIPTION, ...). */
export function registerFulfiller(kind: ItemKind, fulfiller: Fulfiller): void {
  registry.set(kind, fulfiller);
}

export function fulfillerOf(kind: ItemKind): Fulfiller | undefined {
  return registry.get(kind);
}

export function registeredFulfillers(): [ItemKind, Fulfiller][] {
  return [...registry];
}
