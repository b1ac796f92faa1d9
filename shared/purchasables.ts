/** What the API answers and the site reads of worker/src/services/purchasables.ts (decision 0054). */

/** Why an item cannot be bought now (a cart line's and a quote's reason). */
export type UnavailableReason = 'owned' | 'not_found' | 'unpublished' | 'own_item' | 'plan_required' | 'included' | 'not_enrolled';
