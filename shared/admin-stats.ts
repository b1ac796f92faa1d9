/** What the API answers and the site reads of worker/src/services/admin-stats.ts (decision 0054). */

export interface AdminStats {
  users: number;
  active_users: number;
  /** Users holding a role that opens the admin routes (a role containing ADMIN). */
  admins: number;
  new_users_7d: number;
  messages: number;
  unread_messages: number;
  /** Sessions neither revoked nor expired. */
  active_sessions: number;
  /** Holders per role; every role of the roles table appears, with 0 when nobody holds it. */
  roles: Record<string, number>;
}
