import type { ConnectStatus, TestOnboardingView } from '../../../worker/src/services/store/connect.ts';
import { apiFetch } from '../lib/api.ts';

/**
 * The test provider's simulated Stripe Connect onboarding (/seller/payments/onboarding, decision
 * 0029): what the page shows and its one action. With Stripe's keys sellers go to Stripe's own
 * onboarding instead and these calls answer 404.
 */

export type { ConnectStatus, TestOnboardingView };

export const ONBOARDING_TEST_LABEL = 'Simulated payout account — no bank details are asked for and no money moves.';

export function fetchTestOnboarding(): Promise<TestOnboardingView> {
  return apiFetch<TestOnboardingView>('/api/stripe-connect/test-onboarding');
}

export function completeTestOnboarding(): Promise<ConnectStatus & { redirect_url: string }> {
  return apiFetch('/api/stripe-connect/test-onboarding/complete', { method: 'POST' });
}

/** Starts (or resumes) the payout setup: the address to go to, Stripe's or the simulated page. */
export function startPayoutSetup(): Promise<{ url: string; account_id: string; test_mode: boolean }> {
  return apiFetch('/api/stripe-connect', { method: 'POST' });
}
