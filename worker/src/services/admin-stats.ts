import { sql } from 'drizzle-orm';
import { ROLE_NAMES } from '../domain/roles.ts';
import type { Db } from '../platform/db.ts';
import type { AdminStats } from '../../../shared/admin-stats.ts';

export async function adminStats(db: Db, now = new Date()): Promise<AdminStats> {
  const nowIso = now.toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const [counts, roleRows] = await db.batch([
    db.all<Omit<AdminStats, 'roles'>>(sql`SELECT
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM users WHERE is_active = 1) AS active_users,
      (SELECT count(DISTINCT ur.user_id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE r.name LIKE '%ADMIN%') AS admins,
      (SELECT count(*) FROM users WHERE created_at >= ${weekAgo}) AS new_users_7d,
      (SELECT count(*) FROM contact_messages) AS messages,
      (SELECT count(*) FROM contact_messages WHERE read_at IS NULL) AS unread_messages,
      (SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND expires_at > ${nowIso}) AS active_sessions`),
    db.all<{ name: string; n: number }>(sql`SELECT r.name AS name, count(ur.id) AS n
      FROM roles r LEFT JOIN user_roles ur ON ur.role_id = r.id GROUP BY r.id ORDER BY r.id`),
  ]);
  const roles: Record<string, number> = Object.fromEntries(ROLE_NAMES.map((name) => [name, 0]));
  for (const row of roleRows) roles[row.name] = Number(row.n);
  const c = counts[0]!;
  return {
    users: Number(c.users),
    active_users: Number(c.active_users),
    admins: Number(c.admins),
    new_users_7d: Number(c.new_users_7d),
    messages: Number(c.messages),
    unread_messages: Number(c.unread_messages),
    active_sessions: Number(c.active_sessions),
    roles,
  };
}
