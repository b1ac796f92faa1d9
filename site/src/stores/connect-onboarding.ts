import type { ConnectStatus, TestOnboardingView } from '../../../shared/store/connect.ts';
import { api, call, type Answer } from '../lib/api-client.ts';

/**
 * The test provider's simulated Stripe Connect onboarding (/seller/payments/onboarding, decision
 * 0029): what the page shows and its one action. With Stripe's keys sellers go to Stripe's own
 * onboarding instead and these calls answer 404.
 */

export type { ConnectStatus, TestOnboardingView };

export const ONBOARDING_TEST_LABEL = 'Simulated payout account — no bank details are asked for and no money moves.';

const connect = api['stripe-connect'];

export function fetchTestOnboarding(): Promise<TestOnboardingView> {
  return call(connect['test-onboarding'].$get());
}

export function completeTestOnboarding(): Promise<Answer<typeof connect['test-onboarding']['complete']['$post']>> {
  return call(connect['test-onboarding'].complete.$post());
}

/** Starts (or resumes) the payout setup: the address to go to, Stripe's or the simulated page. */
export function startPayoutSetup(): Promise<Answer<typeof connect.$post>> {
  return call(connect.$post());
}
