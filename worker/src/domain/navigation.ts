import { can, type Action } from './permissions.ts';
import { hasAdminRole, roleList } from './roles.ts';
import { subscriptionIsActive, type SubscriptionFields } from './subscriptions.ts';
import { sameOriginPath } from './redirect-target.ts';

/** The parts of a user the navigation rules read. */
export interface NavUser extends SubscriptionFields {
  role: readonly string[] | string | null | undefined;
  /** The account's flag (a deactivated account cannot sign in); not the subscription's state. */
  is_active?: boolean | null;
}

/** Where the landing redirect sends a visitor (when not already on /auth). */
export function landingRedirect(user: NavUser | null): string {
  if (!user) return '/auth';
  const roles = roleList(user.role);
  if (roles.includes('ADMIN')) return '/admin';
  if (roles.length > 1) return '/multi-dashboard';
  if (roles.length === 1 && ['CURRICULUM_SELLER', 'INSTRUCTOR_ADMIN', 'CURRICULUM_ADMIN'].includes(roles[0]!)) return '/multi-dashboard';
  return '/dashboard/user';
}

/**
 * After login: a user whose tier is neither free nor IMPERIAL, who is not active and is not
 * admin, goes to /subscription?tier={tier}; an admin to /admin/dashboard; others to /dashboard.
 * "Active" is the subscription's (decision 0031): status active or trialing and not past its end
 * (`subscriptionIsActive`); the account's `is_active` cannot be false for someone signing in.
 */
export function afterLoginRedirect(user: NavUser, now: number = Date.now()): string {
  const roles = roleList(user.role);
  const admin = hasAdminRole(roles);
  const tier = user.subscription_tier ?? 'free';
  if (tier.trim() !== '' && tier.toLowerCase() !== 'free' && tier !== 'IMPERIAL' && !subscriptionIsActive(user, now) && !admin) {
    return `/subscription?tier=${encodeURIComponent(tier)}`;
  }
  if (admin) return '/admin/dashboard';
  return '/dashboard';
}

/** After registration the user goes to /dashboard. */
export const AFTER_REGISTER_REDIRECT = '/dashboard';

/** An `?redirect=` target is followed only when it is a path of this site (sameOriginPath, decision 0058). */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  return target?.startsWith('/') ? sameOriginPath(target) : null;
}

export type SidebarMenuKind = 'admin' | 'curriculum-admin' | 'seller' | 'instructor';

export interface MenuItem {
  href: string;
  label: string;
}

/** A sidebar entry and the action of the permission table its page needs (none: every holder of the menu). */
export interface SidebarItem extends MenuItem {
  requires?: Action;
}

