/** What the API answers and the site reads of worker/src/services/dashboards/activity.ts (decision 0054). */

export const ACTIVITY_KINDS = ['signup', 'order', 'booking', 'audit'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityItem {
  kind: ActivityKind;
  /** When it happened (ISO). */
  at: string;
  /** Who: the account signed up, the buyer, the booker, the admin who acted. */
  actor: string;
  /** What: the order's description, the session's title, the audit entry's summary or action. */
  text: string;
  /** The order's total or the booking's price, in cents (null for the others). */
  amount_cents: number | null;
  /** Where an admin reads more. */
  href: string;
}
