import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ROLE_NAMES } from '../../../../worker/src/domain/roles.ts';
import {
  $usersList,
  $usersPageCount,
  $usersQuery,
  displayName,
  initUsersList,
  reloadUsers,
  setUsersPage,
  setUsersRole,
  setUsersSearch,
} from '../../stores/admin.ts';
import { ErrorState, LoadingState, formatDate } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';

/** /admin/users: search (debounced, kept in ?q=), the table and its pages. */
function UsersList() {
  const query = useStore($usersQuery);
  const list = useStore($usersList);
  const pageCount = useStore($usersPageCount);

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
        <select id="admin-user-role" className="input" value={query.role} onChange={(e) => setUsersRole(e.currentTarget.value)}>
          <option value="">All roles</option>
          {ROLE_NAMES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        {data && (
          <p className="muted" aria-live="polite">
            {data.total === 1 ? '1 user' : `${data.total} users`}
          </p>
        )}
      </form>

      {list.status === 'error' && <ErrorState message={list.message} onRetry={reloadUsers} />}
      {!data && list.status !== 'error' && <LoadingState label="Loading users..." />}

      {data && (
        <div className="table-wrap" aria-busy={list.status === 'loading'}>
          {data.data.length === 0 ? (
            <p className="admin-empty">
              {query.q.trim() ? `No users match “${query.q.trim()}”.` : query.role ? `No users hold ${query.role}.` : 'No users yet.'}
            </p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Username</th>
                  <th scope="col">Roles</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      <a href={`/admin/users/${user.id}`} className="admin-strong-link">
                        {displayName(user)}
                      </a>
                      {user.email && <span className="admin-sub">{user.email}</span>}
                    </th>
                    <td>{user.username}</td>
                    <td>
                      <ul className="admin-badges" aria-label={`Roles of ${user.username}`}>
                        {user.role.length === 0 ? (
                          <li className="muted">None</li>
                        ) : (
                          user.role.map((role) => (
                            <li key={role} className="badge badge-primary">
                              {role}
                            </li>
                          ))
                        )}
                      </ul>
                    </td>
                    <td>
                      <span className={user.is_active ? 'badge badge-success' : 'badge badge-danger'}>{user.is_active ? 'Active' : 'Inactive'}</span>
                    </td>
                    <td>{formatDate(user.created_at)}</td>
                    <td>
                      <a href={`/admin/users/${user.id}`} aria-label={`View ${user.username}`}>
                        View
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}

      {data && (pageCount > 1 || page > 1) && (
        <nav className="admin-pagination" aria-label="Pagination">
          <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => setUsersPage(page - 1)}>
            Previous
          </button>
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          <button type="button" className="btn btn-secondary" disabled={page >= pageCount} onClick={() => setUsersPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
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
