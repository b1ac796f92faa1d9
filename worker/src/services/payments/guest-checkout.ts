import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../../../db/schema/index.ts';
import { hashPassword } from '../../domain/password.ts';
import { generateToken } from '../../domain/tokens.ts';
import { AppError } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { grantRoleByUsername, sessionForUsernameStatement } from '../accounts.ts';
import { uniqueViolation } from '../db-errors.ts';
import { emailHasAccount, freeUsername, usernameBaseFromEmail } from '../new-accounts.ts';
import { sendSetPasswordEmail, setPasswordTokenStatement } from '../password-reset.ts';
import { newSessionSecret } from '../sessions.ts';
import { loadUserView } from '../users.ts';
import { CREDITS_SIGN_IN } from '../practice/credit-sales.ts';
import { quoteCheckout, startCheckout, type RequestedItem } from './checkout.ts';
import type { Quote } from '../../../../shared/payments/checkout.ts';
import { GUEST_EMAIL_TAKEN, GUEST_SET_PASSWORD_DAYS, type GuestCheckoutStarted } from '../../../../shared/payments/guest-checkout.ts';

/**
 * Checkout without an account first (decision 0065). The visitor's account (a STUDENT, its
 * username taken from the email), a session for this browser and a link to choose its password are
 * written in the batch that creates the order, so there is never an account without its order nor
 * an order without its buyer. An email that already has an account is refused: an order is never
 * attached to an account without its password. Nothing is granted here: the verified payment event
 * fulfils the order as for any buyer. Feedback credits are for a course's enrolled learners, which a
 * visitor never is: the describer answers them unavailable in the quote, and the checkout refuses
 * them before anything is written, whatever else the visitor buys.
 */

/** Nobody's user id: a visitor owns nothing, so the items are priced as for a new account. */
const NO_ACCOUNT = 0;

const emailConflict = () => new AppError(409, GUEST_EMAIL_TAKEN, { validationErrors: { email: [GUEST_EMAIL_TAKEN] } });
const creditsRefusal = () => new AppError(409, CREDITS_SIGN_IN, { validationErrors: { items: [CREDITS_SIGN_IN] } });

/** POST /api/checkout/guest/quote: the review a visitor sees, with their coupon code's discount or refusal. */
export function quoteForGuest(platform: Platform, input: { items: RequestedItem[]; couponCode?: string }): Promise<Quote> {
  return quoteCheckout(platform, NO_ACCOUNT, input);
}

/**
 * POST /api/checkout/guest. The account is created only with the order; when the payment never
 * completes, the order stays pending (and ends like any other) and the account keeps its link.
 */
export async function startGuestCheckout(
  platform: Platform,
  input: { email: string; firstName: string; lastName: string; items: RequestedItem[]; couponCode?: string },
  requestOrigin: string,
): Promise<GuestCheckoutStarted> {
  const { db, env } = platform;
  if (input.items.some((item) => item.type === 'FEEDBACK_CREDITS')) throw creditsRefusal();
  const email = input.email.toLowerCase();
  if (await emailHasAccount(db, email)) throw emailConflict();
  // Nobody knows this password: the person chooses one with the emailed link.
  const passwordHash = await hashPassword(`guest-${crypto.randomUUID()}-${crypto.randomUUID()}`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await freeUsername(db, usernameBaseFromEmail(email));
    const session = await newSessionSecret(env.SESSION_TTL_HOURS);
    const setPasswordToken = generateToken();
    // The statements after the insert find the new row by name and (salted, unique) hash.
    const id = sql<number>`(SELECT ${users.id} FROM ${users} WHERE lower(${users.username}) = lower(${username}) AND ${users.passwordHash} = ${passwordHash})`;
    const statements = [
      db.insert(users).values({ username, email, passwordHash, firstName: input.firstName, lastName: input.lastName }),
      grantRoleByUsername(db, username, 'STUDENT', passwordHash),
      sessionForUsernameStatement(db, username, session, passwordHash),
      setPasswordTokenStatement(db, id, setPasswordToken, GUEST_SET_PASSWORD_DAYS),
    ];
    let started;
    try {
      // A coupon is checked before the batch and reserved in it for the new account: a refused
      // code writes nothing.
      started = await startCheckout(platform, NO_ACCOUNT, { items: input.items, couponCode: input.couponCode }, requestOrigin, { statements, id, email });
    } catch (err) {
      const index = uniqueViolation(err);
      if (index === 'users_email_unique') throw emailConflict();
      if (index === 'users_username_unique') continue; // taken meanwhile: pick another name
      throw err;
    }
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.passwordHash, passwordHash)))
      .limit(1);
    const user = account ? await loadUserView(db, account.id) : null;
    if (!user) throw new Error('The new account could not be read back');
    await sendSetPasswordEmail(platform, { id: user.id, email, name: input.firstName, username }, setPasswordToken, GUEST_SET_PASSWORD_DAYS);
    return { ...started, access_token: session.token, user, setPasswordSentTo: email };
  }
  throw new AppError(409, 'Could not choose a username. Please try again.');
}
