import type { ResultSet } from '@libsql/client';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { roles, sellerProfiles, userRoles, users } from '../../../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { audited, type AuditActor } from '../audit.ts';
import { notify } from '../notifications.ts';
import { loadSellerProfile, toSellerProfileView } from './sellers.ts';
import type { SellerProfileView, SellerStatus } from '../../../../shared/store/views.ts';
import type { AdminSellerList } from '../../../../shared/store/seller-admin.ts';

/**
 * The curriculum admins' side of the sellers (sellers.manage, decision 0029): the applications
 * and sellers list, and the four decisions. Each decision is one conditional update guarded by the
 * state it leaves (approve: pending or rejected; reject: pending; suspend: approved; reinstate:
 * suspended), so two admins deciding at once cannot both win; approval grants the requested role
 * in the same batch. The seller gets an in-app notice and an email for each decision that happened.
 */

export const SELLER_PROFILE_NOT_FOUND = 'Seller not found';
export const ONLY_PENDING_REJECTED = 'Only a pending application can be rejected.';
export const ONLY_APPROVED_SUSPENDED = 'Only an approved seller can be suspended.';
export const ONLY_SUSPENDED_REINSTATED = 'Only a suspended seller can be reinstated.';
export const SUSPENDED_USE_REINSTATE = 'This seller is suspended: reinstate them instead.';

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** GET /api/admin/sellers: pending applications first, then the newest. */
export async function listSellerProfiles(db: Db, query: { status?: SellerStatus; q?: string; page: number; page_size: number }): Promise<AdminSellerList> {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(sellerProfiles.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const like = (column: SQL | typeof users.username) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(
      or(
        like(sql`${sellerProfiles.storeName}`),
        like(users.username),
        like(sql`${users.firstName} || ' ' || ${users.lastName}`),
        like(sql`coalesce(${users.email}, '')`),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total], byStatus] = await Promise.all([
    db
      .select({ profile: sellerProfiles, user: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email } })
      .from(sellerProfiles)
      .innerJoin(users, eq(users.id, sellerProfiles.userId))
      .where(where)
      .orderBy(sql`${sellerProfiles.status} = 'pending' DESC`, desc(sellerProfiles.createdAt), desc(sellerProfiles.userId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(sellerProfiles).innerJoin(users, eq(users.id, sellerProfiles.userId)).where(where),
    db.select({ status: sellerProfiles.status, n: count() }).from(sellerProfiles).groupBy(sellerProfiles.status),
  ]);
  const counts: Record<SellerStatus, number> = { pending: 0, approved: 0, rejected: 0, suspended: 0 };
  for (const row of byStatus) counts[row.status] = row.n;
  return {
    data: rows.map((r) => toSellerProfileView(r.profile, r.user)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    counts,
  };
}

async function requireProfile(db: Db, sellerId: number): Promise<SellerProfileView> {
  const view = await loadSellerProfile(db, sellerId);
  if (!view) throw notFound(SELLER_PROFILE_NOT_FOUND);
  return view;
}

/** What the seller is told of each decision (notice and email; the kind names the outbox email). */
function decisionNotice(kind: 'seller_approved' | 'seller_rejected' | 'seller_suspended' | 'seller_reinstated', profile: SellerProfileView, reason: string | null) {
  const store = profile.store_name;
  switch (kind) {
    case 'seller_approved':
      return {
        kind,
        title: 'Your seller application was approved',
        body: `Welcome to the curriculum store! ${store} is open: add your first resource from your seller dashboard.`,
        url: '/seller',
      };
    case 'seller_rejected':
      return {
        kind,
        title: 'Your seller application was not approved',
        body: `Your application for ${store} was not approved. Reason: ${reason}\n\nYou may apply again with a new sample.`,
        url: '/seller',
      };
    case 'seller_suspended':
      return {
        kind,
        title: 'Your store has been suspended',
        body: `${store} has been suspended and its resources are no longer in the store. Reason: ${reason}`,
        url: '/seller',
      };
    case 'seller_reinstated':
      return {
        kind,
        title: 'Your store has been reinstated',
        body: `${store} is open again: your published resources are back in the store.`,
        url: '/seller',
      };
  }
}

type DecisionKind = Parameters<typeof decisionNotice>[0];

async function tell(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, kind: DecisionKind, profile: SellerProfileView, reason: string | null) {
  await notify(platform, { userId: profile.user_id, ...decisionNotice(kind, profile, reason) });
}

/**
 * POST /api/admin/sellers/{id}/approve. Idempotent: approving an approved seller changes nothing
 * (the role is granted again if it went missing) and tells nobody. A suspended seller is
 * reinstated, not approved.
 */
export async function approveSeller(platform: Platform, actor: AuditActor, sellerId: number): Promise<SellerProfileView> {
  const { db } = platform;
  const before = await requireProfile(db, sellerId);
  if (before.status === 'suspended') throw conflict(SUSPENDED_USE_REINSTATE);
  const target = { action: 'seller.approve', table: sellerProfiles, idColumn: sellerProfiles.userId, id: sellerId, summary: `Approved the seller ${before.store_name} (${before.requested_role} granted).` };
  const [, updated] = await db.batch(
    audited(db, actor, target, [
      db
        .update(sellerProfiles)
        .set({ status: 'approved', statusReason: null, decidedBy: actor.id, decidedAt: sqlNow, updatedAt: sqlNow })
        .where(and(eq(sellerProfiles.userId, sellerId), inArray(sellerProfiles.status, ['pending', 'rejected']))),
      // The role the application asked for, only once the profile is approved (in this batch or before).
      db
        .insert(userRoles)
        .select(
          db
            .select(insertSelection(userRoles, { userId: sellerProfiles.userId, roleId: roles.id }))
            .from(sellerProfiles)
            .innerJoin(roles, eq(roles.name, sellerProfiles.requestedRole))
            .where(and(eq(sellerProfiles.userId, sellerId), eq(sellerProfiles.status, 'approved'))),
        )
        .onConflictDoNothing(),
    ]),
  );
  const after = await requireProfile(db, sellerId);
  if ((updated as ResultSet).rowsAffected === 0) {
    if (after.status === 'approved') return after;
    throw conflict(SUSPENDED_USE_REINSTATE);
  }
  await tell(platform, 'seller_approved', after, null);
  return after;
}

/** One guarded status change and its notice; 409 with `refusal` when the seller is not in `from`. */
async function decide(
  platform: Platform,
  actor: AuditActor,
  sellerId: number,
  change: { from: SellerStatus; to: SellerStatus; reason: string | null; refusal: string; kind: DecisionKind; action: string; verb: string },
): Promise<SellerProfileView> {
  const { db } = platform;
  const before = await requireProfile(db, sellerId);
  const summary = `${change.verb} the seller ${before.store_name}${change.reason ? `: ${change.reason}` : ''}.`;
  const [, updated] = await db.batch(
    audited(db, actor, { action: change.action, table: sellerProfiles, idColumn: sellerProfiles.userId, id: sellerId, summary }, [
      db
        .update(sellerProfiles)
        .set({ status: change.to, statusReason: change.reason, decidedBy: actor.id, decidedAt: sqlNow, updatedAt: sqlNow })
        .where(and(eq(sellerProfiles.userId, sellerId), eq(sellerProfiles.status, change.from))),
    ]),
  );
  if ((updated as ResultSet).rowsAffected === 0) throw conflict(change.refusal);
  const after = await requireProfile(db, sellerId);
  await tell(platform, change.kind, after, change.reason);
  return after;
}

/** POST /api/admin/sellers/{id}/reject: a pending application only, with the reason the applicant reads. */
export function rejectSeller(platform: Platform, actor: AuditActor, sellerId: number, reason: string): Promise<SellerProfileView> {
  return decide(platform, actor, sellerId, { from: 'pending', to: 'rejected', reason, refusal: ONLY_PENDING_REJECTED, kind: 'seller_rejected', action: 'seller.reject', verb: 'Rejected' });
}

/**
 * POST /api/admin/sellers/{id}/suspend: an approved seller only. The role stays; the store's
 * public reads require an approved profile, so their resources leave the store at once, and
 * their resource writes are refused (requireApprovedSeller).
 */
export function suspendSeller(platform: Platform, actor: AuditActor, sellerId: number, reason: string): Promise<SellerProfileView> {
  return decide(platform, actor, sellerId, { from: 'approved', to: 'suspended', reason, refusal: ONLY_APPROVED_SUSPENDED, kind: 'seller_suspended', action: 'seller.suspend', verb: 'Suspended' });
}

/** POST /api/admin/sellers/{id}/reinstate: a suspended seller is approved again. */
export function reinstateSeller(platform: Platform, actor: AuditActor, sellerId: number): Promise<SellerProfileView> {
  return decide(platform, actor, sellerId, { from: 'suspended', to: 'approved', reason: null, refusal: ONLY_SUSPENDED_REINSTATED, kind: 'seller_reinstated', action: 'seller.reinstate', verb: 'Reinstated' });
}
