import type { ResultSet } from '@libsql/client';
import { and, asc, count, eq, exists, gt, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { roles, sessions, statTotals, userRoles, users } from '../../../db/schema/index.ts';
import type { AuthUser } from '../app-context.ts';
import { can, mayChangeAccount, type Action } from '../domain/permissions.ts';
import type { RoleName } from '../domain/roles.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { audited, type AuditActor } from './audit.ts';
import { roleMappingsOf, toUserView, loadUserView } from './users.ts';
import { type UserView } from '../../../shared/users.ts';
import { fieldWords } from '../domain/audit.ts';
import { readKeysetPage, type ListOrder, type PageAsk, orderOf } from './keyset.ts';
import { escapeLike, indexable, personMatches } from './people-search.ts';
import type { UserPage, RoleSummary } from '../../../shared/admin-users.ts';

export const USER_NOT_FOUND = 'User not found';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account.';
export const CANNOT_REVOKE_OWN_ADMIN = 'You cannot remove your own ADMIN role.';
export const LAST_ADMIN_ROLE = 'The last active admin cannot lose the ADMIN role.';
export const LAST_ROLE = "A user must keep at least one role: grant another role before removing this one.";
export const LAST_ADMIN_DEACTIVATE = 'The last active admin cannot be deactivated.';
export const ADMIN_ROLES_NEED_ADMIN = 'Only an ADMIN can change admin roles or deactivate an admin.';
export const ADMIN_ACCOUNT_PROTECTED = 'Only an ADMIN can change an ADMIN account.';
export const DEACTIVATE_FORBIDDEN = 'You do not have permission to activate or deactivate accounts.';
export const MANAGE_USERS_FORBIDDEN = 'You do not have permission to do this.';
export const ROLE_NOT_AVAILABLE = 'Unknown role';

/** What the admin actions read of the signed-in admin (the username names them in the audit log). */
type Actor = Pick<AuthUser, 'id' | 'roles'> & Partial<Pick<AuthUser, 'username'>>;

const auditActor = (actor: Actor): AuditActor => ({ id: actor.id, roles: actor.roles, username: actor.username ?? `user ${actor.id}` });

/** A user's snapshot in the audit log carries their role list too (the roles' own rows are not audited). */
const withRoles = (key: SQL) => ({
  roles: sql`(SELECT group_concat(name, ',') FROM (SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${key} ORDER BY r.name))`,
});

/** Roles that open admin routes; only a holder of ADMIN itself may hand them out or take them away. */
const isAdminRole = (role: string) => role.includes('ADMIN');
const actorIsFullAdmin = (actor: Actor) => actor.roles.includes('ADMIN');

/** The table's action (the route asked it already; services check again so no caller can skip it). */
function assertCan(actor: Actor, action: Action, message = MANAGE_USERS_FORBIDDEN): void {
  if (!can(actor.roles, action)) throw forbidden(message);
}

/** Object rule: an ADMIN account is changed only by an ADMIN (decision 0013). */
function assertMayChange(actor: Actor, target: UserView): void {
  if (!mayChangeAccount(actor.roles, target.role)) throw forbidden(ADMIN_ACCOUNT_PROTECTED);
}

/** True when some active user other than `excludedUserId` holds ADMIN. Evaluated inside the write. */
const anotherActiveAdmin = (excludedUserId: number) => sql`EXISTS (
  SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN users u ON u.id = ur.user_id
  WHERE r.name = 'ADMIN' AND u.is_active = 1 AND u.id <> ${excludedUserId})`;

const holdsRole = (userId: number, role: string) => sql`EXISTS (
  SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${userId} AND r.name = ${role})`;

export interface UserFilters {
  search?: string;
  role?: RoleName;
}

const ORDER: ListOrder = { key: users.id, id: users.id, direction: 'asc' };

/** By id, a page by number or next to one already shown (decision 0045). */
export async function listUsers(db: Db, query: UserFilters & PageAsk): Promise<UserPage> {
  const where = usersWhere(query);
  const page = await readKeysetPage(query, {
    order: ORDER,
    read: ({ bound, reversed, limit, offset }) =>
      db
        .select()
        .from(users)
        .where(and(where, bound))
        .orderBy(...orderOf(ORDER, reversed).slice(0, 1))
        .limit(limit)
        .offset(offset),
    positionOf: (row) => [row.id, row.id],
    total: async () => Number((await totalOf(db, query, where))[0]?.n ?? 0),
  });
  const mappings = await roleMappingsOf(
    db,
    page.rows.map((r) => r.id),
  );
  return {
    data: page.rows.map((row) => toUserView(row, mappings.get(row.id) ?? [])),
    total: page.total,
    page: page.page,
    pageSize: query.pageSize,
    next: page.next,
    prev: page.prev,
  };
}

/**
 * How many users the filters select: without a search, the running totals of all accounts and of
 * each role's holders (stat_totals, decision 0039) answer without counting 200,000 rows; a search
 * counts what it matches.
 */
function totalOf(db: Db, query: UserFilters, where: SQL | undefined) {
  if (query.search) return db.select({ n: count() }).from(users).where(where);
  return db
    .select({ n: sql<number>`coalesce(sum(${statTotals.value}), 0)`.mapWith(Number) })
    .from(statTotals)
    .where(and(eq(statTotals.metric, query.role ? `role.${query.role}` : 'users.total'), eq(statTotals.day, '')));
}

/** How many users the list's filters select (the export checks it before reading any row). */
export async function countUsers(db: Db, filters: UserFilters): Promise<number> {
  const [row] = await totalOf(db, filters, usersWhere(filters));
  return Number(row?.n ?? 0);
}

/** Up to `limit` users the list's filters select after the user `afterId`, in the list's order (by id): a page of the CSV export. */
export async function usersAfter(db: Db, filters: UserFilters, afterId: number | undefined, limit: number): Promise<UserView[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(usersWhere(filters), afterId === undefined ? undefined : gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
  const mappings = await roleMappingsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toUserView(row, mappings.get(row.id) ?? []));
}

function usersWhere(query: UserFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.search && indexable(query.search)) {
    conditions.push(personMatches(users.id, query.search));
  } else if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const like = (column: SQLWrapper) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(
      or(
        like(users.username),
        like(users.firstName),
        like(users.lastName),
        like(users.email),
        like(sql`${users.firstName} || ' ' || ${users.lastName}`),
      ),
    );
  }
  if (query.role) {
    conditions.push(
      sql`${users.id} IN (SELECT ${userRoles.userId} FROM ${userRoles} INNER JOIN ${roles} ON ${roles.id} = ${userRoles.roleId} WHERE ${roles.name} = ${query.role})`,
    );
  }
  return and(...conditions);
}

