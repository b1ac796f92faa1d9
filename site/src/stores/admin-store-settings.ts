import { atom } from 'nanostores';
import type { StoreSettings } from '../../../worker/src/services/store/store-settings.ts';
import type { StoreStats, TopResource } from '../../../worker/src/services/store/store-stats.ts';
import { PLATFORM_FEE_MAX, PLATFORM_FEE_MIN, PLATFORM_FEE_RANGE_MESSAGE, saleSplit } from '../../../worker/src/domain/store.ts';
import { apiFetch } from '../lib/api.ts';
import { loadMessage, previous, runChange, whenResourcesChange, type ChangeResult, type Loadable } from './admin-store.ts';
import { read } from './query.ts';

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

export const $storeSettings = atom<Loadable<StoreSettings>>({ status: 'idle' });

export async function loadStoreSettings(): Promise<void> {
  $storeSettings.set({ status: 'loading', data: previous($storeSettings.get()) });
  try {
    $storeSettings.set({ status: 'ready', data: await read<StoreSettings>('/api/admin/store-settings') });
  } catch (error) {
    $storeSettings.set({ status: 'error', message: loadMessage(error, 'the store settings') });
  }
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

export async function saveStoreSettings(changes: { platform_fee_percent: number }): Promise<ChangeResult> {
  let saved: StoreSettings | undefined;
  const result = await runChange(
    async () => {
      saved = await apiFetch<StoreSettings>('/api/admin/store-settings', { method: 'PATCH', json: changes });
    },
    `Platform fee set to ${changes.platform_fee_percent}%. It applies to sales from now on.`,
    'save store settings',
  );
  if (saved) $storeSettings.set({ status: 'ready', data: saved });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Figures

export const $storeStats = atom<Loadable<StoreStats>>({ status: 'idle' });

export async function loadStoreStats(): Promise<void> {
  $storeStats.set({ status: 'loading', data: previous($storeStats.get()) });
  try {
    $storeStats.set({ status: 'ready', data: await read<StoreStats>('/api/admin/store-stats') });
  } catch (error) {
    $storeStats.set({ status: 'error', message: loadMessage(error, "the store's figures") });
  }
}

whenResourcesChange(async () => {
  if ($storeStats.get().status !== 'idle') await loadStoreStats();
});
