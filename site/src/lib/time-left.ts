/**
 * The time a pending payment has left before its checkout session expires, as
 * 'Xh Ym remaining' or 'Ym remaining'. Whole minutes, rounded down (a session with 59 s left
 * says '0m remaining', never more time than it has); null when there is no expiry or the
 * expiry cannot be read, and 'Expired' once it has passed.
 */
export const EXPIRED_LABEL = 'Expired';

export function timeLeft(expiresAt: string | number | Date | null | undefined, now: Date | number = Date.now()): string | null {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return null;
  const end = expiresAt instanceof Date ? expiresAt.getTime() : typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  if (!Number.isFinite(end)) return null;
  const ms = end - (typeof now === 'number' ? now : now.getTime());
  if (ms <= 0) return EXPIRED_LABEL;
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m remaining` : `${minutes}m remaining`;
}
