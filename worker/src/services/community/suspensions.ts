import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { communityMembers, roles, userRoles, users } from '../../../../db/schema/index.ts';
import { displayName } from '../../domain/certificates.ts';
import { encodeCursor, type Cursor } from '../../domain/page-cursor.ts';
import { can } from '../../domain/permissions.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { audited, type AuditActor } from '../audit.ts';
import { COMMUNITY_MESSAGES, COMMUNITY_LIMITS, type CommunitySuspensionView } from '../../../../shared/community.ts';

/**
 * Suspensions from posting in the community (decision 0075): a moderator suspends a member for N
 * days with a reason, or lifts it; both audited. A suspended member's posts are refused until the
 * end (the posting path reads `suspended_until`). Staff who moderate cannot be suspended. The list
 * of members suspended now reads `community_members_suspended_idx` by the end of each suspension.
 */

export const MEMBER_NOT_FOUND = 'No member has this username.';
export const NOT_SUSPENDED = 'This member is not suspended.';
const DAY_MS = 86_400_000;

const suspender = alias(users, 'suspender');

function suspensionQuery(db: Db) {
  return db
    .select({
      member: communityMembers,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      byFirstName: suspender.firstName,
      byLastName: suspender.lastName,
      byUsername: suspender.username,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .leftJoin(suspender, eq(suspender.id, communityMembers.suspendedBy));
}

type SuspensionRow = Awaited<ReturnType<ReturnType<typeof suspensionQuery>['execute']>>[number];

function toSuspensionView(row: SuspensionRow): CommunitySuspensionView {
  const m = row.member;
  return {
    user: { id: m.userId, name: displayName(row, row.username), username: row.username },
    until: m.suspendedUntil ?? '',
    reason: m.suspendedReason ?? '',
    by: m.suspendedBy === null ? null : { id: m.suspendedBy, name: displayName({ firstName: row.byFirstName, lastName: row.byLastName, username: row.byUsername }, 'A moderator') },
    created_at: m.suspendedAt ?? '',
  };
}

/** GET /api/admin/community/suspensions: members suspended now, the soonest to end first, by keyset. */
export async function listSuspensions(db: Db, cursor: Cursor | undefined, now = new Date()): Promise<{ data: CommunitySuspensionView[]; next: string | null }> {
  const size = COMMUNITY_LIMITS.pageSize;
  const from = cursor ? String(cursor.key) : now.toISOString();
  // Past the cursor's (until, member), or every suspension that has not ended.
  const range = cursor
    ? sql`${communityMembers.suspendedUntil} >= ${from} AND (${communityMembers.suspendedUntil} > ${from} OR ${communityMembers.userId} > ${cursor.id})`
    : gt(communityMembers.suspendedUntil, from);
  const rows = await suspensionQuery(db)
    .where(and(sql`${communityMembers.suspendedUntil} IS NOT NULL`, range))
    .orderBy(asc(communityMembers.suspendedUntil), asc(communityMembers.userId))
    .limit(size + 1);
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  const next = rows.length > size && last ? encodeCursor({ key: last.member.suspendedUntil!, id: last.member.userId, page: (cursor?.page ?? 1) + 1 }) : null;
  return { data: shown.map(toSuspensionView), next };
}

async function findMember(db: Db, who: { user_id?: number | undefined; username?: string | undefined }) {
  const where = who.user_id !== undefined ? eq(users.id, who.user_id) : sql`lower(${users.username}) = lower(${who.username ?? ''})`;
  const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(where).limit(1);
  if (!user) throw notFound(MEMBER_NOT_FOUND);
  const held = await db
    .select({ role: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id));
  return { ...user, roles: held.map((r) => r.role) };
}

async function suspensionOf(db: Db, userId: number): Promise<CommunitySuspensionView | null> {
  const [row] = await suspensionQuery(db).where(eq(communityMembers.userId, userId)).limit(1);
  return row && row.member.suspendedUntil !== null ? toSuspensionView(row) : null;
}

/**
 * POST /api/admin/community/suspensions: the member may not post until now + days (a suspension
 * already running is replaced). One audited upsert of the member's row.
 */
export async function suspendMember(
  db: Db,
  actor: AuditActor,
  input: { user_id?: number | undefined; username?: string | undefined; days: number; reason: string },
  now = new Date(),
): Promise<CommunitySuspensionView> {
  const member = await findMember(db, input);
  if (can(member.roles, 'community.moderate')) throw new AppError(403, COMMUNITY_MESSAGES.CANNOT_SUSPEND_STAFF);
  const until = new Date(now.getTime() + input.days * DAY_MS).toISOString();
  const stamp = now.toISOString();
  const set = { suspendedUntil: until, suspendedReason: input.reason, suspendedBy: actor.id, suspendedAt: stamp };
  await db.batch(
    audited(
      db,
      actor,
      {
        action: 'community_member.suspend',
        table: communityMembers,
        idColumn: communityMembers.userId,
        id: member.id,
        summary: `Suspended ${member.username} from the community for ${input.days} day${input.days === 1 ? '' : 's'}: ${input.reason.slice(0, 120)}`,
      },
      [db.insert(communityMembers).values({ userId: member.id, ...set }).onConflictDoUpdate({ target: communityMembers.userId, set })],
    ),
  );
  return (await suspensionOf(db, member.id))!;
}

/** DELETE /api/admin/community/suspensions/{userId}: the member posts again; 404 when no suspension runs. */
export async function liftSuspension(db: Db, actor: AuditActor, userId: number, now = new Date()): Promise<void> {
  const running = and(eq(communityMembers.userId, userId), gt(communityMembers.suspendedUntil, now.toISOString()));
  const [row] = await db.select({ userId: communityMembers.userId }).from(communityMembers).where(running).limit(1);
  if (!row) throw notFound(NOT_SUSPENDED);
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  await db.batch(
    audited(
      db,
      actor,
      { action: 'community_member.lift', table: communityMembers, idColumn: communityMembers.userId, id: userId, summary: `Lifted the community suspension of ${user?.username ?? `member ${userId}`}` },
      [db.update(communityMembers).set({ suspendedUntil: null, suspendedReason: null, suspendedBy: null, suspendedAt: null }).where(running)],
    ),
  );
}
