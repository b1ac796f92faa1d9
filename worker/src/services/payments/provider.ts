import type Stripe from 'stripe';
import type { OrderRow } from '../../../../db/schema/commerce.ts';
import type { Platform } from '../../platform/context.ts';

/**
 * The payment provider interface (decision 0024): Stripe Checkout when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set, else the built-in test provider on a local demo or with
 * PAYMENTS=test (decision 0060). Both hand out a hosted checkout
 * page and send Stripe-shaped, signed events to the one webhook handler.
 */

export type ProviderName = 'stripe' | 'test';

export interface CheckoutLine {
  name: string;
  /** Per unit, in cents. */
  unitAmountCents: number;
  quantity: number;
}

export interface CheckoutSessionInput {
  order: Pick<OrderRow, 'id' | 'number' | 'totalCents' | 'currency'>;
  lines: CheckoutLine[];
  customerEmail: string | null;
  expiresAt: Date;
  /** Absolute or site-relative; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  /**
   * A Stripe Connect destination charge (decision 0029): the payment goes to the seller's
   * connected account and the platform keeps `applicationFeeCents`. Only Stripe reads it.
   */
  destination?: { accountId: string; applicationFeeCents: number } | null;
}

export interface CheckoutSession {
  sessionId: string;
  checkoutUrl: string;
  expiresAt: Date;
}

export interface RefundInput {
  order: Pick<OrderRow, 'id' | 'number' | 'totalCents' | 'refundedCents' | 'providerPaymentIntentId' | 'providerSessionId'> & Partial<Pick<OrderRow, 'metadata'>>;
  amountCents: number;
  /** Our refunds row's id: the provider's refund carries it back in its metadata. */
  refundId: number;
  orderItemIds?: number[] | null;
}

/** What the handler reads of an event: Stripe's own event object. */
export type ProviderEvent = Stripe.Event;

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** Ends an open session (a dismissed pending payment); a session already ended is left as it is. */
  expireSession(sessionId: string): Promise<void>;
  refund(input: RefundInput): Promise<{ providerRefundId: string }>;
  /** Checks the Stripe-Signature header over the raw body and parses the event; throws when it does not match. */
  verifyAndParseEvent(payload: string, signature: string | null): Promise<ProviderEvent>;
}

export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function providerNameOf(env: Platform['env']): ProviderName {
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test';
}

type PaymentEnv = Pick<Platform['env'], 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PAYMENTS' | 'DRX_ADMIN_USERNAME' | 'DRX_ADMIN_PASSWORD' | 'LIBSQL_URL' | 'PUBLIC_URL'>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether PUBLIC_URL names this machine (localhost, 127.0.0.1, ::1, *.localhost). */
function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.');
  } catch {
    return false;
  }
}

/**
 * What makes this server a deployment rather than a local demo: a configured admin, a remote
 * database, a public address that is not this machine. Empty on a local demo.
 */
export function deploymentSignsOf(env: PaymentEnv): string[] {
  return [
    ...(env.DRX_ADMIN_USERNAME ? ['DRX_ADMIN_USERNAME is set'] : []),
    ...(env.DRX_ADMIN_PASSWORD ? ['DRX_ADMIN_PASSWORD is set'] : []),
    ...(env.LIBSQL_URL ? ['LIBSQL_URL is set'] : []),
    ...(env.PUBLIC_URL && !isLocalUrl(env.PUBLIC_URL) ? ['PUBLIC_URL is not local'] : []),
  ];
}

/**
 * Payments fail closed (decision 0060): Stripe needs both of its variables; the test provider,
 * whose public test card "pays" for everything, runs only with no Stripe variable set and on a
 * local demo or when PAYMENTS=test says so. Any other configuration is a problem, named here:
 * the Node server refuses to start with it, payments refuse to run, /admin/deployment fails.
 * Null when the configuration is sound.
 */
export function paymentConfigurationProblem(env: PaymentEnv): string | null {
  const key = Boolean(env.STRIPE_SECRET_KEY);
  const secret = Boolean(env.STRIPE_WEBHOOK_SECRET);
  if (env.PAYMENTS === 'test' && (key || secret)) {
    return `PAYMENTS=test is set beside ${key ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'}: unset PAYMENTS to use Stripe, or unset the Stripe variables to use the test provider`;
  }
  if (key && !secret) return 'STRIPE_WEBHOOK_SECRET is not set: set it beside STRIPE_SECRET_KEY, or unset both to use the test provider on a local demo';
  if (secret && !key) return 'STRIPE_SECRET_KEY is not set: set it beside STRIPE_WEBHOOK_SECRET, or unset both to use the test provider on a local demo';
  if (key && secret) return null;
  const signs = deploymentSignsOf(env);
  if (signs.length === 0 || env.PAYMENTS === 'test') return null;
  return `STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set on a deployment (${signs.join(', ')}): set both, or set PAYMENTS=test to use the test provider on purpose`;
}

/** The connected account an order was charged to (orders.metadata `connect_destination`), or null. */
export function connectDestinationOf(metadata: string | null | undefined): string | null {
  if (!metadata) return null;
  try {
    const value = (JSON.parse(metadata) as { connect_destination?: unknown }).connect_destination;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

/** Thrown when the provider could not be reached or refused a call. */
export class ProviderError extends Error {}
