import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { roleList } from '../../../worker/src/domain/roles.ts';
import { formatDate, planLabel, roleLabel, statusLabel } from '../components/account-format.ts';
import Avatar, { displayName } from '../components/Avatar.tsx';
import CardGrid, { SplitPanes } from '../components/CardGrid.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { formatCents } from '../lib/currency.ts';
import { playerPath } from '../lib/learning.ts';
import { $user } from '../stores/auth.ts';
import { $learnerDashboard, loadLearnerDashboard } from '../stores/dashboards.ts';
import { type LearnerDashboard } from '../../../shared/dashboards/learner.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { ProgressBar } from './learning-parts.tsx';
import './dashboards.css';

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

/** A seller's way to their area, everybody else's way to start selling. */
function sellingLink(roles: readonly string[]): { href: string; title: string; text: string } {
  return roles.some((r) => r === 'SELLER' || r === 'CURRICULUM_SELLER')
    ? { href: '/seller', title: 'Seller Dashboard', text: 'Your store: resources, sales, earnings and payouts.' }
    : { href: '/seller?apply=1', title: 'Start selling', text: 'Sell your lesson plans and curricula to other dance teachers.' };
}

function greeting(): string {
  const hour = new Date().getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

const numberFormat = new Intl.NumberFormat('en-US');
const sessionTime = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function Figure({ label, value, href, detail }: { label: string; value: string; href: string; detail?: string }) {
  return (
    <li className="dash-figure card">
      <a className="dash-figure-link" href={href}>
        <span className="dash-figure-value">{value}</span>
        <span className="dash-figure-label">{label}</span>
      </a>
      {detail && <span className="dash-figure-detail">{detail}</span>}
    </li>
  );
}

function Panel({ id, title, link, children }: { id: string; title: string; link?: { href: string; text: string }; children: React.ReactNode }) {
  return (
    <section className="card dash-panel" aria-labelledby={id}>
      <div className="card-body stack">
        <div className="dash-panel-head">
          <h2 id={id} className="card-title">
            {title}
          </h2>
          {link && <a href={link.href}>{link.text}</a>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The learner's figures and short lists, each with its empty state. */
function LearnerFigures({ data }: { data: LearnerDashboard }) {
  const { courses, certificates, purchases, bookings } = data;
  return (
    <div className="stack">
      <ul className="dash-figures" aria-label="Your figures">
        <Figure label="Courses in progress" value={numberFormat.format(courses.in_progress)} href="/my-courses" detail={`${numberFormat.format(courses.completed)} completed`} />
        <Figure label="Certificates" value={numberFormat.format(certificates.count)} href="/my-certifications" />
        <Figure label="Purchases" value={numberFormat.format(purchases.orders)} href="/my-purchases" detail={`${numberFormat.format(purchases.resources)} resources owned`} />
        <Figure label="Upcoming bookings" value={numberFormat.format(bookings.upcoming)} href="/my-bookings" />
      </ul>
      <Panel id="dash-continue" title="Continue learning" link={{ href: '/my-courses', text: 'All my courses' }}>
        {courses.continue.length === 0 ? (
          <p className="muted">
            {courses.completed > 0 ? 'You have finished every course you started. ' : 'You are not taking a course yet. '}
            <a href="/courses">Browse courses</a>
          </p>
        ) : (
          <ul className="dash-list">
            {courses.continue.map((c) => (
              <li key={c.enrollment_id} className="stack-sm">
                <ProgressBar label={c.course.title} percent={c.progress_percent} completed={c.completed_lessons} total={c.total_lessons} />
                <a className="btn btn-secondary btn-sm dash-continue" href={playerPath(c.course.id, c.resume_lesson_id)} aria-label={`${c.progress_percent > 0 ? 'Continue' : 'Start'} ${c.course.title}`}>
                  {c.progress_percent > 0 ? 'Continue' : 'Start'}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <div className="dash-columns">
        <Panel id="dash-bookings" title="Upcoming bookings" link={{ href: '/my-bookings', text: 'All my bookings' }}>
          {bookings.next.length === 0 ? (
            <p className="muted">
              No sessions booked. <a href="/connect">Find an instructor</a>
            </p>
          ) : (
            <ul className="dash-list">
              {bookings.next.map((b) => (
                <li key={b.id}>
                  <strong>{b.title}</strong> with {b.instructor}
                  <br />
                  <time className="muted text-sm" dateTime={b.starts_at}>
                    {sessionTime.format(new Date(b.starts_at))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="dash-certificates" title="Certificates" link={{ href: '/my-certifications', text: 'All certificates' }}>
          {certificates.latest.length === 0 ? (
            <p className="muted">No certificates yet. Finish a course to earn one.</p>
          ) : (
            <ul className="dash-list">
              {certificates.latest.map((c) => (
                <li key={c.id}>
                  <a href={`/certificates/${c.id}`}>{c.course_title}</a> <span className="muted text-sm">· {formatDate(c.issued_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="dash-purchases" title="Recent purchases" link={{ href: '/my-purchases', text: 'All purchases' }}>
          {purchases.latest.length === 0 ? (
            <p className="muted">
              Nothing bought yet. <a href="/curriculum">Visit the curriculum store</a>
            </p>
          ) : (
            <ul className="dash-list">
              {purchases.latest.map((o) => (
                <li key={o.id}>
                  <a href={`/my-purchases/${o.id}/receipt`}>{o.description}</a>{' '}
                  <span className="muted text-sm">
                    · {formatCents(o.total_cents)} · {formatDate(o.paid_at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

function PlanLine({ data, fallbackTier, fallbackStatus }: { data: LearnerDashboard | undefined; fallbackTier: string | null | undefined; fallbackStatus: string | null | undefined }) {
  const plan = data?.plan;
  if (data && !plan) {
    return (
      <>
        Free <a href="/subscription">See plans</a>
      </>
    );
  }
  if (plan) {
    return (
      <>
        {plan.name} ({plan.interval === 'year' ? 'yearly' : 'monthly'}) <span className="badge badge-primary">{statusLabel(plan.status)}</span>
        {plan.cancel_at_period_end && <span className="muted text-sm"> · ends at the period end</span>}
      </>
    );
  }
  return (
    <>
      {planLabel(fallbackTier)} {fallbackStatus && <span className="badge badge-primary">{statusLabel(fallbackStatus)}</span>}
    </>
  );
}

/** /dashboard/user: the learner's home. */
function UserDashboard() {
  const user = useStore($user, { ssr: 'initial' });
  const hydrated = useHydrated();
  const state = useStore($learnerDashboard);
  useEffect(() => {
    void loadLearnerDashboard();
  }, []);
  if (!hydrated || !user) return <p className="loading">Loading your dashboard...</p>;
  const roles = roleList(user.role);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
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
                  <PlanLine data={data} fallbackTier={user.subscription_tier} fallbackStatus={user.subscription_status} />
                </dd>
                {(data?.plan?.current_period_end ?? user.subscription_expires_at) && (
                  <>
                    <dt>{data?.plan?.cancel_at_period_end ? 'Ends' : 'Renews or ends'}</dt>
                    <dd>{formatDate(data?.plan?.current_period_end ?? user.subscription_expires_at)}</dd>
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
        {state.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {state.message}{' '}
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadLearnerDashboard()}>
              Try again
            </button>
          </p>
        )}
        {!data && state.status !== 'error' && <p className="loading">Loading your figures...</p>}
        {data && <LearnerFigures data={data} />}
        <section aria-labelledby="links-heading">
          <h2 id="links-heading" className="dash-section-title">
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