async function requireUserView(db: Db, id: number): Promise<UserView> {
  const view = await loadUserView(db, id);
  if (!view) throw notFound(USER_NOT_FOUND);
  return view;
}

export interface AdminUserChanges {
  is_active?: boolean;
  first_name?: string;
  last_name?: string;
  bio?: string;
}

/**
 * PATCH /api/users/{id}. Deactivation is one conditional update (it fails when it would leave no
 * active ADMIN) followed, in the same batch, by revoking the sessions of the account if it is now
 * inactive; so a refused change writes nothing at all.
 */
export async function updateUserAsAdmin(db: Db, actor: Actor, id: number, changes: AdminUserChanges): Promise<UserView> {
  assertCan(actor, 'users.update');
  if (changes.is_active !== undefined) assertCan(actor, 'users.deactivate', DEACTIVATE_FORBIDDEN);
  const target = await requireUserView(db, id);
  assertMayChange(actor, target);
  const deactivating = changes.is_active === false;
  if (deactivating && id === actor.id) throw badRequest(CANNOT_DEACTIVATE_SELF);
  if (changes.is_active !== undefined && target.role.some(isAdminRole) && !actorIsFullAdmin(actor)) {
    throw forbidden(ADMIN_ROLES_NEED_ADMIN);
  }
  const set = {
    ...(changes.first_name !== undefined ? { firstName: changes.first_name } : {}),
    ...(changes.last_name !== undefined ? { lastName: changes.last_name } : {}),
    ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
    ...(changes.is_active !== undefined ? { isActive: changes.is_active } : {}),
  };
  if (Object.keys(set).length === 0) return target;

  const guard = deactivating ? sql`(NOT ${holdsRole(id, 'ADMIN')} OR ${anotherActiveAdmin(id)})` : sql`1`;
  const action = changes.is_active === false ? 'user.deactivate' : changes.is_active === true ? 'user.activate' : 'user.update';
  const fields = Object.keys(changes).filter((k) => k !== 'is_active');
  const summary =
    action === 'user.deactivate'
      ? `Deactivated ${target.username} and signed them out everywhere.`
      : action === 'user.activate'
        ? `Activated ${target.username}.`
        : `Changed ${target.username}'s profile (${fieldWords(fields)}).`;
  const [, updated] = await db.batch(
    audited(db, auditActor(actor), { action, table: users, id, summary, extra: withRoles }, [
      db
        .update(users)
        .set({ ...set, updatedAt: sqlNow })
        .where(and(eq(users.id, id), guard)),
      db
        .update(sessions)
        .set({ revokedAt: sqlNow })
        .where(
          and(
            eq(sessions.userId, id),
            isNull(sessions.revokedAt),
            exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.id, id), eq(users.isActive, false)))),
          ),
        ),
    ]),
  );
  if ((updated as ResultSet).rowsAffected === 0) {
    if (!(await loadUserView(db, id))) throw notFound(USER_NOT_FOUND);
    throw conflict(LAST_ADMIN_DEACTIVATE);
  }
  return requireUserView(db, id);
}

