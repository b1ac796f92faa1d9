import type { Platform } from '../../platform/context.ts';
import { paymentConfigurationProblem, providerNameOf, type PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

export type { PaymentProvider, ProviderName, RefundInput } from './provider.ts';
export { ProviderError } from './provider.ts';

const providers = new WeakMap<Platform, PaymentProvider>();

/**
 * The payment provider of this runtime: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET
 * are set, else the built-in test provider (decision 0024). Made once per platform. A
 * configuration that is neither (decision 0060) gets no provider: payments fail closed.
 */
export function getPaymentProvider(platform: Platform): PaymentProvider {
  let provider = providers.get(platform);
  if (!provider) {
    const problem = paymentConfigurationProblem(platform.env);
    if (problem) throw new Error(problem);
    provider = providerNameOf(platform.env) === 'stripe' ? createStripeProvider(platform.env) : createTestProvider(platform);
    providers.set(platform, provider);
  }
  return provider;
}

/** The test provider, when it is the one in use (its hosted page and test helpers need it). */
export function getTestProvider(platform: Platform): TestProvider | null {
  const provider = getPaymentProvider(platform);
  return provider.name === 'test' ? (provider as TestProvider) : null;
}
