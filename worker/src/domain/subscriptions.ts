/** Subscription levels of §6 and §9: what each plan unlocks. */
export const SUBSCRIPTION_LEVELS = { free: 0, educator: 10, premium: 20, royalty: 30 } as const;

export type PlanKey = keyof typeof SUBSCRIPTION_LEVELS;

/**
 * The tier mapping of §6. Tiers arrive from older plans and sellers' and directory products;
 * each counts as one of the four plans.
 */
export const TIER_TO_PLAN: Readonly<Record<string, PlanKey>> = {
  NOBILITY: 'educator',
  IMPERIAL: 'premium',
  ROYAL: 'royalty',
  basic_seller: 'educator',
  premium_seller: 'educator',
  basic_directory: 'free',
  premium_directory: 'premium',
  annual_access: 'premium',
  quarterly_access: 'premium',
  monthly_access: 'premium',
};

/** The spec's default message of a gated feature. */
export const FEATURE_GATE_DEFAULT_MESSAGE = 'This feature requires a higher subscription level.';

const byLowerCase = new Map<string, PlanKey>([
  ...Object.keys(SUBSCRIPTION_LEVELS).map((k) => [k, k as PlanKey] as const),
  ...Object.entries(TIER_TO_PLAN).map(([tier, plan]) => [tier.toLowerCase(), plan] as const),
]);

/**
 * The plan a tier counts as. Plan names map to themselves; the mapping is matched without regard
 * to case because tiers are written both ways (NOBILITY, basic_seller). Unknown or missing: free.
 */
export function planOfTier(tier: string | null | undefined): PlanKey {
  if (!tier) return 'free';
  return byLowerCase.get(tier.trim().toLowerCase()) ?? 'free';
}

/** The access level of a tier: free 0, educator 10, premium 20, royalty 30. */
export function tierLevel(tier: string | null | undefined): number {
  return SUBSCRIPTION_LEVELS[planOfTier(tier)];
}

/** A gated feature shows only if the user's level is at least the required level (§6). */
export function hasFeatureAccess(level: number, required: number): boolean {
  return level >= required;
}
