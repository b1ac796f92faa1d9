import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { countLabel } from '../../lib/plural.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $roles, loadRoles } from '../../stores/admin.ts';
import { roleLabel } from '../../../../shared/roles.ts';
import { TableScrollBox } from '../../components/ResponsiveTable.tsx';
import { ErrorState, LoadingState } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';

/** /admin/roles: every role with its description and how many users hold it. */
function RolesList() {
  const roles = useStore($roles);

  useEffect(() => {
    void loadRoles();
  }, []);

  if (roles.status === 'error') return <ErrorState message={roles.message} onRetry={() => void loadRoles()} />;
  const data = roles.status === 'ready' || roles.status === 'loading' ? roles.data : undefined;
  if (!data) return <LoadingState label="Loading roles..." />;

  return (
    <div className="admin-stack">
      <p className="muted">
        Roles are granted and revoked on each user&rsquo;s page under <a href="/admin/users">Users</a>; a count lists the users who hold that role. Admin-only
        pages need a role containing ADMIN.
      </p>
      <TableScrollBox label="Roles" busy={roles.status === 'loading'}>
        <table className="table">
          <caption className="visually-hidden">Roles</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Description</th>
              <th scope="col" className="admin-num">
                Users
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((role) => (
              <tr key={role.id}>
                <th scope="row">
                  <span className="badge badge-primary">{roleLabel(role.name)}</span>
                </th>
                <td>{role.description || '—'}</td>
                <td className="admin-num">
                  <a href={`/admin/users?role=${encodeURIComponent(role.name)}`} aria-label={`${countLabel(role.user_count, 'user')} with ${roleLabel(role.name)}`}>
                    {role.user_count}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScrollBox>
    </div>
  );
}

function RolesAdmin() {
  return (
    <PermissionGate action="roles.list" what="Role management">
      {() => <RolesList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(RolesAdmin);
