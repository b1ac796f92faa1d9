import { and, asc, eq, isNull } from 'drizzle-orm';
import { orderItems, users } from '../../../../db/schema/index.ts';
import { isPaidStatus } from '../../domain/orders.ts';
import { AppError } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { publicLink } from '../../platform/public-url.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { uniqueViolation } from '../db-errors.ts';
import { sendNotificationEmail } from '../notifications.ts';
import { ownOrderBySession } from './pending.ts';
import { RECEIPT_KIND, receiptEmail } from './receipt.ts';

/**
 * The success page of an account without an email (decision 0065): the buyer gives one, it is
 * saved to the account (only while the account has none: never replacing an address), and the
 * paid order's receipt goes to it through the outbox.
 */

export const RECEIPT_EMAIL_HAS_ONE = 'Your account already has an email address. Change it from your profile.';
export const RECEIPT_EMAIL_TAKEN = 'Another account already uses this email.';
export const RECEIPT_EMAIL_NOT_PAID = 'The receipt is sent once the payment is confirmed.';

const fieldConflict = (message: string) => new AppError(409, message, { validationErrors: { email: [message] } });

/** POST /api/checkout/receipt-email: the order of `sessionId` must be the buyer's and paid. */
export async function saveReceiptEmail(platform: Platform, userId: number, sessionId: string, email: string): Promise<{ email: string }> {
  const { db } = platform;
  const order = await ownOrderBySession(platform, userId, sessionId);
  if (!isPaidStatus(order.status)) throw new AppError(409, RECEIPT_EMAIL_NOT_PAID);
  const address = email.toLowerCase();
  let saved;
  try {
    [saved] = await db
      .update(users)
      .set({ email: address, updatedAt: sqlNow })
      .where(and(eq(users.id, userId), isNull(users.email)))
      .returning({ firstName: users.firstName, username: users.username });
  } catch (err) {
    if (uniqueViolation(err) === 'users_email_unique') throw fieldConflict(RECEIPT_EMAIL_TAKEN);
    throw err;
  }
  if (!saved) throw fieldConflict(RECEIPT_EMAIL_HAS_ONE);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const receipt = receiptEmail({ order, items, name: saved.firstName || saved.username }, publicLink(platform.env, `/my-purchases/${order.id}/receipt`));
  await sendNotificationEmail(platform, userId, RECEIPT_KIND, { to: address, subject: receipt.subject, text: receipt.text });
  return { email: address };
}
