import Stripe from 'stripe';
import type { AppEnv } from '../../platform/env.ts';
import { connectDestinationOf, ProviderError, type CheckoutSessionInput, type PaymentProvider, type RefundInput } from './provider.ts';

/**
 * Stripe Checkout through the official SDK, with its fetch HTTP client and SubtleCrypto signature
 * checks: the same code on Node and on Workers. STRIPE_API_BASE points the SDK at another host
 * (the tests' fake Stripe server) through its host/port/protocol options.
 */

function addressOf(base: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The SDK's client for this runtime's keys (also Connect's accounts and transfers: services/store/connect.ts). */
export function createStripeClient(env: Pick<AppEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) throw new Error('Stripe needs STRIPE_SECRET_KEY');
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...addressOf(env.STRIPE_API_BASE),
  });
}

export function createStripeProvider(env: Pick<AppEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>): PaymentProvider {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) throw new Error('Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const stripe = createStripeClient(env);
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new ProviderError(`Stripe ${what} failed: ${message}`, { cause: err });
    }
  };

  return {
    name: 'stripe',

    async createCheckoutSession(input: CheckoutSessionInput) {
      const metadata = { orderId: String(input.order.id), orderNumber: input.order.number };
      const session = await call('checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: input.lines.map((line) => ({
              quantity: line.quantity,
              price_data: { currency: input.order.currency, unit_amount: line.unitAmountCents, product_data: { name: line.name } },
            })),
            metadata,
            // The charge and its refunds carry the order too, so a refund event finds it. A
            // destination charge pays the seller's connected account, less the platform's fee.
            payment_intent_data: {
              metadata,
              ...(input.destination
                ? { transfer_data: { destination: input.destination.accountId }, application_fee_amount: input.destination.applicationFeeCents }
                : {}),
            },
            client_reference_id: String(input.order.id),
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `checkout-${input.order.number}` },
        ),
      );
      if (!session.url) throw new ProviderError('Stripe answered a checkout session without a URL');
      return { sessionId: session.id, checkoutUrl: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async expireSession(sessionId: string) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Already complete or expired: nothing to end. Anything else is a real failure.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw new ProviderError(`Stripe session expiry failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
    },

    async refund(input: RefundInput) {
      const paymentIntent = input.order.providerPaymentIntentId;
      if (!paymentIntent) throw new ProviderError('This order has no payment at Stripe to refund.');
      // A destination charge's refund takes the seller's share back from their account and gives the fee back.
      const destination = connectDestinationOf(input.order.metadata);
      const refund = await call('refund', () =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amountCents,
            ...(destination ? { reverse_transfer: true, refund_application_fee: true } : {}),
            metadata: {
              orderId: String(input.order.id),
              orderNumber: input.order.number,
              refundId: String(input.refundId),
              orderItemIds: JSON.stringify(input.orderItemIds ?? []),
            },
          },
          { idempotencyKey: `refund-${input.refundId}` },
        ),
      );
      return { providerRefundId: refund.id };
    },

    verifyAndParseEvent(payload: string, signature: string | null) {
      return stripe.webhooks.constructEventAsync(payload, signature ?? '', webhookSecret, undefined, cryptoProvider);
    },
  };
}
