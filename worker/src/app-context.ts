import type { Platform } from './platform/context.ts';

/** What a signed-in request carries after the auth middleware. */
export interface AuthUser {
  id: number;
  username: string;
  roles: string[];
  isActive: boolean;
  sessionId: number;
}

/** Hono generics shared by every router. `platform` is set by the entry of each runtime. */
export type AppContext = {
  Bindings: { platform?: Platform } & Record<string, unknown>;
  Variables: { platform: Platform; user: AuthUser | null };
};
