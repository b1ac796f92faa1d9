import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $stats, loadStats } from '../../stores/admin.ts';
import { roleLabel } from '../../../../shared/roles.ts';
import { $user } from '../../stores/auth.ts';
import { ErrorState, LoadingState, StatCard } from './AdminStates.tsx';
import { useCan } from './PermissionGate.tsx';
import { DashboardFigures } from './DashboardFigures.tsx';
import SubAdminLanding from './SubAdminLanding.tsx';

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
                    <span className="badge badge-primary">{roleLabel(role)}</span>
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

/** /admin/dashboard: the overview for ADMIN; for the other admin roles what waits for them and their figures (decisions 0013, 0067). */
function AdminDashboard() {
  const user = useStore($user, { ssr: 'initial' });
  const overview = useCan('admin.stats');
  if (!user) return null;
  return overview ? <PlatformOverview /> : <SubAdminLanding />;
}

export default withErrorBoundary(AdminDashboard);
