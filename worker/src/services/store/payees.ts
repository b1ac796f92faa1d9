import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { instructorProfiles, sellerProfiles, users } from '../../../../db/schema/index.ts';
import { forbidden } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { APPLICATION_PENDING, APPLICATION_REJECTED, NOT_A_SELLER, SELLER_SUSPENDED, sellerProfileRow } from './sellers.ts';

/**
 * Who receives payouts (decision 0029, and 0032's addendum): the person whose seller_ledger rows
 * a payout sends. Their Stripe Connect account lives on one of two rows:
 * - an approved (or suspended) store seller's seller_profiles row;
 * - otherwise a Connect & Book instructor's instructor_profiles row, so an instructor who never
 *   applied to the store is paid for their bookings and packages without a store approval. A
 *   published profile may onboard and be paid; a suspended one pauses payouts like a suspended store.
 * An approved seller whose account was set up while they were only an instructor keeps that
 * account (the row that holds it is the payee) rather than onboarding again.
 */

export const INSTRUCTOR_NOT_PUBLISHED = 'Publish your Connect & Book profile before setting up payouts.';
export const INSTRUCTOR_SUSPENDED = 'Your instructor profile is suspended: payouts are paused.';

export type PayeeSource = 'seller' | 'instructor';

export interface Payee {
  source: PayeeSource;
  userId: number;
  /** The store name, or the instructor's name: what the payout account is for. */
  name: string;
  createdAt: string;
  connectAccountId: string | null;
  payoutsEnabled: boolean;
  /** active: may onboard and be paid; suspended: payouts paused; inactive: not (yet) a payee. */
  state: 'active' | 'suspended' | 'inactive';
  /** The 403 message of an onboarding refused in this state (null when active). */
  refusal: string | null;
}

async function instructorPayeeRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      status: instructorProfiles.status,
      connectAccountId: instructorProfiles.connectAccountId,
      payoutsEnabled: instructorProfiles.payoutsEnabled,
      createdAt: instructorProfiles.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eq(instructorProfiles.userId, userId))
    .limit(1);
  return row ?? null;
}

/** The payee of a user (see above), or null when they are neither a seller applicant nor an instructor. */
export async function payeeOf(db: Db, userId: number): Promise<Payee | null> {
  const [seller, instructor] = await Promise.all([sellerProfileRow(db, userId), instructorPayeeRow(db, userId)]);
  const sellerPayee = (state: Payee['state'], refusal: string | null): Payee | null =>
    seller && {
      source: 'seller',
      userId,
      name: seller.storeName,
      createdAt: seller.createdAt,
      connectAccountId: seller.connectAccountId,
      payoutsEnabled: seller.payoutsEnabled,
      state,
      refusal,
    };
  const instructorPayee = (state: Payee['state'], refusal: string | null): Payee | null =>
    instructor && {
      source: 'instructor',
      userId,
      name: [instructor.firstName, instructor.lastName].filter(Boolean).join(' ').trim() || instructor.username,
      createdAt: instructor.createdAt,
      connectAccountId: instructor.connectAccountId,
      payoutsEnabled: instructor.payoutsEnabled,
      state,
      refusal,
    };
  if (seller?.status === 'suspended') return sellerPayee('suspended', SELLER_SUSPENDED);
  if (seller?.status === 'approved') {
    // The account set up as an instructor stays theirs once the store is approved.
    if (!seller.connectAccountId && instructor?.connectAccountId && instructor.status !== 'suspended') return instructorPayee('active', null);
    return sellerPayee('active', null);
  }
  if (instructor) {
    if (instructor.status === 'published') return instructorPayee('active', null);
    if (instructor.status === 'suspended') return instructorPayee('suspended', INSTRUCTOR_SUSPENDED);
    return instructorPayee('inactive', seller ? (seller.status === 'pending' ? APPLICATION_PENDING : APPLICATION_REJECTED) : INSTRUCTOR_NOT_PUBLISHED);
  }
  if (seller) return sellerPayee('inactive', seller.status === 'pending' ? APPLICATION_PENDING : APPLICATION_REJECTED);
  return null;
}

/** The payee of a user who may set up payouts now; 403 saying why otherwise. */
export async function requireActivePayee(db: Db, userId: number): Promise<Payee> {
  const payee = await payeeOf(db, userId);
  if (!payee) throw forbidden(NOT_A_SELLER);
  if (payee.state !== 'active') throw forbidden(payee.refusal ?? NOT_A_SELLER);
  return payee;
}

/** The payee's row: the table that holds their account, and the state of it that may be paid. */
function payeeTable(source: PayeeSource) {
  return source === 'seller'
    ? { table: sellerProfiles, active: eq(sellerProfiles.status, 'approved') }
    : { table: instructorProfiles, active: eq(instructorProfiles.status, 'published') };
}

/**
 * Stores the payee's account id once: a concurrent request that stored another keeps its own.
 * `replaceable` 'test' lets a real account replace a simulated one. Answers the stored id.
 */
export async function storePayeeAccount(db: Db, payee: Payee, accountId: string, replaceable: 'none' | 'test', testPrefix: string): Promise<string> {
  const { table } = payeeTable(payee.source);
  const free = replaceable === 'test' ? or(isNull(table.connectAccountId), like(table.connectAccountId, `${testPrefix}%`)) : isNull(table.connectAccountId);
  // A new account starts without payouts, whatever a simulated one had.
  await db
    .update(table)
    .set({ connectAccountId: accountId, payoutsEnabled: false, updatedAt: sqlNow })
    .where(and(eq(table.userId, payee.userId), free));
  const [row] = await db.select({ accountId: table.connectAccountId }).from(table).where(eq(table.userId, payee.userId));
  return row!.accountId!;
}

/** Sets whether the payee's account (still this one) takes payouts. */
export async function setPayeePayoutsEnabled(db: Db, payee: Payee, accountId: string, enabled: boolean): Promise<void> {
  const { table } = payeeTable(payee.source);
  await db
    .update(table)
    .set({ payoutsEnabled: enabled, updatedAt: sqlNow })
    .where(and(eq(table.userId, payee.userId), eq(table.connectAccountId, accountId)));
}

/** SQL true while the payee may still be paid to this account: for the payout's conditional insert. */
export function payeeReadySql(payee: Payee, accountId: string) {
  const { table, active } = payeeTable(payee.source);
  const ready = and(eq(table.userId, payee.userId), active, eq(table.payoutsEnabled, true), eq(table.connectAccountId, accountId));
  return sql`EXISTS (SELECT 1 FROM ${table} WHERE ${ready})`;
}
