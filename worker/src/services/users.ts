import { asc, eq, inArray, sql } from 'drizzle-orm';
import { roles, userRoles, users, type UserRow } from '../../../db/schema/index.ts';
import { publicBadges } from '../domain/permissions.ts';
import { adminFlag } from '../domain/roles.ts';
import type { Db } from '../platform/db.ts';
import type { UserView, PublicUserView } from '../../../shared/users.ts';

export type RoleMapping = { id: number; role: string };

export async function roleMappingsOf(db: Db, userIds: number[]): Promise<Map<number, RoleMapping[]>> {
  const out = new Map<number, RoleMapping[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ id: userRoles.id, userId: userRoles.userId, role: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.id));
  for (const row of rows) {
    const list = out.get(row.userId) ?? [];
    list.push({ id: row.id, role: row.role });
    out.set(row.userId, list);
  }
  return out;
}

function prepareRoleMappingsOfUser(db: Db) {
  return db
    .select({ id: userRoles.id, role: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, sql.placeholder('userId')))
    .orderBy(asc(userRoles.id))
    .prepare();
}

/** Built once per database: the auth middleware reads one user's roles on every signed-in request. */
const roleMappingQueries = new WeakMap<Db, ReturnType<typeof prepareRoleMappingsOfUser>>();

export async function roleMappingsOfUser(db: Db, userId: number): Promise<RoleMapping[]> {
  let query = roleMappingQueries.get(db);
  if (!query) {
    query = prepareRoleMappingsOfUser(db);
    roleMappingQueries.set(db, query);
  }
  return query.execute({ userId });
}

export function toUserView(row: Omit<UserRow, 'passwordHash'>, mappings: RoleMapping[]): UserView {
  const roleNames = mappings.map((m) => m.role);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    bio: row.bio,
    profile_image_url: row.profileImageUrl,
    role: roleNames,
    role_mappings: mappings,
    is_admin: adminFlag(roleNames),
    subscription_tier: row.subscriptionTier,
    subscription_plan: row.subscriptionPlan,
    subscriptionPlan: row.subscriptionPlan,
    subscription_status: row.subscriptionStatus,
    subscription_expires_at: row.subscriptionExpiresAt,
    is_active: row.isActive,
    created_at: row.createdAt,
  };
}

export function toPublicUserView(view: UserView): PublicUserView {
  const { id, username, first_name, last_name, bio, profile_image_url } = view;
  return { id, username, first_name, last_name, bio, profile_image_url, badges: publicBadges(view.role) };
}

/** The public profile of an active member (/profile/{userId}, `GET /api/users/{id}` for anyone else), or null. */
export async function loadPublicUserView(db: Db, id: number): Promise<PublicUserView | null> {
  const view = await loadUserView(db, id);
  return view && view.is_active ? toPublicUserView(view) : null;
}

export async function loadUserView(db: Db, id: number): Promise<UserView | null> {
  const row = await db.select().from(users).where(eq(users.id, id)).get();
  if (!row) return null;
  const mappings = (await roleMappingsOf(db, [id])).get(id) ?? [];
  return toUserView(row, mappings);
}
