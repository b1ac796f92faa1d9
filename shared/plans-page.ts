import type { BillingInterval } from '../db/schema/subscriptions.ts';
import type { PlanKey } from '../worker/src/domain/subscriptions.ts';
import type { PlanView } from './subscriptions/views.ts';

/** What the server hands the /subscription page, of worker/src/services/plans-page.ts (decision 0054). */

/** What the page is given: the active plans by level, and what the address asks to preselect. */
export interface PlansPage {
  plans: PlanView[];
  /** `?tier=` through the tier mapping (NOBILITY → educator, domain/subscriptions.ts), highlighted; null when none. */
  preselect: PlanKey | null;
  /** `?interval=year` opens on the yearly prices. */
  interval: BillingInterval;
}