export const SIDEBAR_MENUS: Record<SidebarMenuKind, readonly SidebarItem[]> = {
  admin: [
    { href: '/admin/dashboard', label: 'Dashboard', requires: 'admin.stats' },
    { href: '/admin/users', label: 'Users', requires: 'users.list' },
    { href: '/admin/courses', label: 'Courses', requires: 'courses.list_all' },
    { href: '/admin/course-categories', label: 'Course Categories', requires: 'categories.manage' },
    { href: '/admin/certificates', label: 'Certificates', requires: 'certificates.list_all' },
    { href: '/admin/resources', label: 'Resources', requires: 'resources.manage' },
    { href: '/admin/resource-categories', label: 'Resource Categories', requires: 'resource_categories.manage' },
    { href: '/admin/orders', label: 'Orders', requires: 'orders.read_all' },
    { href: '/admin/coupons', label: 'Coupons', requires: 'coupons.manage' },
    { href: '/admin/subscription-plans', label: 'Subscription Plans', requires: 'plans.manage' },
    { href: '/admin/subscriptions', label: 'Subscriptions', requires: 'subscriptions.manage' },
    { href: '/admin/instructors', label: 'Instructors', requires: 'instructors.manage' },
    { href: '/admin/bookings', label: 'Bookings', requires: 'bookings.manage' },
    { href: '/admin/dance-styles', label: 'Dance Styles', requires: 'dance_styles.manage' },
    { href: '/admin/messages', label: 'Messages', requires: 'contact_messages.read' },
    { href: '/admin/practice-reports', label: 'Practice Reports', requires: 'practice.moderate' },
    { href: '/admin/community', label: 'Community', requires: 'community.moderate' },
    { href: '/admin/audit-log', label: 'Audit Log', requires: 'audit.read' },
    { href: '/admin/settings', label: 'Settings', requires: 'settings.manage' },
    { href: '/admin/deployment', label: 'Deployment', requires: 'deployment.read' },
    { href: '/admin/documentation', label: 'Documentation', requires: 'documentation.read' },
  ],
  'curriculum-admin': [
    { href: '/admin/curriculum-officer', label: 'Dashboard', requires: 'resources.review' },
    { href: '/admin/resources', label: 'Resources', requires: 'resources.manage' },
    { href: '/admin/resource-categories', label: 'Resource Categories', requires: 'resource_categories.manage' },
    { href: '/admin/curriculum', label: 'Curriculum', requires: 'curriculum.manage' },
    { href: '/admin/sellers', label: 'Sellers', requires: 'sellers.manage' },
    { href: '/admin/community', label: 'Community', requires: 'community.moderate' },
    { href: '/admin/settings', label: 'Settings', requires: 'store.settings' },
  ],
  seller: [
    { href: '/seller', label: 'Dashboard' },
    { href: '/seller/resources', label: 'My Resources' },
    { href: '/seller/resources/add', label: 'Add Resource' },
    { href: '/curriculum', label: 'Curriculum Store' },
    { href: '/seller/analytics', label: 'Analytics' },
    { href: '/seller/payments', label: 'Payments' },
    { href: '/seller/settings', label: 'Settings' },
  ],
  instructor: [
    { href: '/instructor', label: 'Dashboard', requires: 'courses.manage_own' },
    { href: '/instructor/courses', label: 'My Courses', requires: 'courses.manage_own' },
    { href: '/instructor/courses/create', label: 'Create Course', requires: 'courses.manage_own' },
    { href: '/instructor/students', label: 'Students', requires: 'courses.manage_own' },
    { href: '/instructor/certificates', label: 'Certificates', requires: 'certificates.issue' },
    { href: '/instructor/feedback', label: 'Feedback', requires: 'feedback.answer' },
    { href: '/admin/practice-reports', label: 'Practice Reports', requires: 'practice.moderate' },
    { href: '/instructor/availability', label: 'Availability' },
    { href: '/instructor/bookings', label: 'Bookings' },
    { href: '/instructor/settings', label: 'Settings' },
  ],
};

/**
 * Which sidebar menu a user gets: the admin menu for ADMIN, else the curriculum admin menu, else the seller menu, else
 * the instructor menu (for INSTRUCTOR_ADMIN), else nothing.
 */
export function sidebarMenuKind(role: NavUser['role']): SidebarMenuKind | null {
  const roles = roleList(role);
  if (roles.includes('ADMIN')) return 'admin';
  if (roles.includes('CURRICULUM_ADMIN')) return 'curriculum-admin';
  if (roles.some((r) => r === 'SELLER' || r === 'CURRICULUM_SELLER')) return 'seller';
  if (roles.includes('INSTRUCTOR_ADMIN')) return 'instructor';
  return null;
}

/**
 * The entries of the user's sidebar menu (`sidebarMenuKind` chooses the menu) that their roles can use: the
 * permission table decides, so a link never leads to a page that would only refuse them.
 */
export function sidebarItems(role: NavUser['role']): { kind: SidebarMenuKind | null; items: SidebarItem[] } {
  const kind = sidebarMenuKind(role);
  if (!kind) return { kind, items: [] };
  const roles = roleList(role);
  return { kind, items: SIDEBAR_MENUS[kind].filter((item) => !item.requires || can(roles, item.requires)) };
}

export const HEADER_LINKS: readonly (MenuItem & { alsoActiveUnder?: string })[] = [
  { href: '/', label: 'Home' },
  { href: '/courses', label: 'Certification' },
  { href: '/curriculum', label: 'Curriculum', alsoActiveUnder: '/resources' },
  { href: '/connect', label: 'Connect & Book' },
  { href: '/subscription', label: 'Plans & Pricing' },
];

export const FOOTER_LINKS: readonly MenuItem[] = [
  { href: '/courses', label: 'Courses' },
  { href: '/resources', label: 'Resources' },
  { href: '/connect', label: 'Connect & Book' },
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/about', label: 'About' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/contact', label: 'Contact' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/cookies', label: 'Cookies' },
];

/** Whether a header link is the current section. */
export function isHeaderLinkActive(link: (typeof HEADER_LINKS)[number], path: string): boolean {
  const under = (base: string) => path === base || path.startsWith(base + '/');
  if (link.href === '/') return path === '/';
  return under(link.href) || (link.alsoActiveUnder ? under(link.alsoActiveUnder) : false);
}
