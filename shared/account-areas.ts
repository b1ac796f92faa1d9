import { dashboardAreaKeys, type AreaKey } from '../worker/src/domain/dashboard-areas.ts';
import { SIDEBAR_MENUS, sidebarItems, type MenuItem, type SidebarItem, type SidebarMenuKind } from '../worker/src/domain/navigation.ts';
import { can } from '../worker/src/domain/permissions.ts';
import { hasAdminRole, hasSellerPayments, roleList } from '../worker/src/domain/roles.ts';

/**
 * Wayfinding for a person with several roles (decision 0067): every area their roles open is one
 * click away in the header's user menu, and inside an area the sidebar is that area's menu. Both
 * read the areas of /multi-dashboard (domain/dashboard-areas.ts) and the permission table, so a
 * link never leads to a page that would only refuse them.
 */

type Roles = readonly string[] | string | null | undefined;

/** The menu's links to each area, in the order of the areas. */
const AREA_LINKS: Record<AreaKey, readonly MenuItem[]> = {
  learner: [
    { href: '/my-courses', label: 'My Courses' },
    { href: '/my-bookings', label: 'My Bookings' },
  ],
  instructor: [{ href: '/instructor/dashboard', label: 'Instructor Dashboard' }],
  bookings: [{ href: '/instructor/bookings', label: 'Instructor Bookings' }],
  seller: [{ href: '/seller', label: 'Seller Dashboard' }],
  curriculum: [{ href: '/admin/curriculum-officer', label: 'Curriculum Review' }],
  // The admin pages open for any role containing ADMIN: the link below says so for every one of them.
  admin: [],
};

/** The areas of the user menu: the user's own dashboard, then one or two links per area, then the admin pages. */
export function areaMenuItems(role: Roles): MenuItem[] {
  const roles = roleList(role);
  const items: MenuItem[] = [{ href: '/dashboard', label: 'My Dashboard' }, ...dashboardAreaKeys(roles).flatMap((key) => AREA_LINKS[key])];
  if (hasAdminRole(roles)) items.push({ href: '/admin', label: 'Admin Panel' });
  return items;
}

/** The account's own pages, after the areas. */
export function accountMenuItems(role: Roles): MenuItem[] {
  const items: MenuItem[] = [
    { href: '/my-purchases', label: 'My Purchases' },
    { href: '/profile/manage', label: 'Manage Subscription' },
    { href: '/profile', label: 'My Profile' },
  ];
  if (hasSellerPayments(roleList(role))) items.push({ href: '/seller/payments', label: 'Seller Payments' });
  return items;
}

/** Which sidebar menu an area's pages show: the area the address is in. */
const AREA_OF_PATH: readonly { prefix: string; kind: SidebarMenuKind }[] = [
  { prefix: '/instructor', kind: 'instructor' },
  // The course administration pages are the instructor's, under the admin address.
  { prefix: '/admin/courses', kind: 'instructor' },
  { prefix: '/seller', kind: 'seller' },
  { prefix: '/admin', kind: 'admin' },
  { prefix: '/curriculum-officer-dashboard', kind: 'curriculum-admin' },
];

/** The sidebar menus a user's roles open (ADMIN's every-action grant opens the admin menu only, as on /multi-dashboard). */
function menusOf(roles: string[]): Set<SidebarMenuKind> {
  const out = new Set<SidebarMenuKind>();
  if (roles.includes('ADMIN')) out.add('admin');
  if (roles.includes('CURRICULUM_ADMIN')) out.add('curriculum-admin');
  const keys = dashboardAreaKeys(roles);
  if (keys.includes('instructor') || keys.includes('bookings')) out.add('instructor');
  if (keys.includes('seller')) out.add('seller');
  return out;
}

/**
 * The sidebar of the page at `path`: the menu of the area the page belongs to when the user works
 * in it (an instructor who also sells sees the instructor menu under /instructor), else the menu
 * of their roles (domain/navigation.ts); its entries are those the permission table lets them use.
 */
export function sidebarFor(role: Roles, path: string): { kind: SidebarMenuKind | null; items: SidebarItem[] } {
  const roles = roleList(role);
  const menus = menusOf(roles);
  const area = AREA_OF_PATH.find(({ prefix }) => path === prefix || path.startsWith(prefix + '/'));
  let kind: SidebarMenuKind | null = null;
  if (area?.kind === 'admin') kind = menus.has('admin') ? 'admin' : menus.has('curriculum-admin') ? 'curriculum-admin' : null;
  else if (area && menus.has(area.kind)) kind = area.kind;
  if (!kind) {
    const ofRoles = sidebarItems(roles);
    if (ofRoles.kind) return ofRoles;
    // An instructor or a seller without an admin or seller role's menu: the first area they work in.
    kind = (['instructor', 'seller'] as const).find((k) => menus.has(k)) ?? null;
  }
  return {
    kind,
    items: kind ? SIDEBAR_MENUS[kind].filter((item) => !item.requires || can(roles, item.requires)) : [],
  };
}
