import { eq, inArray, sql } from 'drizzle-orm';
import { appSettings } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { DEFAULT_PLATFORM_FEE_PERCENT, PLATFORM_FEE_MAX, PLATFORM_FEE_MIN, saleFeeCents } from '../../domain/store.ts';
import type { StoreSettings } from '../../../../shared/store/store-settings.ts';

/**
 * The store's run-time settings (decision 0029), kept as JSON values in app_settings and changed
 * by store.settings holders at /admin/settings. The platform fee is the only one: the store's
 * fixed rules (five files of 20 MB per resource) are not settings. Changes are written (and audited) by
 * the settings service (services/settings.ts), the one writer of app_settings.
 */

export const PLATFORM_FEE_KEY = 'platform_fee_percent';
export { DEFAULT_PLATFORM_FEE_PERCENT, PLATFORM_FEE_MAX, PLATFORM_FEE_MIN } from '../../domain/store.ts';

const parsePercent = (value: string | undefined): number => {
  const n = value === undefined ? NaN : Number(JSON.parse(value));
  return Number.isInteger(n) && n >= PLATFORM_FEE_MIN && n <= PLATFORM_FEE_MAX ? n : DEFAULT_PLATFORM_FEE_PERCENT;
};

/** The platform fee as a whole percent (the migration's 20 when unset or unreadable). */
export async function platformFeePercent(db: Db): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, PLATFORM_FEE_KEY)).limit(1);
  return parsePercent(row?.value);
}

/**
 * The fee of a sale of `grossCents` at `percent`: round(gross × percent / 100), as the ledger's
 * sale rows write it (SQLite's round() and Math.round agree on non-negative amounts).
 */
export const platformFeeCents = saleFeeCents;

/** SQL of the current fee percent, for statements that compute the fee where they write it. */
export const platformFeePercentSql = sql`coalesce((SELECT CAST(value AS INTEGER) FROM app_settings WHERE key = ${PLATFORM_FEE_KEY}), ${DEFAULT_PLATFORM_FEE_PERCENT})`;

/** GET /api/admin/store-settings. */
export async function getStoreSettings(db: Db): Promise<StoreSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, [PLATFORM_FEE_KEY]));
  const fee = rows.find((r) => r.key === PLATFORM_FEE_KEY);
  return { platform_fee_percent: parsePercent(fee?.value), updated_at: fee?.updatedAt ?? null };
}
