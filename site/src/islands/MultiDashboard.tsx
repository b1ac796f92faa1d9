import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { dashboardAreaKeys, type AreaKey } from '../../../worker/src/domain/dashboard-areas.ts';
import type { MenuItem } from '../../../worker/src/domain/navigation.ts';
import { displayName } from '../components/Avatar.tsx';
import CardGrid from '../components/CardGrid.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { formatCents } from '../lib/currency.ts';
import { $user } from '../stores/auth.ts';
import { $areas, loadAreas } from '../stores/dashboards.ts';
import { type AreaSummary } from '../../../shared/dashboards/areas.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import './dashboards.css';

export interface DashboardArea {
  key: AreaKey;
  title: string;
  description: string;
  href: string;
  cta: string;
  links: readonly MenuItem[];
}

const AREAS: Record<AreaKey, DashboardArea> = {
  learner: {
    key: 'learner',
    title: 'Learner',
    description: 'Your courses, certificates, purchases and bookings.',
    href: '/dashboard/user',
    cta: 'Open learner dashboard',
    links: [
      { href: '/my-courses', label: 'My Courses' },
      { href: '/my-certifications', label: 'My Certifications' },
      { href: '/my-purchases', label: 'My Purchases' },
      { href: '/my-bookings', label: 'My Bookings' },
    ],
  },
  instructor: {
    key: 'instructor',
    title: 'Instructor',
    description: 'Create courses, follow your students, issue certificates and manage bookings.',
    href: '/instructor/dashboard',
    cta: 'Open instructor dashboard',
    links: [
      { href: '/instructor/courses/create', label: 'Create Course' },
      { href: '/instructor/students', label: 'Students' },
      { href: '/instructor/certificates', label: 'Certificates' },
      { href: '/connect/get-booked', label: 'Get Booked' },
    ],
  },
  bookings: {
    key: 'bookings',
    title: 'Connect & Book',
    description: 'Your lessons with learners: sessions, availability, offers and payouts.',
    href: '/instructor/bookings',
    cta: 'Open your bookings',
    links: [
      { href: '/connect/profile', label: 'Instructor profile' },
      { href: '/connect/get-booked', label: 'Get Booked' },
      { href: '/seller/payments', label: 'Payouts' },
    ],
  },
  seller: {
    key: 'seller',
    title: 'Seller',
    description: 'Publish curriculum resources, follow your sales and get paid.',
    href: '/seller',
    cta: 'Open seller dashboard',
    links: [
      { href: '/seller/resources', label: 'My Resources' },
      { href: '/seller/resources/add', label: 'Add Resource' },
      { href: '/seller/payments', label: 'Seller Payments' },
    ],
  },
  curriculum: {
    key: 'curriculum',
    title: 'Curriculum administration',
    description: 'Review resources and sellers and look after the curriculum catalogue.',
    href: '/admin/curriculum-officer',
    cta: 'Open curriculum dashboard',
    links: [
      { href: '/admin/resources', label: 'Resources' },
      { href: '/admin/curriculum', label: 'Curriculum' },
      { href: '/admin/sellers', label: 'Sellers' },
    ],
  },
  admin: {
    key: 'admin',
    title: 'Administration',
    description: 'Users and roles, courses, certificates, messages and settings of the whole platform.',
    href: '/admin/dashboard',
    cta: 'Open admin panel',
    links: [
      { href: '/admin/users', label: 'Users' },
      { href: '/admin/courses', label: 'Courses' },
      { href: '/admin/messages', label: 'Messages' },
    ],
  },
};

/** The areas a user's roles open, learner first (domain/dashboard-areas.ts). Everyone can learn. */
export function dashboardAreas(role: readonly string[] | string | null | undefined): DashboardArea[] {
  return dashboardAreaKeys(role).map((key) => AREAS[key]);
}

const numberFormat = new Intl.NumberFormat('en-US');

/** The area's live figures (GET /api/me/areas), or a quiet line while they load or cannot. */
function AreaFigures({ summary, state }: { summary: AreaSummary | undefined; state: 'loading' | 'error' | 'ready' }) {
  if (!summary) return state === 'error' ? null : <p className="muted text-sm">Loading figures...</p>;
  return (
    <dl className="area-figures">
      {summary.figures.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.unit === 'cents' ? formatCents(f.value) : numberFormat.format(f.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /multi-dashboard: one card per area of the signed-in user's roles. */
function MultiDashboard() {
  const user = useStore($user, { ssr: 'initial' });
  const hydrated = useHydrated();
  const state = useStore($areas);
  useEffect(() => {
    void loadAreas();
  }, []);
  if (!hydrated || !user) return <p className="loading">Loading your areas...</p>;
  const areas = dashboardAreas(user.role);
  const summaries = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const status = state.status === 'error' ? 'error' : summaries ? 'ready' : 'loading';
  return (
    <>
      <header className="page-header">
        <h1>Welcome, {displayName(user)}</h1>
        <p>You have more than one area on DRX. Choose where to go.</p>
      </header>
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadAreas()}>
            Try again
          </button>
        </p>
      )}
      <CardGrid minWidth="16rem" aria-label="Your areas">
        {areas.map((area) => (
          <li key={area.key} className="card" aria-labelledby={`area-${area.key}`}>
            <div className="card-body">
              <h2 id={`area-${area.key}`} className="card-title">
                {area.title}
              </h2>
              <p className="muted">{area.description}</p>
              <AreaFigures summary={summaries?.find((s) => s.key === area.key)} state={status} />
              <ul className="stack-sm" style={{ paddingLeft: '1.1rem' }}>
                {area.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </div>
            <div className="card-footer">
              <a className="btn btn-primary btn-block" href={area.href}>
                {area.cta}
              </a>
            </div>
          </li>
        ))}
      </CardGrid>
    </>
  );
}

export default withErrorBoundary(MultiDashboard);
