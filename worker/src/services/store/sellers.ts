import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { sellerProfiles, users, type SellerProfileRow } from '../../../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { uniqueViolation } from '../db-errors.ts';
import type { SellerProfileView, SellerRole } from '../../../../shared/store/views.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';

/**
 * Becoming a seller (decision 0029): one application per user (seller_profiles, keyed by the
 * user), approved or rejected by a curriculum admin (seller-admin.ts). A rejected applicant may
 * apply again, which puts the same row back to pending. The profile is also the storefront the
 * seller edits at /seller/settings.
 */

export const STORE_NAME_TAKEN = 'A store with this name already exists';
export const ALREADY_APPLIED = 'You have already applied to sell. Your application is waiting for review.';
export const ALREADY_SELLER = 'You are already a seller.';
export const PROFILE_NOT_FOUND = 'You have not applied to sell yet.';
/** The refusals of `requireApprovedSeller`, by the seller's state. */
export const NOT_A_SELLER = 'Apply to sell before adding resources.';
export const APPLICATION_PENDING = 'Your seller application is still under review.';
export const APPLICATION_REJECTED = 'Your seller application was not approved.';
export const SELLER_SUSPENDED = 'Your store is suspended: you cannot add or submit resources.';


export interface ApplicationInput {
  store_name: string;
  bio: string;
  sample_url?: string | null;
  application_note?: string;
  requested_role?: SellerRole;
}

export interface ProfileChanges {
  store_name?: string;
  bio?: string;
  logo_url?: string | null;
}

type ProfileUser = Pick<typeof users.$inferSelect, 'id' | 'username' | 'firstName' | 'lastName' | 'email'>;

export function toSellerProfileView(row: SellerProfileRow, user: ProfileUser): SellerProfileView {
  return {
    user_id: row.userId,
    store_name: row.storeName,
    bio: row.bio,
    logo_url: row.logoUrl,
    sample_url: row.sampleUrl,
    application_note: row.applicationNote,
    requested_role: row.requestedRole,
    status: row.status,
    status_reason: row.statusReason,
    decided_at: row.decidedAt,
    payouts_enabled: row.payoutsEnabled,
    created_at: row.createdAt,
    user: { id: user.id, username: user.username, first_name: user.firstName, last_name: user.lastName, email: user.email },
  };
}

const profileUserColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email };

/** The profile row of a user, or null. */
export async function sellerProfileRow(db: Db, userId: number): Promise<SellerProfileRow | null> {
  const [row] = await db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)).limit(1);
  return row ?? null;
}

/** A user's profile as its owner and the curriculum admins see it, or null. */
export async function loadSellerProfile(db: Db, userId: number): Promise<SellerProfileView | null> {
  const [found] = await db
    .select({ profile: sellerProfiles, user: profileUserColumns })
    .from(sellerProfiles)
    .innerJoin(users, eq(users.id, sellerProfiles.userId))
    .where(eq(sellerProfiles.userId, userId))
    .limit(1);
  return found ? toSellerProfileView(found.profile, found.user) : null;
}

/** GET /api/sellers/me. */
export async function getOwnSellerProfile(db: Db, userId: number): Promise<SellerProfileView> {
  const view = await loadSellerProfile(db, userId);
  if (!view) throw notFound(PROFILE_NOT_FOUND);
  return view;
}

/** True when another profile than `userId`'s has this store name (case-insensitive). */
async function storeNameTaken(db: Db, storeName: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sellerProfiles.userId })
    .from(sellerProfiles)
    .where(sql`lower(${sellerProfiles.storeName}) = lower(${storeName}) AND ${sellerProfiles.userId} <> ${userId}`)
    .limit(1);
  return row !== undefined;
}

/** Turns a unique-index failure of a profile write into the 409 it means. */
function profileConflict(err: unknown): never {
  const index = uniqueViolation(err);
  if (index === 'seller_profiles_store_name_unique') throw conflict(STORE_NAME_TAKEN);
  if (index === 'seller_profiles.user_id') throw conflict(ALREADY_APPLIED);
  throw err;
}

/**
 * POST /api/sellers/apply. A first application inserts the profile (pending); a rejected one is
 * put back to pending with the new answers (one conditional update); a pending, approved or
 * suspended one answers 409. The store name is unique without regard to case (the index decides
 * when two applicants race).
 */
export async function applyToSell(db: Db, userId: number, input: ApplicationInput): Promise<SellerProfileView> {
  const existing = await sellerProfileRow(db, userId);
  if (existing && existing.status !== 'rejected') throw conflict(existing.status === 'pending' ? ALREADY_APPLIED : ALREADY_SELLER);
  if (await storeNameTaken(db, input.store_name, userId)) throw conflict(STORE_NAME_TAKEN);
  const values = {
    storeName: input.store_name,
    bio: input.bio,
    sampleUrl: input.sample_url ?? null,
    applicationNote: input.application_note ?? '',
    requestedRole: input.requested_role ?? 'SELLER',
  };
  try {
    if (!existing) {
      await db.insert(sellerProfiles).values({ userId, ...values, status: 'pending' });
    } else {
      const updated = await db
        .update(sellerProfiles)
        .set({ ...values, status: 'pending', statusReason: null, decidedBy: null, decidedAt: null, createdAt: sqlNow, updatedAt: sqlNow })
        .where(and(eq(sellerProfiles.userId, userId), eq(sellerProfiles.status, 'rejected')));
      // Someone (another tab) re-applied or an admin decided in between.
      if (updated.rowsAffected === 0) throw conflict(ALREADY_APPLIED);
    }
  } catch (err) {
    profileConflict(err);
  }
  return getOwnSellerProfile(db, userId);
}

/** PATCH /api/sellers/me: the storefront's name, bio and logo. */
export async function updateOwnSellerProfile(db: Db, userId: number, changes: ProfileChanges): Promise<SellerProfileView> {
  const existing = await sellerProfileRow(db, userId);
  if (!existing) throw notFound(PROFILE_NOT_FOUND);
  const set = {
    ...(changes.store_name !== undefined ? { storeName: changes.store_name } : {}),
    ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
    ...(changes.logo_url !== undefined ? { logoUrl: changes.logo_url } : {}),
  };
  if (Object.keys(set).length === 0) return getOwnSellerProfile(db, userId);
  if (changes.store_name !== undefined && (await storeNameTaken(db, changes.store_name, userId))) throw conflict(STORE_NAME_TAKEN);
  try {
    await db
      .update(sellerProfiles)
      .set({ ...set, updatedAt: sqlNow })
      .where(eq(sellerProfiles.userId, userId));
  } catch (err) {
    profileConflict(err);
  }
  return getOwnSellerProfile(db, userId);
}

/**
 * The rule behind every seller write of the store (create a resource, submit it): the user's
 * profile is approved. Refuses with 403 and a message that says why: no application, still
 * pending, rejected, or suspended. Admins acting under resources.manage do not go through it.
 */
export async function requireApprovedSeller(db: Db, userId: number): Promise<SellerProfileRow> {
  const row = await sellerProfileRow(db, userId);
  if (!row) throw forbidden(NOT_A_SELLER);
  if (row.status === 'approved') return row;
  throw forbidden(row.status === 'pending' ? APPLICATION_PENDING : row.status === 'rejected' ? APPLICATION_REJECTED : SELLER_SUSPENDED);
}

/** SQL true when the user is an approved seller: for conditional writes that must check it in the statement itself. */
export const isApprovedSellerSql = (userId: number | SQLWrapper) =>
  sql`EXISTS (SELECT 1 FROM seller_profiles sp WHERE sp.user_id = ${userId} AND sp.status = 'approved')`;
