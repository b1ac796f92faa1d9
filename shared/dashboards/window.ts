/** The dashboards' windows of UTC days ending today (as the seller's analytics, decision 0030). */

export const DASHBOARD_WINDOWS = [30, 90, 365] as const;
export type DashboardWindow = (typeof DASHBOARD_WINDOWS)[number];

export interface Window {
  days: DashboardWindow;
  /** The first and last UTC day of the window, YYYY-MM-DD. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The window of `days` ending on `now`'s UTC day, with every day of it (oldest first). */
export function windowOf(days: DashboardWindow, now = new Date()): Window & { days_list: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const list = Array.from({ length: days }, (_, i) => isoDay(today - (days - 1 - i) * DAY_MS));
  return { days, from: list[0]!, to: list[list.length - 1]!, days_list: list };
}
