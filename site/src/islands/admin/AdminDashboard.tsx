import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $stats, loadStats } from '../../stores/admin.ts';
import { sidebarItems } from '../../../../worker/src/domain/navigation.ts';
import { $user } from '../../stores/auth.ts';
import { ErrorState, LoadingState, StatCard } from './AdminStates.tsx';
import { useCan } from './PermissionGate.tsx';
import { DashboardFigures } from './DashboardFigures.tsx';

const numberFormat = new Intl.NumberFormat('en-US');

/** The platform's real counts, the role breakdown and links into the area (admin.stats). */
function PlatformOverview() {
  const stats = useStore($stats);

  useEffect(() => {
    void loadStats();
  }, []);

  const data = stats.status === 'ready' || stats.status === 'loading' ? stats.data : undefined;
  if (stats.status === 'error') return <ErrorState message={stats.message} onRetry={() => void loadStats()} />;
  if (!data) return <LoadingState label="Loading dashboard..." />;

  const roles = Object.entries(data.roles)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));

  return (
    <div className="admin-stack" aria-busy={stats.status === 'loading'}>
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="admin-section-title">
          At a glance
        </h2>
        <ul className="admin-stat-grid">
          <StatCard
            label="Users"
            value={numberFormat.format(data.users)}
            detail={`${numberFormat.format(data.active_users)} active`}
            href="/admin/users"
            linkText="Manage users"
          />
          <StatCard label="New users (7 days)" value={numberFormat.format(data.new_users_7d)} />
          <StatCard label="Admins" value={numberFormat.format(data.admins)} href="/admin/roles" linkText="View roles" />
          <StatCard
            label="Messages"
            value={numberFormat.format(data.messages)}
            detail={`${numberFormat.format(data.unread_messages)} unread`}
            href="/admin/messages"
            linkText="Read messages"
          />
          <StatCard label="Active sessions" value={numberFormat.format(data.active_sessions)} />
        </ul>
      </section>

      <DashboardFigures />

      <section aria-labelledby="roles-heading" className="card admin-panel">
        <div className="admin-panel-head">
          <h2 id="roles-heading" className="admin-section-title">
            Users by role
          </h2>
          <a href="/admin/roles">All roles</a>
        </div>
        {roles.length === 0 ? (
          <p className="muted">No roles are assigned yet.</p>
        ) : (
          <table className="table admin-table-compact">
            <thead>
              <tr>
                <th scope="col">Role</th>
                <th scope="col" className="admin-num">
                  Users
                </th>
              </tr>
            </thead>
            <tbody>
              {roles.map(([role, count]) => (
                <tr key={role}>
                  <th scope="row">
                    <span className="badge badge-primary">{role}</span>
                  </th>
                  <td className="admin-num">{numberFormat.format(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="links-heading">
        <h2 id="links-heading" className="admin-section-title">
          Manage
        </h2>
        <ul className="admin-link-grid">
          <li>
            <a className="card admin-link-card" href="/admin/users">
              <strong>Users</strong>
              <span>Search accounts, grant and revoke roles, deactivate.</span>
            </a>
          </li>
          <li>
            <a className="card admin-link-card" href="/admin/roles">
              <strong>Roles</strong>
              <span>Every role with its description and member count.</span>
            </a>
          </li>
          <li>
            <a className="card admin-link-card" href="/admin/messages">
              <strong>Messages</strong>
              <span>Read what visitors sent through the contact form.</span>
            </a>
          </li>
          <li>
            <a className="card admin-link-card" href="/admin/courses">
              <strong>Courses</strong>
              <span>Certification courses, modules, lessons and quizzes.</span>
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}

/**
 * A role containing ADMIN without the platform overview (decision 0013): the entries of its own
 * menu, so it is never shown counts or links the API would refuse.
 */
function RoleHome() {
  const user = useStore($user, { ssr: 'initial' });
  const { items } = user ? sidebarItems(user.role) : { items: [] };
  const links = items.filter((item) => item.href !== '/admin/dashboard');
  return (
    <section className="admin-stack" aria-labelledby="role-home-heading">
      <h2 id="role-home-heading" className="admin-section-title">
        Your areas
      </h2>
      <p className="muted">The platform overview, users and roles are managed by a platform administrator.</p>
      {links.length === 0 ? (
        <p className="admin-empty">Your role has no admin screens yet.</p>
      ) : (
        <ul className="admin-link-grid">
          {links.map((item) => (
            <li key={item.href}>
              <a className="card admin-link-card" href={item.href}>
                <strong>{item.label}</strong>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/dashboard: the overview for ADMIN, the role's own areas for the other admin roles. */
function AdminDashboard() {
  const user = useStore($user, { ssr: 'initial' });
  const overview = useCan('admin.stats');
  if (!user) return null;
  return overview ? <PlatformOverview /> : <RoleHome />;
}

export default withErrorBoundary(AdminDashboard);
