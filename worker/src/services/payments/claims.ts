import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import { paymentEvents } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import type { ProviderEvent, ProviderName } from './provider.ts';

/**
 * Event claiming (decision 0024): every provider event is recorded once in payment_events by its
 * id. A delivery that changes something inserts the event with a token of its own (the claim) in
 * the batch of its change; the steps that must happen once per event are guarded by that claim,
 * and the last statement of the batch settles the outcome. A redelivery finds the id taken: its
 * claim is not the recorded one, so its guarded steps change nothing and it answers `duplicate`.
 */

export interface HandledEvent {
  eventId: string;
  type: string;
  orderId: number | null;
  /** What the handling did: paid, expired, refunded, duplicate, ignored:<why>. */
  outcome: string;
}

export const newClaim = () => `claimed:${crypto.randomUUID()}`;

/** The row of an event in payment_events, with the outcome given. */
function eventRow(provider: ProviderName, event: ProviderEvent, orderId: number | null, outcome: string) {
  return { id: event.id, provider, type: event.type, orderId, providerCreated: event.created ?? null, outcome, payload: JSON.stringify(event) };
}

/** Records an event that changes nothing (unknown order, other type) so a redelivery is recognised. */
export async function recordIgnored(db: Db, provider: ProviderName, event: ProviderEvent, orderId: number | null, why: string): Promise<HandledEvent> {
  const inserted = await db
    .insert(paymentEvents)
    .values(eventRow(provider, event, orderId, `ignored:${why}`))
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return { eventId: event.id, type: event.type, orderId, outcome: inserted.length > 0 ? `ignored:${why}` : 'duplicate' };
}

/** The exactly-once claim of an event: the steps guarded by `claimed` run for one delivery only. */
export function claimStatements(db: Db, provider: ProviderName, event: ProviderEvent, orderId: number | null, claim: string) {
  const claimed = exists(
    db
      .select({ one: sql`1` })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.id, event.id), eq(paymentEvents.outcome, claim))),
  );
  return {
    claimed,
    claim: db.insert(paymentEvents).values(eventRow(provider, event, orderId, claim)).onConflictDoNothing({ target: paymentEvents.id }),
    settle: (outcome: SQL) =>
      db
        .update(paymentEvents)
        .set({ outcome: sql<string>`${outcome}` })
        .where(and(eq(paymentEvents.id, event.id), eq(paymentEvents.outcome, claim)))
        .returning({ outcome: paymentEvents.outcome }),
  };
}
