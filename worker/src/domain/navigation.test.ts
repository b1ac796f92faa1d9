import { describe, expect, it } from 'vitest';
import {
  AFTER_REGISTER_REDIRECT,
  afterLoginRedirect,
  FOOTER_LINKS,
  HEADER_LINKS,
  isHeaderLinkActive,
  landingRedirect,
  safeRedirectTarget,
  SIDEBAR_MENUS,
  sidebarItems,
  sidebarMenuKind,
} from './navigation.ts';
import { can } from './permissions.ts';

describe('landing redirect', () => {
  it('sends a visitor without a user to /auth', () => {
    expect(landingRedirect(null)).toBe('/auth');
  });

  it('sends ADMIN to /admin, whatever else they hold', () => {
    expect(landingRedirect({ role: ['ADMIN'] })).toBe('/admin');
    expect(landingRedirect({ role: ['STUDENT', 'ADMIN'] })).toBe('/admin');
    expect(landingRedirect({ role: 'ADMIN' })).toBe('/admin');
  });

  it('sends several roles to /multi-dashboard', () => {
    expect(landingRedirect({ role: ['STUDENT', 'SELLER'] })).toBe('/multi-dashboard');
    expect(landingRedirect({ role: ['INSTRUCTOR_ADMIN', 'INSTRUCTOR'] })).toBe('/multi-dashboard');
  });

  it.each(['CURRICULUM_SELLER', 'INSTRUCTOR_ADMIN', 'CURRICULUM_ADMIN'])('sends the single role %s to /multi-dashboard', (role) => {
    expect(landingRedirect({ role: [role] })).toBe('/multi-dashboard');
    expect(landingRedirect({ role })).toBe('/multi-dashboard');
  });

  it.each(['STUDENT', 'SELLER', 'INSTRUCTOR', 'COURSE_CREATOR_ADMIN', 'CURRICULUM_OFFICER'])('sends the single role %s to /dashboard/user', (role) => {
    expect(landingRedirect({ role: [role] })).toBe('/dashboard/user');
  });

  it('sends a user without roles to /dashboard/user', () => {
    expect(landingRedirect({ role: [] })).toBe('/dashboard/user');
    expect(landingRedirect({ role: null })).toBe('/dashboard/user');
  });
});

describe('after login', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = Date.parse('2026-06-01T12:00:00Z');
  const future = new Date(now + DAY).toISOString();
  const past = new Date(now - DAY).toISOString();

  it('sends a paying-tier user whose subscription is not active, and who is not admin, to /subscription?tier={tier}', () => {
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'NOBILITY', subscription_status: 'canceled', is_active: true }, now)).toBe('/subscription?tier=NOBILITY');
    expect(afterLoginRedirect({ role: ['SELLER'], subscription_tier: 'premium_seller', subscription_status: 'past_due', is_active: true }, now)).toBe(
      '/subscription?tier=premium_seller',
    );
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'educator', subscription_status: null, is_active: true }, now)).toBe('/subscription?tier=educator');
    // Cancelled at the period end and past it.
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'royalty', subscription_status: 'active', subscription_expires_at: past }, now)).toBe(
      '/subscription?tier=royalty',
    );
  });

  it('reads the subscription, not the account flag (decision 0031)', () => {
    // An active account whose subscription ended still goes to renew it…
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'ROYAL', subscription_status: 'canceled', is_active: true }, now)).toBe('/subscription?tier=ROYAL');
    // …and a current subscription stays on /dashboard whatever the flag says.
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'ROYAL', subscription_status: 'active', is_active: false }, now)).toBe('/dashboard');
  });

  it('encodes the tier in the query', () => {
    expect(afterLoginRedirect({ role: [], subscription_tier: 'a&b', subscription_status: 'canceled' }, now)).toBe('/subscription?tier=a%26b');
  });

  it('does not send free or IMPERIAL users to the subscription page', () => {
    for (const tier of ['free', 'FREE', 'IMPERIAL', null, '']) {
      expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: tier, subscription_status: 'canceled' }, now), String(tier)).toBe('/dashboard');
    }
  });

  it('does not send users with a current subscription (active, trialing, or cancelled before its end) to the subscription page', () => {
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'ROYAL', subscription_status: 'active' }, now)).toBe('/dashboard');
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'educator', subscription_status: 'trialing' }, now)).toBe('/dashboard');
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'premium', subscription_status: 'active', subscription_expires_at: future }, now)).toBe('/dashboard');
  });

  it('sends admins to /admin/dashboard, even with an inactive paying tier', () => {
    expect(afterLoginRedirect({ role: ['ADMIN'], subscription_tier: 'free' }, now)).toBe('/admin/dashboard');
    expect(afterLoginRedirect({ role: ['ADMIN'], subscription_tier: 'ROYAL', subscription_status: 'canceled' }, now)).toBe('/admin/dashboard');
    expect(afterLoginRedirect({ role: ['CURRICULUM_ADMIN'], subscription_tier: 'free' }, now)).toBe('/admin/dashboard');
    expect(afterLoginRedirect({ role: 'INSTRUCTOR_ADMIN', subscription_tier: 'NOBILITY', subscription_status: 'canceled' }, now)).toBe('/admin/dashboard');
  });

  it('sends everyone else to /dashboard', () => {
    expect(afterLoginRedirect({ role: ['STUDENT'], subscription_tier: 'free', is_active: true }, now)).toBe('/dashboard');
    expect(afterLoginRedirect({ role: [] }, now)).toBe('/dashboard');
  });

  it('sends a new registration to /dashboard', () => {
    expect(AFTER_REGISTER_REDIRECT).toBe('/dashboard');
  });
});

