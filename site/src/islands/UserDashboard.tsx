import { useStore } from '@nanostores/react';
import { roleList } from '../../../worker/src/domain/roles.ts';
import { formatDate, planLabel, roleLabel, statusLabel } from '../components/account-format.ts';
import Avatar, { displayName } from '../components/Avatar.tsx';
import CardGrid, { SplitPanes } from '../components/CardGrid.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { $user } from '../stores/auth.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

const QUICK_LINKS = [
  {
    href: '/my-courses',
    title: 'My Courses',
    text: 'Continue the certification courses you are enrolled in.',
  },
  {
    href: '/my-purchases',
    title: 'My Purchases',
    text: 'Download the curriculum resources you bought.',
  },
  {
    href: '/subscription',
    title: 'Plans',
    text: 'Compare plans and upgrade — every paid plan has a 14-day free trial.',
  },
  {
    href: '/connect',
    title: 'Connect & Book',
    text: 'Find a professional instructor and book a session.',
  },
  {
    href: '/my-certifications',
    title: 'My Certifications',
    text: 'See and share the certificates you have earned.',
  },
  {
    href: '/my-bookings',
    title: 'My Bookings',
    text: 'Your upcoming and past sessions with instructors.',
  },
] as const;

/** Issue 10 §3: a seller's way to their area, everybody else's way to start selling. */
function sellingLink(roles: readonly string[]): { href: string; title: string; text: string } {
  return roles.some((r) => r === 'SELLER' || r === 'CURRICULUM_SELLER')
    ? { href: '/seller', title: 'Seller Dashboard', text: 'Your store: resources, sales, earnings and payouts.' }
    : { href: '/seller?apply=1', title: 'Start selling', text: 'Sell your lesson plans and curricula to other dance teachers.' };
}

function greeting(): string {
  const hour = new Date().getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/** /dashboard/user: the learner's home. */
function UserDashboard() {
  const user = useStore($user);
  const hydrated = useHydrated();
  if (!hydrated || !user) return <p className="loading">Loading your dashboard...</p>;
  const roles = roleList(user.role);
  return (
    <>
      <header className="page-header">
        <h1>
          {greeting()}, {user.first_name || user.username}
        </h1>
        <p>Here is everything you need to keep learning and teaching.</p>
      </header>
      <SplitPanes
        aside={
          <section className="card" aria-labelledby="summary-heading">
            <div className="card-body stack">
              <div className="cluster">
                <Avatar person={user} size="lg" />
                <div>
                  <h2 id="summary-heading" className="card-title" style={{ margin: 0 }}>
                    {displayName(user)}
                  </h2>
                  <p className="muted" style={{ margin: 0 }}>
                    @{user.username}
                  </p>
                </div>
              </div>
              <dl className="dl">
                <dt>Plan</dt>
                <dd>
                  {planLabel(user.subscription_tier)}{' '}
                  {user.subscription_status && <span className="badge badge-primary">{statusLabel(user.subscription_status)}</span>}
                </dd>
                {user.subscription_expires_at && (
                  <>
                    <dt>Renews or ends</dt>
                    <dd>{formatDate(user.subscription_expires_at)}</dd>
                  </>
                )}
                <dt>Roles</dt>
                <dd>{roles.length ? roles.map(roleLabel).join(', ') : 'Learner'}</dd>
                <dt>Member since</dt>
                <dd>{formatDate(user.created_at)}</dd>
              </dl>
              <div className="cluster">
                <a className="btn btn-secondary btn-sm" href="/profile">
                  View profile
                </a>
                <a className="btn btn-ghost btn-sm" href="/profile/edit">
                  Edit profile
                </a>
              </div>
            </div>
          </section>
        }
      >
        <section aria-labelledby="links-heading">
          <h2 id="links-heading" className="visually-hidden">
            Your areas
          </h2>
          <CardGrid minWidth="14rem">
            {[...QUICK_LINKS, sellingLink(roles)].map((link) => (
              <li key={link.href} className="card">
                <div className="card-body">
                  <h3 className="card-title">
                    <a className="card-link" href={link.href}>
                      {link.title}
                    </a>
                  </h3>
                  <p className="muted text-sm">{link.text}</p>
                </div>
              </li>
            ))}
          </CardGrid>
        </section>
      </SplitPanes>
    </>
  );
}

export default withErrorBoundary(UserDashboard);
