import type { ProviderEvent } from './provider.ts';

/**
 * Reading a provider event's object with the Stripe SDK's types (`Stripe.Checkout.Session`,
 * `Stripe.Charge`, `Stripe.Invoice`, `Stripe.Subscription`). The signature proves who sent the
 * event, not that each field has the type the SDK declares (older API versions, the test
 * provider's events, a hand-made payload), so every field the handlers rely on is read through
 * these checks: a value of another type reads as missing and the event is refused (recorded as
 * ignored) instead of being applied half-read.
 */

/** The event's `data.object` as the SDK type `T`, each field still to be checked; `{}` when it is not an object. */
export function dataObject<T extends object>(event: ProviderEvent): Partial<T> {
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  return object && typeof object === 'object' ? (object as Partial<T>) : {};
}

/** A string field (possibly empty), else null. */
export const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A non-empty string field, else null. */
export const nonEmptyText = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A finite number field, else null. */
export const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A field the SDK types as `T | null | undefined`, as an object to read further (`{}` when it is not one). */
export function objectOf<T extends object>(v: unknown): Partial<T> {
  return v && typeof v === 'object' ? (v as Partial<T>) : {};
}

/** An expandable field (`string | { id }`): its id. */
export const idOf = (v: unknown): string | null => text(v) ?? text(objectOf<{ id: string }>(v).id);

/** The same, refusing an empty id. */
export const nonEmptyIdOf = (v: unknown): string | null => nonEmptyText(v) ?? nonEmptyText(objectOf<{ id: string }>(v).id);

/** One of our ids written into metadata (a string of digits): a positive safe integer, else null. */
export const positiveInt = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A list field (`{ data: T[] }`): its items that are objects. */
export function listOf<T extends object>(v: unknown): Partial<T>[] {
  const data = objectOf<{ data: unknown }>(v).data;
  return Array.isArray(data) ? data.map((item) => objectOf<T>(item)) : [];
}

/** A metadata value (Stripe.Metadata is `{ [name]: string }`). */
export const metadataValue = (metadata: unknown, name: string): unknown => objectOf<Record<string, unknown>>(metadata)[name];