describe('safeRedirectTarget', () => {
  it('follows paths of this site', () => {
    expect(safeRedirectTarget('/courses/1?x=2')).toBe('/courses/1?x=2');
    expect(safeRedirectTarget('/')).toBe('/');
  });

  it('refuses other sites and non-paths', () => {
    expect(safeRedirectTarget('//evil.example')).toBeNull();
    expect(safeRedirectTarget('/\\evil.example')).toBeNull();
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('javascript:alert(1)')).toBeNull();
    expect(safeRedirectTarget('')).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
    expect(safeRedirectTarget(undefined)).toBeNull();
  });
});

describe('sidebar menu', () => {
  it('shows the admin menu for ADMIN, before anything else', () => {
    expect(sidebarMenuKind(['ADMIN'])).toBe('admin');
    expect(sidebarMenuKind(['SELLER', 'CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'ADMIN'])).toBe('admin');
    expect(sidebarMenuKind('ADMIN')).toBe('admin');
  });

  it('else the curriculum admin menu', () => {
    expect(sidebarMenuKind(['CURRICULUM_ADMIN'])).toBe('curriculum-admin');
    expect(sidebarMenuKind(['SELLER', 'INSTRUCTOR_ADMIN', 'CURRICULUM_ADMIN'])).toBe('curriculum-admin');
  });

  it('else the seller menu', () => {
    expect(sidebarMenuKind(['SELLER'])).toBe('seller');
    expect(sidebarMenuKind(['CURRICULUM_SELLER'])).toBe('seller');
    expect(sidebarMenuKind(['INSTRUCTOR_ADMIN', 'SELLER'])).toBe('seller');
  });

  it('else the instructor menu for INSTRUCTOR_ADMIN', () => {
    expect(sidebarMenuKind(['INSTRUCTOR_ADMIN'])).toBe('instructor');
    expect(sidebarMenuKind(['INSTRUCTOR_ADMIN', 'INSTRUCTOR'])).toBe('instructor');
  });

  it('else nothing', () => {
    expect(sidebarMenuKind(['STUDENT'])).toBeNull();
    expect(sidebarMenuKind(['INSTRUCTOR'])).toBeNull();
    expect(sidebarMenuKind([])).toBeNull();
    expect(sidebarMenuKind(null)).toBeNull();
  });

  it('has the header links in their fixed order', () => {
    const hrefs = (kind: keyof typeof SIDEBAR_MENUS) => SIDEBAR_MENUS[kind].map((i) => i.href);
    expect(hrefs('admin')).toEqual([
      '/admin/dashboard', '/admin/users', '/admin/courses', '/admin/course-categories', '/admin/certificates', '/admin/resources', '/admin/resource-categories',
      '/admin/orders', '/admin/coupons', '/admin/subscription-plans', '/admin/subscriptions',
      '/admin/instructors', '/admin/bookings', '/admin/dance-styles',
      '/admin/messages', '/admin/practice-reports', '/admin/community', '/admin/audit-log', '/admin/settings', '/admin/deployment', '/admin/documentation',
    ]);
    expect(hrefs('curriculum-admin')).toEqual([
      '/admin/curriculum-officer', '/admin/resources', '/admin/resource-categories', '/admin/curriculum', '/admin/sellers', '/admin/community', '/admin/settings',
    ]);
    expect(hrefs('seller')).toEqual([
      '/seller', '/seller/resources', '/seller/resources/add', '/curriculum', '/seller/analytics', '/seller/payments', '/seller/settings',
    ]);
    expect(hrefs('instructor')).toEqual([
      '/instructor', '/instructor/courses', '/instructor/courses/create', '/instructor/students', '/instructor/certificates', '/instructor/feedback', '/admin/practice-reports', '/instructor/availability', '/instructor/bookings', '/instructor/settings',
    ]);
  });
});

describe('header and footer', () => {
  it('has the five header links', () => {
    expect(HEADER_LINKS.map((l) => [l.href, l.label])).toEqual([
      ['/', 'Home'],
      ['/courses', 'Certification'],
      ['/curriculum', 'Curriculum'],
      ['/connect', 'Connect & Book'],
      ['/subscription', 'Plans & Pricing'],
    ]);
  });

  it('has the fixed footer links', () => {
    expect(FOOTER_LINKS.map((l) => l.href)).toEqual([
      '/courses', '/resources', '/connect', '/dashboard', '/about', '/pricing', '/contact', '/terms', '/privacy', '/cookies',
    ]);
  });

  const link = (href: string) => HEADER_LINKS.find((l) => l.href === href)!;

  it('highlights Home only on /', () => {
    expect(isHeaderLinkActive(link('/'), '/')).toBe(true);
    expect(isHeaderLinkActive(link('/'), '/courses')).toBe(false);
  });

  it('highlights a section on its path and below it, not on look-alike paths', () => {
    expect(isHeaderLinkActive(link('/courses'), '/courses')).toBe(true);
    expect(isHeaderLinkActive(link('/courses'), '/courses/12')).toBe(true);
    expect(isHeaderLinkActive(link('/courses'), '/courses-old')).toBe(false);
    expect(isHeaderLinkActive(link('/connect'), '/connect/book/3')).toBe(true);
    expect(isHeaderLinkActive(link('/subscription'), '/subscription/success')).toBe(true);
  });

  it('highlights Curriculum under /curriculum and under /resources', () => {
    expect(isHeaderLinkActive(link('/curriculum'), '/curriculum')).toBe(true);
    expect(isHeaderLinkActive(link('/curriculum'), '/curriculum/5')).toBe(true);
    expect(isHeaderLinkActive(link('/curriculum'), '/resources')).toBe(true);
    expect(isHeaderLinkActive(link('/curriculum'), '/resources/7/edit')).toBe(true);
    expect(isHeaderLinkActive(link('/curriculum'), '/resourcesx')).toBe(false);
    expect(isHeaderLinkActive(link('/courses'), '/resources')).toBe(false);
  });
});

describe('sidebar entries read the permission table (decision 0013)', () => {
  const labels = (role: string[]) => sidebarItems(role).items.map((i) => i.label);

  it('shows ADMIN the whole admin menu', () => {
    expect(sidebarItems(['ADMIN'])).toMatchObject({ kind: 'admin' });
    expect(labels(['ADMIN'])).toEqual(SIDEBAR_MENUS.admin.map((i) => i.label));
  });

  it('shows the curriculum admin the curriculum and seller entries, never users', () => {
    expect(labels(['CURRICULUM_ADMIN'])).toEqual(['Dashboard', 'Resources', 'Resource Categories', 'Curriculum', 'Sellers', 'Community', 'Settings']);
    expect(sidebarItems(['CURRICULUM_ADMIN']).items.map((i) => i.href)).not.toContain('/admin/users');
  });

  it('shows the instructor admin the instructor menu', () => {
    expect(labels(['INSTRUCTOR_ADMIN'])).toEqual(SIDEBAR_MENUS.instructor.map((i) => i.label));
  });

  it('leaves out an entry whose action the roles lack', () => {
    for (const item of Object.values(SIDEBAR_MENUS).flat()) {
      if (item.requires) expect(can(['ADMIN'], item.requires)).toBe(true);
    }
    expect(sidebarItems(['STUDENT'])).toEqual({ kind: null, items: [] });
  });
});
