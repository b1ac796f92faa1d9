import type { UserRow } from '../../db/schema/index.ts';
import type { Platform } from './platform/context.ts';
import type { RoleMapping } from './services/users.ts';

/** What a signed-in request carries after the auth middleware. */
export interface AuthUser {
  id: number;
  username: string;
  roles: string[];
  isActive: boolean;
  sessionId: number;
  /**
   * The user's row (all but the password hash) and role mappings as read with the session, so
   * GET /api/me needs no more reads.
   */
  row: Omit<UserRow, 'passwordHash'>;
  roleMappings: RoleMapping[];
}

/** Hono generics shared by every router. `platform` is set by the entry of each runtime. */
export type AppContext = {
  Bindings: { platform?: Platform } & Record<string, unknown>;
  Variables: { platform: Platform; user: AuthUser | null };
};
