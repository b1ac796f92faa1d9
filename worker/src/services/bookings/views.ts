/**
 * The bookings' view types live in shared/bookings/views.ts (decision 0054). This one name stays
 * importable here only for bookings/packages.ts, which is being rewritten; the site never imports it.
 */
export type { PackagePurchaseView } from '../../../../shared/bookings/views.ts';
