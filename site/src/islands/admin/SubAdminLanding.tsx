import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { sidebarFor } from '../../../../shared/account-areas.ts';
import { formatCents } from '../../lib/currency.ts';
import { $workQueues, followStoreWrites, loadWorkQueues, type WorkQueues } from '../../stores/admin-landing.ts';
import { $storeStats, loadStoreStats } from '../../stores/admin-store-settings.ts';
import { openResource } from '../../stores/admin-store.ts';
import { $user } from '../../stores/auth.ts';
import { $instructorDashboard, loadInstructorDashboard } from '../../stores/dashboards.ts';
import { ErrorState, formatDate, formatDateTime, LoadingState } from './AdminStates.tsx';
import { useCan } from './PermissionGate.tsx';
import { Figures, formatCount } from './store/parts.tsx';
import { ResourceReviewDialog } from './store/ResourceReview.tsx';
import { DecisionDialogs } from './store/ResourceTable.tsx';
import './store/admin-store.css';
import './sub-admin-landing.css';

/**
 * A sub-admin's landing on /admin/dashboard (decision 0067): what waits for them with the first of
 * each queue and a way to act on it, then their figures — the review queue and seller applications
 * for a curriculum admin (GET /api/admin/queues, the store's figures), the sessions to teach for an
 * instructor admin (GET /api/instructor/dashboard) — and last the links of their menu.
 */

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function ReviewQueue({ review }: { review: NonNullable<WorkQueues['review']> }) {
  return (
    <section className="card admin-panel landing-queue" aria-labelledby="landing-review">
      <div className="admin-panel-head">
        <h2 id="landing-review" className="admin-section-title">
          Review queue
        </h2>
        <a href="/admin/curriculum-officer">Open the review queue</a>
      </div>
      <p className="landing-count" data-testid="awaiting-review">
        <strong>{formatCount(review.awaiting)}</strong> awaiting review
      </p>
      {review.first.length === 0 ? (
        <p className="muted">Nothing is waiting for review. Resources sellers submit appear here.</p>
      ) : (
        <ol className="landing-list" aria-label="Waiting the longest">
          {review.first.map((r) => (
            <li key={r.id} className="landing-item">
              <div>
                <strong className="landing-title">{r.title}</strong>
                <p className="muted text-sm">
                  {r.seller} · submitted {formatDate(r.submitted_at)}
                </p>
              </div>
              <button type="button" className="btn btn-secondary btn-sm" aria-label={`Review ${r.title}`} onClick={() => openResource(r.id)}>
                Review
              </button>
            </li>
          ))}
        </ol>
      )}
      {review.awaiting > review.first.length && (
        <p className="muted text-sm">{plural(review.awaiting - review.first.length, 'more waits', 'more wait')} in the review queue.</p>
      )}
    </section>
  );
}

