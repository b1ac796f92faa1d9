import { AppError } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { paymentConfigurationProblem, providerNameOf, type PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

export type { PaymentProvider, ProviderName, RefundInput } from './provider.ts';
export { ProviderError } from './provider.ts';

const providers = new WeakMap<Platform, PaymentProvider>();

/** What a payment call answers while the server's payment configuration is refused (decision 0060). */
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not available on this server right now: its payment configuration is incomplete.';

/**
 * The payment provider of this runtime: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET
 * are set, else the built-in test provider (decision 0024). Made once per platform. A
 * configuration that is neither (decision 0060) gets no provider: payments fail closed.
 */
export function getPaymentProvider(platform: Platform): PaymentProvider {
  let provider = providers.get(platform);
  if (!provider) {
    const problem = paymentConfigurationProblem(platform.env);
    // The operator's words are in the log and on /admin/deployment; a buyer gets a 503.
    if (problem) throw new AppError(503, PAYMENTS_NOT_CONFIGURED);
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