function checkMayChangeRole(actor: Actor, role: RoleName) {
  if (isAdminRole(role) && !actorIsFullAdmin(actor)) throw forbidden(ADMIN_ROLES_NEED_ADMIN);
}

/** POST /api/users/{id}/roles. Idempotent: the unique (user, role) index keeps one mapping however many grants race. */
export async function grantRole(db: Db, actor: Actor, id: number, role: RoleName): Promise<UserView> {
  assertCan(actor, 'roles.grant');
  checkMayChangeRole(actor, role);
  const target = await requireUserView(db, id);
  assertMayChange(actor, target);
  const [roleRow] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role)).limit(1);
  if (!roleRow) throw badRequest(ROLE_NOT_AVAILABLE);
  // A role already held changes nothing: no entry.
  await db.batch(
    audited(db, auditActor(actor), { action: 'user.role_grant', table: users, id, summary: `Granted ${role} to ${target.username}.`, extra: withRoles }, [
      db
        .insert(userRoles)
        .select(db.select(insertSelection(userRoles, { userId: users.id, roleId: roleRow.id })).from(users).where(eq(users.id, id)))
        .onConflictDoNothing(),
    ]),
  );
  return requireUserView(db, id);
}

/**
 * DELETE /api/users/{id}/roles/{role}. Removing ADMIN is one conditional delete that only happens
 * while another active user keeps ADMIN, so two admins removing each other cannot both succeed.
 */
export async function revokeRole(db: Db, actor: Actor, id: number, role: RoleName): Promise<UserView> {
  assertCan(actor, 'roles.revoke');
  checkMayChangeRole(actor, role);
  if (role === 'ADMIN' && id === actor.id) throw conflict(CANNOT_REVOKE_OWN_ADMIN);
  const target = await requireUserView(db, id);
  assertMayChange(actor, target);
  const guard = role === 'ADMIN' ? anotherActiveAdmin(id) : sql`1`;
  // The user keeps another role: checked inside the delete, so two revokes at once cannot strip the last two.
  const keepsAnotherRole = sql`EXISTS (
    SELECT 1 FROM user_roles other WHERE other.user_id = ${id} AND other.role_id <> (SELECT id FROM roles WHERE name = ${role}))`;
  const [, deleted] = await db.batch(
    audited(db, auditActor(actor), { action: 'user.role_revoke', table: users, id, summary: `Revoked ${role} from ${target.username}.`, extra: withRoles }, [
      db
        .delete(userRoles)
        .where(
          and(
            eq(userRoles.userId, id),
            sql`${userRoles.roleId} = (SELECT id FROM roles WHERE name = ${role})`,
            guard,
            keepsAnotherRole,
          ),
        ),
    ]),
  );
  const result = deleted as ResultSet;
  const view = await requireUserView(db, id);
  if (result.rowsAffected === 0 && view.role.includes(role)) {
    if (role === 'ADMIN') {
      const [other] = await db.all<{ found: number }>(sql`SELECT ${anotherActiveAdmin(id)} AS found`);
      if (!other?.found) throw conflict(LAST_ADMIN_ROLE);
    }
    throw conflict(LAST_ROLE);
  }
  return view;
}

export async function listRoles(db: Db): Promise<RoleSummary[]> {
  return db
    .select({ id: roles.id, name: roles.name, description: roles.description, user_count: count(userRoles.id) })
    .from(roles)
    .leftJoin(userRoles, eq(userRoles.roleId, roles.id))
    .groupBy(roles.id)
    .orderBy(asc(roles.id));
}
