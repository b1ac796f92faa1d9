/**
 * The site's route table, kept once. Pages, the server's redirects and shells,
 * the guards and the tests that visit every route all read it.
 *
 * Patterns use `{param}` segments. A dynamic page is pre-rendered once as a shell at the
 * pattern with every parameter replaced by `_` (see `shellPath`); its island reads the
 * parameters from the address.
 */
export type Guard = 'public' | 'signed-in' | 'admin';

export interface RouteEntry {
  pattern: string;
  guard: Guard;
  /** Target pattern of a redirect made by the server; the same `{param}` names carry over. */
  redirect?: string;
}

const publicRoutes = [
  '/',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/auth',
  '/register',
  // Account recovery (decision 0016): the reset link of the outbox opens /reset-password?token=...
  '/forgot-password',
  '/reset-password',
  '/courses',
  '/courses/{id}',
  '/courses/{courseId}/enroll',
  '/enroll-guest/{courseId}',
  '/connect',
  '/connect-updated',
  '/connect-old',
  '/instructors/{instructorId}',
  '/instructors/{instructorId}/courses',
  '/curriculum',
  '/curriculum/{id}',
  '/sellers/{sellerId}',
  '/seller-store/{sellerId}',
  '/subscription',
  '/subscription/success',
  '/subscription/upgrade',
  '/subscription/upgrade/success',
  '/subscription/upgrade/cancel',
  '/cart',
  '/checkout/stripe',
  // The test provider's simulated Stripe Connect onboarding (decision 0029; a page of our
  // own, not a product route): like /checkout/stripe, a hosted page whose island asks for sign-in itself.
  '/seller/payments/onboarding',
  '/simple-checkout',
  '/payment-success',
  '/cancel-payment',
  '/my-dashboard',
  '/dashboard',
  '/profile/{userId}',
  // Public verification of a certificate code (the QR code on a certificate opens /verify/{code}).
  '/verify',
  '/verify/{code}',
];

const signedInRoutes = [
  '/learn/courses/{courseId}',
  // A course's questions over its lessons, searched (decision 0075).
  '/learn/courses/{courseId}/questions',
  '/courses/{courseId}/modules/{moduleId}',
  '/courses/{courseId}/modules/{moduleId}/lessons/{lessonId}',
  '/lesson/{courseId}',
  '/courses/{courseId}/modules/{moduleId}/quizzes/{quizId}',
  '/my-certifications',
  '/certificates',
  '/certificates/{certificateId}',
  '/certificate-templates',
  '/my-courses',
  '/connect/book/{instructorId}',
  '/connect/profile',
  '/connect/get-booked',
  '/connect/book',
  '/instructors/{instructorId}/book',
  '/my-bookings',
  '/my-store',
  '/my-resources',
  '/seller',
  '/seller-dashboard',
  '/seller/resources',
  '/seller/resources/add',
  '/seller/resources/create',
  '/seller/payments',
  // The seller menu's pages beyond the original route list.
  '/seller/analytics',
  '/seller/settings',
  '/curriculum/{id}/edit',
  '/checkout',
  '/checkout-complete',
  '/checkout/success',
  '/my-purchases',
  // A printable receipt of one of the buyer's orders (decision 0026).
  '/my-purchases/{id}/receipt',
  '/multi-dashboard',
  '/dashboard/user',
  '/profile',
  '/profile/edit',
  '/profile/manage',
  // A printable receipt of one of my subscription invoices (decision 0031).
  '/profile/manage/invoices/{id}',
  '/profile-image-debug',
  // Every notification of the user, and their choice of channel per kind (decision 0033).
  '/notifications',
  // The instructor menu's pages beyond the original route list.
  '/instructor',
  '/instructor/courses',
  '/instructor/settings',
  '/instructor/dashboard',
  '/instructor/courses/create',
  '/instructor/courses/{id}',
  '/instructor/courses/{id}/edit',
  '/instructor/students',
  '/instructor/quizzes',
  '/instructor/certificates',
  '/instructor/certificates/issue',
  '/instructor/instructor-module-page',
  // Connect & Book (decision 0032): the instructor's weekly hours and their bookings.
  '/instructor/availability',
  '/instructor/bookings',
  // Feedback on takes (decision 0070): the instructors' queue and one request's page, for both sides.
  '/instructor/feedback',
  '/practice/feedback/{id}',
  '/admin/courses',
  '/admin/course-creator',
];