function SellerApplications({ sellers }: { sellers: NonNullable<WorkQueues['sellers']> }) {
  return (
    <section className="card admin-panel landing-queue" aria-labelledby="landing-sellers">
      <div className="admin-panel-head">
        <h2 id="landing-sellers" className="admin-section-title">
          Seller applications
        </h2>
        <a href="/admin/sellers?status=pending">Review applications</a>
      </div>
      <p className="landing-count">
        <strong>{formatCount(sellers.pending)}</strong> waiting for approval
      </p>
      {sellers.first.length === 0 ? (
        <p className="muted">No application is waiting.</p>
      ) : (
        <ul className="landing-list" aria-label="Applications waiting">
          {sellers.first.map((s) => (
            <li key={s.user_id} className="landing-item">
              <div>
                <strong className="landing-title">{s.store_name}</strong>
                <p className="muted text-sm">
                  {s.name} · applied {formatDate(s.applied_at)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The review queue and the seller applications (resources.review; sellers.manage for the applications). */
function CurriculumQueues() {
  const queues = useStore($workQueues);
  useEffect(() => {
    void loadWorkQueues();
    return followStoreWrites();
  }, []);
  const data = queues.status === 'ready' || queues.status === 'loading' ? queues.data : undefined;
  if (queues.status === 'error') return <ErrorState message={queues.message} onRetry={() => void loadWorkQueues()} />;
  if (!data) return <LoadingState label="Loading what waits for you..." />;
  return (
    <div className="landing-queues" aria-busy={queues.status === 'loading' || undefined}>
      {data.review && <ReviewQueue review={data.review} />}
      {data.sellers && <SellerApplications sellers={data.sellers} />}
      <ResourceReviewDialog />
      <DecisionDialogs />
    </div>
  );
}

function StoreFigures() {
  const stats = useStore($storeStats);
  useEffect(() => {
    void loadStoreStats();
  }, []);
  const data = stats.status === 'ready' || stats.status === 'loading' ? stats.data : undefined;
  if (stats.status === 'error') return <ErrorState message={stats.message} onRetry={() => void loadStoreStats()} />;
  if (!data) return <LoadingState label="Loading the store's figures..." />;
  const days = `last ${data.window_days} days`;
  return (
    <section aria-labelledby="landing-store">
      <h2 id="landing-store" className="admin-section-title">
        The store
      </h2>
      <Figures
        label="The store's figures"
        figures={[
          {
            label: 'Published',
            value: formatCount(data.published_count),
            detail: 'In the store now',
            href: '/admin/resources?status=published',
            linkText: 'Resources',
          },
          {
            label: 'Sellers',
            value: formatCount(data.sellers_approved),
            detail: `${formatCount(data.sellers_pending)} applying`,
          },
          {
            label: 'Sales',
            value: formatCount(data.sales_count),
            detail: days,
          },
          {
            label: 'Revenue',
            value: formatCents(data.revenue_cents),
            detail: `${days}, net of refunds`,
          },
          {
            label: 'Platform fees',
            value: formatCents(data.platform_fees_cents),
            detail: days,
          },
        ]}
      />
    </section>
  );
}

/** An instructor admin's own sessions to teach (the instructor dashboard's figures). */
function Sessions() {
  const state = useStore($instructorDashboard);
  useEffect(() => {
    void loadInstructorDashboard();
  }, []);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void loadInstructorDashboard()} />;
  if (!data) return <LoadingState label="Loading your sessions..." />;
  const { upcoming, next, taught_this_month } = data.bookings;
  return (
    <section className="card admin-panel landing-queue" aria-labelledby="landing-sessions">
      <div className="admin-panel-head">
        <h2 id="landing-sessions" className="admin-section-title">
          Your sessions
        </h2>
        <a href="/instructor/bookings">Open your bookings</a>
      </div>
      <p className="landing-count">
        <strong>{formatCount(upcoming)}</strong> coming up · {plural(taught_this_month, 'session', 'sessions')} taught this month
      </p>
      {next.length === 0 ? (
        <p className="muted">
          No session is booked. <a href="/instructor/availability">Open more hours</a> so learners can book you.
        </p>
      ) : (
        <ol className="landing-list" aria-label="Next sessions">
          {next.slice(0, 3).map((b) => (
            <li key={b.id} className="landing-item">
              <div>
                <strong className="landing-title">{b.title}</strong>
                <p className="muted text-sm">
                  {b.learner} · {formatDateTime(b.starts_at)}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p>
        <a href="/instructor/dashboard">Instructor dashboard: courses, learners and earnings</a>
      </p>
    </section>
  );
}

/** The links of the sub-admin's own menu, after what waits for them. */
function YourAreas() {
  const user = useStore($user, { ssr: 'initial' });
  const { items } = user ? sidebarFor(user.role, '/admin/dashboard') : { items: [] };
  // The menu's own landing (its Dashboard entry) is this page or the queue above.
  const links = items.filter((item) => item.label !== 'Dashboard');
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="role-home-heading">
      <h2 id="role-home-heading" className="admin-section-title">
        Your areas
      </h2>
      <ul className="admin-link-grid">
        {links.map((item) => (
          <li key={item.href}>
            <a className="card admin-link-card" href={item.href}>
              <strong>{item.label}</strong>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /admin/dashboard for a role containing ADMIN without the platform overview. */
export default function SubAdminLanding() {
  const reviews = useCan('resources.review');
  const teaches = useCan('courses.manage_own');
  return (
    <div className="admin-stack">
      {reviews && <CurriculumQueues />}
      {teaches && <Sessions />}
      {reviews && <StoreFigures />}
      {!reviews && !teaches && <p className="muted">The platform overview, users and roles are managed by a platform administrator.</p>}
      <YourAreas />
    </div>
  );
}
