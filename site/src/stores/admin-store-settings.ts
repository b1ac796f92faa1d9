import { atom } from 'nanostores';
import type { StoreSettings } from '../../../shared/store/store-settings.ts';
import type { StoreStats, TopResource } from '../../../shared/store/store-stats.ts';
import { PLATFORM_FEE_MAX, PLATFORM_FEE_MIN, PLATFORM_FEE_RANGE_MESSAGE, saleSplit } from '../../../worker/src/domain/store.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { loadMessage, runChange, type ChangeResult } from './admin-store.ts';
import { bindLoadable, setCached, type Loadable } from './query.ts';

/**
 * The store's settings (/admin/settings, store.settings) and figures (/admin/curriculum-officer,
 * resources.review): GET/PATCH /api/admin/store-settings and GET /api/admin/store-stats.
 */

export type { StoreSettings, StoreStats, TopResource };

// ---------------------------------------------------------------------------------------------
// Settings

/** The platform fee's bounds (whole percent): the API checks the same ones; the form says so before sending. */
export const FEE_MIN = PLATFORM_FEE_MIN;
export const FEE_MAX = PLATFORM_FEE_MAX;
export const FEE_RANGE_MESSAGE = PLATFORM_FEE_RANGE_MESSAGE;

const SETTINGS_KEY = keyOf(api.admin['store-settings']);

export const $storeSettings = atom<Loadable<StoreSettings>>({ status: 'idle' });

export async function loadStoreSettings(): Promise<void> {
  await bindLoadable($storeSettings, SETTINGS_KEY, { failed: (error) => loadMessage(error, 'the store settings') });
}

/** The fee as typed: a whole percent within the bounds, or the message to show. */
export function parseFee(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return { ok: false, message: FEE_RANGE_MESSAGE };
  const value = Number(trimmed);
  return value >= FEE_MIN && value <= FEE_MAX ? { ok: true, value } : { ok: false, message: FEE_RANGE_MESSAGE };
}

/**
 * What a sale of `grossCents` leaves each side at `percent`: the fee is rounded to the cent as
 * the sellers' ledger writes it (round(gross × percent / 100)), the seller earns the rest.
 */
export function feeSplit(grossCents: number, percent: number): { feeCents: number; netCents: number } {
  const { fee, net } = saleSplit(grossCents, percent);
  return { feeCents: fee, netCents: net };
}

/** The saved settings are the PATCH's answer: they are shown as they are, not read again. */
export function saveStoreSettings(changes: { platform_fee_percent: number }): Promise<ChangeResult> {
  return runChange(
    async () => setCached(SETTINGS_KEY, await call(api.admin['store-settings'].$patch({ json: changes }))),
    `Platform fee set to ${changes.platform_fee_percent}%. It applies to sales from now on.`,
    'save store settings',
    SETTINGS_KEY,
  );
}

// ---------------------------------------------------------------------------------------------
// Figures

export const $storeStats = atom<Loadable<StoreStats>>({ status: 'idle' });

/** Read again after a review or curation change while on screen (runChange). */
export async function loadStoreStats(): Promise<void> {
  await bindLoadable($storeStats, keyOf(api.admin['store-stats']), { failed: (error) => loadMessage(error, "the store's figures") });
}
