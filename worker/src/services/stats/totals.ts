import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { statTotals } from '../../../../db/schema/stat-totals.ts';
import type { Db } from '../../platform/db.ts';

/**
 * A per-day running total (stat_totals, decision 0039) summed over the days asked, both ends
 * included (all days when neither is given): a statement of the caller's batch answering `{ n }`.
 */
export function sumOfDays(db: Db, metric: string, days: { from?: string; to?: string } = {}) {
  return db
    .select({ n: sql<number>`coalesce(sum(${statTotals.value}), 0)` })
    .from(statTotals)
    .where(and(eq(statTotals.metric, metric), days.from ? gte(statTotals.day, days.from) : undefined, days.to ? lte(statTotals.day, days.to) : undefined));
}
