import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ROLE_NAMES } from '../../../../worker/src/domain/roles.ts';
import { roleLabel } from '../../../../shared/roles.ts';
import { $usersExportHref, $usersList, $usersPageCount, $usersQuery, displayName, initUsersList, reloadUsers, setUsersPage, setUsersRole, setUsersSearch } from '../../stores/admin.ts';
import { type UserPage } from '../../../../shared/admin-users.ts';
import { ExportCsvButton } from '../../components/admin/ExportCsvButton.tsx';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import { ErrorState, LoadingState, formatDate } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';
import { Pager } from '../../components/Pager.tsx';

type UserRow = UserPage['data'][number];

const COLUMNS: readonly TableColumn<UserRow>[] = [
  {
    header: 'Name',
    rowHeader: true,
    cell: (user) => (
      <>
        <a href={`/admin/users/${user.id}`} className="admin-strong-link">
          {displayName(user)}
        </a>
        {user.email && <span className="admin-sub">{user.email}</span>}
      </>
    ),
  },
  { header: 'Username', cell: (user) => user.username },
  {
    header: 'Roles',
    cell: (user) => (
      <ul className="admin-badges" aria-label={`Roles of ${user.username}`}>
        {user.role.length === 0 ? (
          <li className="muted">None</li>
        ) : (
          user.role.map((role) => (
            <li key={role} className="badge badge-primary">
              {roleLabel(role)}
            </li>
          ))
        )}
      </ul>
    ),
  },
  {
    header: 'Status',
    cell: (user) => <span className={user.is_active ? 'badge badge-success' : 'badge badge-danger'}>{user.is_active ? 'Active' : 'Inactive'}</span>,
  },
  { header: 'Joined', cell: (user) => formatDate(user.created_at) },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (user) => (
      <a href={`/admin/users/${user.id}`} aria-label={`View ${user.username}`}>
        View
      </a>
    ),
  },
];

/** /admin/users: search (debounced, kept in ?q=), the table and its pages. */
function UsersList() {
  const query = useStore($usersQuery);
  const list = useStore($usersList);
  const pageCount = useStore($usersPageCount);
  const exportHref = useStore($usersExportHref);

  useEffect(() => {
    initUsersList();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const page = data?.page ?? query.page;

  return (
    <div className="admin-stack">
      <form className="admin-toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="admin-user-search" className="admin-field-label">
          Search users
        </label>
        <input
          id="admin-user-search"
          type="search"
          className="input admin-search"
          placeholder="Name, username or email"
          autoComplete="off"
          value={query.q}
          onChange={(e) => setUsersSearch(e.currentTarget.value)}
        />
        <label htmlFor="admin-user-role" className="admin-field-label">
          Role
        </label>
        <select id="admin-user-role" className="input admin-search" value={query.role} onChange={(e) => setUsersRole(e.currentTarget.value)}>
          <option value="">All roles</option>
          {ROLE_NAMES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
        {data && (
          <p className="muted" aria-live="polite">
            {data.total === 1 ? '1 user' : `${data.total} users`}
          </p>
        )}
        <ExportCsvButton list="users" href={exportHref} />
      </form>

      {list.status === 'error' && <ErrorState message={list.message} onRetry={reloadUsers} />}
      {!data && list.status !== 'error' && <LoadingState label="Loading users..." />}

      {data &&
        (data.data.length === 0 ? (
          <p className="admin-empty table-wrap">
            {query.q.trim() ? `No users match “${query.q.trim()}”.` : query.role ? `No users hold ${roleLabel(query.role)}.` : 'No users yet.'}
          </p>
        ) : (
          <ResponsiveTable caption="Users" columns={COLUMNS} rows={data.data} rowKey={(user) => user.id} busy={list.status === 'loading'} />
        ))}

      {data && <Pager page={page} pageCount={pageCount} onPage={setUsersPage} ends />}
    </div>
  );
}

/** People are ADMIN's (users.list): other roles containing ADMIN open the page but see no list. */
function UsersAdmin() {
  return (
    <PermissionGate action="users.list" what="User management">
      {() => <UsersList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(UsersAdmin);