const adminRoutes = [
  '/admin',
  '/admin/dashboard',
  '/admin/users',
  '/admin/users/{id}',
  '/admin/roles',
  '/admin/courses/create',
  '/admin/courses/{id}/edit',
  '/admin/course-categories',
  '/admin/certificates',
  '/admin/resources',
  '/admin/curriculum',
  '/admin/resource-categories',
  '/admin/curriculum-categories',
  '/admin/instructors',
  '/admin/bookings',
  '/admin/dance-styles',
  '/admin/subscription-plans',
  '/admin/subscriptions',
  // One subscription with its invoices, cancel and refund (decision 0031).
  '/admin/subscriptions/{id}',
  '/admin/coupons',
  '/admin/orders',
  '/admin/orders/{orderId}',
  '/admin/messages',
  '/admin/settings',
  '/admin/sellers',
  '/admin/deployment',
  // The audit log of admin and sub-admin actions (decision 0033).
  '/admin/audit-log',
  // The practice room's reports, for the moderators (decision 0070).
  '/admin/practice-reports',
  // The community's reports, held posts and suspensions, for the moderators (decision 0075).
  '/admin/community',
  '/admin/documentation',
  '/admin/curriculum-officer',
  '/curriculum-officer-dashboard',
];

/** The site's redirects (old paths to their pages), plus `/admin`, which leads to the admin dashboard. */
const redirects: Record<string, { to: string; guard: Guard }> = {
  '/course/{id}': { to: '/courses/{id}', guard: 'public' },
  '/resources': { to: '/curriculum', guard: 'public' },
  '/resources/{id}': { to: '/curriculum/{id}', guard: 'public' },
  '/resources/{id}/edit': { to: '/curriculum/{id}/edit', guard: 'signed-in' },
  '/subscription/manage': { to: '/profile/manage', guard: 'signed-in' },
  '/pricing': { to: '/subscription', guard: 'public' },
  '/admin/courses/create': { to: '/instructor/courses/create', guard: 'admin' },
  '/admin': { to: '/admin/dashboard', guard: 'admin' },
};

export const routeTable: readonly RouteEntry[] = [
  ...publicRoutes.map((pattern) => ({ pattern, guard: 'public' as const })),
  ...signedInRoutes.map((pattern) => ({ pattern, guard: 'signed-in' as const })),
  ...adminRoutes
    .filter((pattern) => !(pattern in redirects))
    .map((pattern) => ({ pattern, guard: 'admin' as const })),
  ...Object.entries(redirects).map(([pattern, r]) => ({ pattern, guard: r.guard, redirect: r.to })),
];

export type RouteParams = Record<string, string>;

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The route of a path, with its parameters, or null when the path is not in the table. */
export function matchRoute(path: string): { route: RouteEntry; params: RouteParams } | null {
  const segments = splitPath(path);
  let best: { route: RouteEntry; params: RouteParams; literal: number } | null = null;
  for (const route of routeTable) {
    const parts = splitPath(route.pattern);
    if (parts.length !== segments.length) continue;
    const params: RouteParams = {};
    let literal = 0;
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const seg = segments[i]!;
      if (part.startsWith('{') && part.endsWith('}')) {
        let value: string;
        try {
          value = decodeURIComponent(seg);
        } catch {
          ok = false;
          break;
        }
        params[part.slice(1, -1)] = value;
      } else if (part === seg) {
        literal++;
      } else {
        ok = false;
        break;
      }
    }
    // A literal segment beats a parameter: /courses/x/enroll is not /courses/{id}/...
    if (ok && (!best || literal > best.literal)) best = { route, params, literal };
  }
  return best ? { route: best.route, params: best.params } : null;
}

/** Fills a pattern's `{param}` segments. */
export function fillPattern(pattern: string, params: RouteParams): string {
  return pattern.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Where a dynamic page's shell is built: every parameter becomes `_`. */
export function shellPath(pattern: string): string {
  return pattern.replace(/\{[^}]+\}/g, '_');
}

export function isDynamic(pattern: string): boolean {
  return pattern.includes('{');
}

/** The guard of a path (public for paths outside the table). */
export function guardOf(path: string): Guard {
  return matchRoute(path)?.route.guard ?? 'public';
}
