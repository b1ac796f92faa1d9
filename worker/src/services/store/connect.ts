import { eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { resources, sellerProfiles, users } from '../../../../db/schema/index.ts';
import { sameOriginUrl } from '../../domain/redirect-target.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { providerNameOf } from '../payments/provider.ts';
import { createStripeClient } from '../payments/stripe-provider.ts';
import { payeeOf, requireActivePayee, setPayeePayoutsEnabled, storePayeeAccount, type Payee } from './payees.ts';
import { platformFeeCents, platformFeePercent } from './store-settings.ts';
import type { ConnectStatus, TestOnboardingView } from '../../../../shared/store/connect.ts';

/**
 * Stripe Connect (Express) for the sellers (decision 0029) and the Connect & Book instructors
 * (decision 0032's addendum; the account's row is the payee of payees.ts). With Stripe's keys, an
 * approved seller or a published instructor gets one Express account (created once, its id kept in
 * seller_profiles.connect_account_id or instructor_profiles.connect_account_id) and
 * an onboarding link of Stripe's; the account's state is read back from Stripe. Without keys (the
 * test provider) the account is simulated: an `acct_test_…` id and the app's own onboarding page
 * (/seller/payments/onboarding, marked test mode) whose "Complete onboarding" enables payouts.
 */

export const CONNECT_UNAVAILABLE = 'Stripe could not be reached. Please try again.';
export const NOT_TEST_MODE = 'Simulated onboarding is only available in test mode.';
export const NO_TEST_ACCOUNT = 'Start the payout setup from your payments page first.';

/** Where onboarding sends the seller back to (both modes). */
export const CONNECT_RETURN_PATH = '/seller/payments?connect=return';
export const CONNECT_REFRESH_PATH = '/seller/payments?connect=refresh';
const CONNECT_FALLBACK_PATH = '/seller/payments';
/** The test provider's onboarding page. */
export const TEST_ONBOARDING_PATH = '/seller/payments/onboarding';

const TEST_ACCOUNT_PREFIX = 'acct_test_';

export const isTestAccount = (accountId: string | null | undefined) => !!accountId && accountId.startsWith(TEST_ACCOUNT_PREFIX);

export function connectTestMode(platform: Pick<Platform, 'env'>): boolean {
  return providerNameOf(platform.env) === 'test';
}

function randomId(length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (const b of crypto.getRandomValues(new Uint8Array(length))) out += alphabet[b % alphabet.length];
  return out;
}

const stripeClients = new WeakMap<Platform['env'], Stripe>();

/** The Stripe client of this runtime's keys (made once per environment). */
export function stripeOf(platform: Pick<Platform, 'env'>): Stripe {
  let client = stripeClients.get(platform.env);
  if (!client) {
    client = createStripeClient(platform.env);
    stripeClients.set(platform.env, client);
  }
  return client;
}

/** A Stripe call whose failure is answered 502 (the seller may try again). */
async function stripeCall<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    console.error(`Stripe ${what} failed`, err instanceof Error ? err.message : err);
    throw new AppError(502, CONNECT_UNAVAILABLE);
  }
}

/** The payee's account id, stored once: a concurrent request that stored another keeps its own. */
const storeAccountId = (platform: Platform, payee: Payee, accountId: string, replaceable: 'none' | 'test') =>
  storePayeeAccount(platform.db, payee, accountId, replaceable, TEST_ACCOUNT_PREFIX);

/**
 * POST /api/stripe-connect: the onboarding link of the payee's Express account, creating the
 * account the first time. Approved sellers and published instructors only (403 otherwise, saying why).
 */
export async function startConnectOnboarding(platform: Platform, userId: number, origin: string): Promise<{ url: string; account_id: string; test_mode: boolean }> {
  const profile = await requireActivePayee(platform.db, userId);
  if (connectTestMode(platform)) {
    const accountId = profile.connectAccountId ?? (await storeAccountId(platform, profile, `${TEST_ACCOUNT_PREFIX}${randomId()}`, 'none'));
    return { url: TEST_ONBOARDING_PATH, account_id: accountId, test_mode: true };
  }
  const stripe = stripeOf(platform);
  const base = platform.env.PUBLIC_URL ? new URL(platform.env.PUBLIC_URL).origin : origin;
  let accountId = profile.connectAccountId;
  if (!accountId || isTestAccount(accountId)) {
    const [user] = await platform.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    const account = await stripeCall('account creation', () =>
      stripe.accounts.create(
        {
          type: 'express',
          ...(user?.email ? { email: user.email } : {}),
          capabilities: { transfers: { requested: true } },
          business_profile:
            profile.source === 'seller'
              ? { name: profile.name, product_description: 'Dance lesson plans and curriculum resources', url: `${base}/sellers/${userId}` }
              : { name: profile.name, product_description: 'Dance lessons', url: `${base}/instructors/${userId}` },
          metadata: { userId: String(userId) },
        },
        // The instructor's key differs from a store's: an account made for one is not reused for the other.
        { idempotencyKey: `connect-account-${profile.source === 'seller' ? '' : 'instructor-'}${userId}-${profile.createdAt}` },
      ),
    );
    accountId = await storeAccountId(platform, profile, account.id, 'test');
  }
  const link = await stripeCall('account link', () =>
    stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      // Return addresses stay on the site's origin (decision 0058).
      refresh_url: sameOriginUrl(CONNECT_REFRESH_PATH, base, CONNECT_FALLBACK_PATH),
      return_url: sameOriginUrl(CONNECT_RETURN_PATH, base, CONNECT_FALLBACK_PATH),
    }),
  );
  return { url: link.url, account_id: accountId, test_mode: false };
}

