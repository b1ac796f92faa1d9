import { useStore } from '@nanostores/react';
import { roleList } from '../../../worker/src/domain/roles.ts';
import type { MenuItem } from '../../../worker/src/domain/navigation.ts';
import { displayName } from '../components/Avatar.tsx';
import CardGrid from '../components/CardGrid.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { $user } from '../stores/auth.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

export interface DashboardArea {
  key: 'learner' | 'seller' | 'instructor' | 'curriculum-admin' | 'admin';
  title: string;
  description: string;
  href: string;
  cta: string;
  links: readonly MenuItem[];
}

const AREAS: Record<DashboardArea['key'], DashboardArea> = {
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
  'curriculum-admin': {
    key: 'curriculum-admin',
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

/** The areas a user's roles open, learner first. Everyone can learn. */
export function dashboardAreas(role: readonly string[] | string | null | undefined): DashboardArea[] {
  const roles = roleList(role);
  const areas: DashboardArea[] = [AREAS.learner];
  if (roles.some((r) => r.includes('SELLER'))) areas.push(AREAS.seller);
  if (roles.some((r) => r.startsWith('INSTRUCTOR') || r.startsWith('COURSE_CREATOR'))) areas.push(AREAS.instructor);
  if (roles.includes('CURRICULUM_ADMIN')) areas.push(AREAS['curriculum-admin']);
  if (roles.includes('ADMIN')) areas.push(AREAS.admin);
  return areas;
}

/** /multi-dashboard: one card per area of the signed-in user's roles. */
function MultiDashboard() {
  const user = useStore($user);
  const hydrated = useHydrated();
  if (!hydrated || !user) return <p className="loading">Loading your areas...</p>;
  const areas = dashboardAreas(user.role);
  return (
    <>
      <header className="page-header">
        <h1>Welcome, {displayName(user)}</h1>
        <p>You have more than one area on DRX. Choose where to go.</p>
      </header>
      <CardGrid minWidth="16rem">
        {areas.map((area) => (
          <li key={area.key} className="card">
            <div className="card-body">
              <h2 className="card-title">{area.title}</h2>
              <p className="muted">{area.description}</p>
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
