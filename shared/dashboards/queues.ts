/** What the API answers and the site reads of worker/src/services/dashboards/queues.ts (decision 0054). */

/** A resource waiting for review, as the queue lists it (the oldest submission first). */
export interface QueuedResource {
  id: number;
  title: string;
  /** The seller's store name, or their name when they have no store profile. */
  seller: string;
  submitted_at: string;
}

/** A seller application waiting for a decision. */
export interface QueuedSeller {
  user_id: number;
  store_name: string;
  /** The applicant's name (or username). */
  name: string;
  applied_at: string;
}

/**
 * A sub-admin's landing (GET /api/admin/queues): what waits for them, each part only for the
 * action of the permission table that works it — the review queue for `resources.review`, the
 * seller applications for `sellers.manage`; null where the user's roles do not hold it.
 */
export interface WorkQueues {
  review: { awaiting: number; first: QueuedResource[] } | null;
  sellers: { pending: number; first: QueuedSeller[] } | null;
}

/** How many of each queue the landing lists (the queue's own page lists the rest). */
export const QUEUE_PREVIEW = 3;
