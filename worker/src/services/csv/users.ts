import type { Db } from '../../platform/db.ts';
import { countUsers, usersAfter, type UserFilters } from '../admin-users.ts';
import type { UserView } from '../../../../shared/users.ts';
import type { CsvExport } from './stream.ts';
import { csvHeaders, type CsvColumn } from './writer.ts';

/** The admin's users list (GET /api/users) as CSV: the same filters, every page, the list's order. */

const USER_COLUMNS: CsvColumn<UserView>[] = [
  { header: 'ID', value: (u) => u.id, kind: 'number' },
  { header: 'Username', value: (u) => u.username },
  { header: 'First name', value: (u) => u.first_name },
  { header: 'Last name', value: (u) => u.last_name },
  { header: 'Email', value: (u) => u.email },
  { header: 'Roles', value: (u) => u.role.join('; ') },
  { header: 'Active', value: (u) => u.is_active },
  { header: 'Subscription tier', value: (u) => u.subscription_tier },
  { header: 'Subscription status', value: (u) => u.subscription_status },
  { header: 'Subscription expires at (UTC)', value: (u) => u.subscription_expires_at, kind: 'date' },
  { header: 'Joined at (UTC)', value: (u) => u.created_at, kind: 'date' },
];

export const USERS_CSV_HEADER = csvHeaders(USER_COLUMNS);

export function usersExport(db: Db, filters: UserFilters): CsvExport<UserView, number> {
  return {
    columns: USER_COLUMNS,
    total: () => countUsers(db, filters),
    page: (after, limit) => usersAfter(db, filters, after, limit),
    cursorOf: (user) => user.id,
  };
}
