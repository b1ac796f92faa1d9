/** What the API answers and the site reads of worker/src/services/store/store-settings.ts (decision 0054). */

export interface StoreSettings {
  /** Whole percent of every sale the platform keeps (0–50). */
  platform_fee_percent: number;
  updated_at: string | null;
}
