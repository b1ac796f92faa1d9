import type { UserView } from './users.ts';

/** What the API answers and the site reads of worker/src/services/admin-users.ts (decision 0054). */

export interface UserPage {
  data: UserView[];
  total: number;
  page: number;
  pageSize: number;
  /** Tokens of the pages after and before this one (decision 0045). */
  next: string | null;
  prev: string | null;
}

export interface RoleSummary {
  id: number;
  name: string;
  description: string;
  user_count: number;
}
