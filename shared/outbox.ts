import type { OUTBOX_STATUSES } from '../db/schema/index.ts';

/** What the API answers and the site reads of worker/src/services/outbox.ts (decision 0054). */

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxMessageView {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: OutboxStatus;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The names of the files sent with it. */
  attachment_names: string[];
}