/** The status as kept in the database (no call to Stripe): for the payments page. */
export function storedConnectStatus(platform: Pick<Platform, 'env'>, row: { connectAccountId: string | null; payoutsEnabled: boolean } | null): ConnectStatus {
  const enabled = !!row?.connectAccountId && row.payoutsEnabled;
  return {
    account_id: row?.connectAccountId ?? null,
    charges_enabled: enabled,
    payouts_enabled: enabled,
    details_submitted: enabled,
    test_mode: connectTestMode(platform),
  };
}

/**
 * GET /api/stripe-connect/account-status. With Stripe, the account is read from Stripe and its
 * payouts_enabled is kept on the profile (so payouts and destination charges follow it). A seller
 * without an account (or without a profile) gets everything false.
 */
export async function connectAccountStatus(platform: Platform, userId: number): Promise<ConnectStatus> {
  const row = await payeeOf(platform.db, userId);
  const accountId = row?.connectAccountId ?? null;
  if (!row || !accountId || connectTestMode(platform) || isTestAccount(accountId)) {
    return { ...storedConnectStatus(platform, row), test_mode: connectTestMode(platform) };
  }
  const account = await stripeCall('account status', () => stripeOf(platform).accounts.retrieve(accountId));
  const payoutsEnabled = account.payouts_enabled === true;
  if (payoutsEnabled !== row.payoutsEnabled) await setPayeePayoutsEnabled(platform.db, row, accountId, payoutsEnabled);
  return {
    account_id: accountId,
    charges_enabled: account.charges_enabled === true,
    payouts_enabled: payoutsEnabled,
    details_submitted: account.details_submitted === true,
    test_mode: false,
  };
}

async function testAccountOf(platform: Platform, userId: number) {
  if (!connectTestMode(platform)) throw notFound(NOT_TEST_MODE);
  const profile = await requireActivePayee(platform.db, userId);
  if (!isTestAccount(profile.connectAccountId)) throw notFound(NO_TEST_ACCOUNT);
  return profile;
}

/** GET /api/stripe-connect/test-onboarding: what the simulated onboarding page shows. */
export async function testOnboardingView(platform: Platform, userId: number): Promise<TestOnboardingView> {
  const profile = await testAccountOf(platform, userId);
  const [user] = await platform.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return {
    account_id: profile.connectAccountId!,
    store_name: profile.name,
    email: user?.email ?? null,
    payouts_enabled: profile.payoutsEnabled,
    return_url: CONNECT_RETURN_PATH,
  };
}

/** POST /api/stripe-connect/test-onboarding/complete: the simulated account can receive payouts. */
export async function completeTestOnboarding(platform: Platform, userId: number): Promise<ConnectStatus & { redirect_url: string }> {
  const profile = await testAccountOf(platform, userId);
  await setPayeePayoutsEnabled(platform.db, profile, profile.connectAccountId!, true);
  return { ...(await connectAccountStatus(platform, userId)), redirect_url: CONNECT_RETURN_PATH };
}

/**
 * Destination charges (decision 0029): a Stripe checkout whose every line is a resource of one
 * approved seller whose Express account takes payouts is charged to that account, the platform
 * keeping the sum of the lines' fees. Anything else (a course in the cart, two sellers, a seller
 * not onboarded) is charged to the platform and the sellers are paid by payout. Null = platform.
 */
export async function connectDestinationFor(
  db: Db,
  lines: readonly { type: string; itemId: number; totalCents: number }[],
): Promise<{ accountId: string; applicationFeeCents: number } | null> {
  if (lines.length === 0 || lines.some((l) => l.type !== 'RESOURCE')) return null;
  const rows = await db
    .select({ id: resources.id, sellerId: resources.sellerId, status: sellerProfiles.status, accountId: sellerProfiles.connectAccountId, payoutsEnabled: sellerProfiles.payoutsEnabled })
    .from(resources)
    .innerJoin(sellerProfiles, eq(sellerProfiles.userId, resources.sellerId))
    .where(inArray(resources.id, [...new Set(lines.map((l) => l.itemId))]));
  const sellers = new Set(rows.map((r) => r.sellerId));
  const seller = rows[0];
  if (!seller || sellers.size !== 1 || rows.length !== new Set(lines.map((l) => l.itemId)).size) return null;
  if (seller.status !== 'approved' || !seller.payoutsEnabled || !seller.accountId || isTestAccount(seller.accountId)) return null;
  const percent = await platformFeePercent(db);
  return { accountId: seller.accountId, applicationFeeCents: lines.reduce((sum, l) => sum + platformFeeCents(l.totalCents, percent), 0) };
}
