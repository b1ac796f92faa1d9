import { eq, lte, sql } from 'drizzle-orm';
import type { ClientRateLimitInfo, Store } from 'hono-rate-limiter';
import { rateLimits } from '../../../db/schema/index.ts';
import type { Db } from '../platform/db.ts';

/**
 * The hit counters of `hono-rate-limiter` in the database table `rate_limits`, so a limit holds
 * on both runtimes, across processes and restarts. Each hit is one atomic upsert: it starts a
 * fresh window when the old one has ended and otherwise adds one, and returns the count.
 */
export class DbRateLimitStore implements Store {
  readonly localKeys = false;
  readonly db: Db;
  readonly now: () => number;
  #windowMs = 60_000;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  init(options: { windowMs: number }): void {
    this.#windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.resetAt <= this.now()) return undefined;
    return { totalHits: row.hits, resetTime: new Date(row.resetAt) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now();
    if (Math.random() < 0.01) await forgetEndedWindows(this.db, now);
    const ended = sql`${rateLimits.resetAt} <= ${now}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, hits: 1, resetAt: now + this.#windowMs })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          resetAt: sql`CASE WHEN ${ended} THEN ${now + this.#windowMs} ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    return { totalHits: row!.hits, resetTime: new Date(row!.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`max(${rateLimits.hits} - 1, 0)` })
      .where(eq(rateLimits.key, key));
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}

/** Counters whose window has ended count nothing any more. */
export async function forgetEndedWindows(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
}
