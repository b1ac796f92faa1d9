import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppContext } from './app-context.ts';
import { API_POLICY } from './domain/content-security.ts';
import { AppError, handleError } from './http/errors.ts';
import { createPublicCache, headerReaderOf, type PublicCacheOptions } from './http/public-cache.ts';
import { accountRoutes } from './routes/account.ts';
import { availabilityRoutes } from './routes/availability.ts';
import { bookingSlotsRoutes } from './routes/booking-slots.ts';
import { bookingsRoutes } from './routes/bookings.ts';
import { bookingActionRoutes } from './routes/booking-actions.ts';
import { calendarFeedRoutes } from './routes/calendar-feed.ts';
import { instructorBookingsRoutes } from './routes/instructor-bookings.ts';
import { packagesRoutes } from './routes/packages.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { adminStatsRoutes } from './routes/admin-stats.ts';
import { dashboardRoutes } from './routes/dashboards.ts';
import { subscriptionsAdminRoutes } from './routes/subscriptions-admin.ts';
import { subscriptionsRoutes } from './routes/subscriptions.ts';
import { authRoutes } from './routes/auth.ts';
import { cartRoutes } from './routes/cart.ts';
import { sellersRoutes } from './routes/sellers.ts';
import { resourcesRoutes } from './routes/resources.ts';
import { curriculumRoutes } from './routes/curriculum.ts';
import { resourceCategoriesRoutes } from './routes/resource-categories.ts';
import { storeAdminRoutes } from './routes/store-admin.ts';
import { notificationsRoutes } from './routes/notifications.ts';
import { sellerAreaRoutes } from './routes/seller-area.ts';
import { stripeConnectRoutes } from './routes/stripe-connect.ts';
import { categoriesRoutes } from './routes/categories.ts';
import { contactRoutes } from './routes/contact.ts';
import { coursesRoutes } from './routes/courses.ts';
import { courseReviewsRoutes } from './routes/course-reviews.ts';
import { healthRoutes } from './routes/health.ts';
import { instructorsRoutes } from './routes/instructors.ts';
import { lessonsRoutes } from './routes/lessons.ts';
import { courseFeedbackSettingsRoutes } from './routes/course-feedback-settings.ts';
import { modulesRoutes } from './routes/modules.ts';
import { quizQuestionsRoutes } from './routes/quiz-questions.ts';
import { quizzesRoutes } from './routes/quizzes.ts';
import { usersRoutes } from './routes/users.ts';
import { couponsRoutes } from './routes/coupons.ts';
import { ordersRoutes } from './routes/orders.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { paymentsRoutes } from './routes/payments.ts';
import { certificateTemplateRoutes } from './routes/certificate-templates.ts';
import { certificateRoutes } from './routes/certificates.ts';
import { enrollmentRoutes } from './routes/enrollments.ts';
import { featuresRoutes } from './routes/features.ts';
import { learningRoutes } from './routes/learning.ts';
import { quizAttemptRoutes } from './routes/quiz-attempts.ts';
import { contentSecurityPolicyFor, siteRoutes } from './routes/site.ts';
import { sitePlansRoutes } from './routes/site-plans.ts';
import { siteConnectRoutes } from './routes/site-connect.ts';
import { siteStoreRoutes } from './routes/site-store.ts';
import { storeViewRoutes } from './routes/store-views.ts';
import { uploadedFileRoutes, uploadRoutes } from './routes/upload.ts';
import { connectProfileRoutes } from './routes/connect-profile.ts';
import { danceStylesRoutes } from './routes/dance-styles.ts';
import { adminInstructorsRoutes } from './routes/admin-instructors.ts';
import { adminBookingsRoutes } from './routes/admin-bookings.ts';
import { zipcodeRoutes } from './routes/zipcode.ts';
import { connectRoutes } from './routes/connect.ts';
import { adminSettingsRoutes } from './routes/admin-settings.ts';
import { adminDeploymentRoutes } from './routes/admin-deployment.ts';
import { adminAuditRoutes } from './routes/admin-audit.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { practiceRoutes } from './routes/practice.ts';
import { practiceFeedbackRoutes } from './routes/practice-feedback.ts';
import { adminPracticeReportsRoutes } from './routes/admin-practice-reports.ts';
import { adminCommunityRoutes } from './routes/admin-community.ts';
import { communityModerationRoutes } from './routes/community-moderation.ts';
import { communityTotalsRoutes } from './routes/community-totals.ts';
import { communityRoutes } from './routes/community.ts';
import { registerSellableKinds } from './services/payments/registry.ts';
import type { RouterRoute } from 'hono/types';

/** JSON bodies are small; uploads have their own limit inside the upload route. */
const JSON_BODY_LIMIT = 1024 * 1024;

const api = new Hono<AppContext>()
  .basePath('/api')
  .use('*', async (c, next) => {
    // Reading a GET's body stream would build the whole Request on Node: only requests with a body are limited.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = c.req.header('content-type') ?? '';
    if (type.startsWith('multipart/form-data')) return next();
    // A declared length is what Node's parser holds the body to: checked here without touching the
    // body, whose stream would build the whole Request on Node (+~200 µs a POST; decision 0021).
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d+$/.test(declared) && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > JSON_BODY_LIMIT) throw new AppError(413, 'Request body too large');
      return next();
    }
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new AppError(413, 'Request body too large');
      },
    })(c, next);
  })
  .route('/health', healthRoutes)
  .route('/', authRoutes)
  .route('/', accountRoutes)
  .route('/', usersRoutes)
  .route('/', couponsRoutes)
  .route('/', ordersRoutes)
  .route('/', checkoutRoutes)
  .route('/', paymentsRoutes)
  .route('/', contactRoutes)
  .route('/', adminStatsRoutes)
  .route('/', dashboardRoutes)
  .route('/', subscriptionsRoutes)
  .route('/', subscriptionsAdminRoutes)
  .route('/upload', uploadRoutes)
  .route('/', coursesRoutes)
  .route('/', courseReviewsRoutes)
  .route('/', modulesRoutes)
  .route('/', lessonsRoutes)
  .route('/', courseFeedbackSettingsRoutes)
  .route('/', quizzesRoutes)
  .route('/', quizQuestionsRoutes)
  .route('/', categoriesRoutes)
  .route('/', instructorsRoutes)
  .route('/', enrollmentRoutes)
  .route('/', learningRoutes)
  .route('/', quizAttemptRoutes)
  .route('/', certificateRoutes)
  .route('/', certificateTemplateRoutes)
  .route('/', cartRoutes)
  .route('/', sellersRoutes)
  .route('/', storeViewRoutes)
  .route('/', storeAdminRoutes)
  .route('/', notificationsRoutes)
  .route('/', sellerAreaRoutes)
  .route('/', stripeConnectRoutes)
  .route('/', resourcesRoutes)
  .route('/', curriculumRoutes)
  .route('/', zipcodeRoutes)
  .route('/', connectRoutes)
  .route('/', resourceCategoriesRoutes)
  .route('/', danceStylesRoutes)
  .route('/', adminInstructorsRoutes)
  .route('/', adminBookingsRoutes)
  .route('/', connectProfileRoutes)
  .route('/', featuresRoutes)
  .route('/', availabilityRoutes)
  .route('/', bookingSlotsRoutes)
  .route('/', bookingsRoutes)
  .route('/', bookingActionRoutes)
  .route('/', packagesRoutes)
  .route('/', waitlistRoutes)
  .route('/', instructorBookingsRoutes)
  .route('/', calendarFeedRoutes)
  .route('/', adminSettingsRoutes)
  .route('/', adminDeploymentRoutes)
  .route('/', adminAuditRoutes)
  // Feedback on takes and the instructors' queue (decision 0070), before the takes' router: its
  // paths (/practice/takes/{id}/feedback, /practice/feedback/…) are its own.
  .route('/', practiceFeedbackRoutes)
  // The practice room: takes and reports (decision 0070).
  .route('/practice', practiceRoutes)
  .route('/', adminPracticeReportsRoutes)
  // The community's moderation: hide / restore and reports where the posts are, the moderators' queue (decision 0075).
  .route('/', communityModerationRoutes)
  .route('/', adminCommunityRoutes)
  // The community's totals for the outline and the dashboards, and the digest choice (decision 0075).
  .route('/', communityTotalsRoutes)
  // The community's questions, answers, replies and votes (decision 0075).
  .route('/community', communityRoutes)
  // The API's own description, generated from the routes above (decision 0033).
  .route('/', openApiRoutes(() => apiRoutes()));

/** The API's routes, for its description (a declared type: the chain above refers to it). */
function apiRoutes(): readonly RouterRoute[] {
  return api.routes;
}

export type AppType = typeof api;

export interface AppOptions {
  /** The public-read cache's store and version TTL (decision 0021): memory by default. */
  publicCache?: PublicCacheOptions;
}

/** Builds the app of both runtimes. The entry puts a `platform` into the bindings. */
export function createApp(options: AppOptions = {}) {
  // Every sellable kind's describer and fulfiller, registered before any request (decision 0050).
  registerSellableKinds();
  const app = new Hono<AppContext>();
  app.use('*', async (c, next) => {
    const platform = c.env?.platform;
    if (!platform) throw new Error('The runtime entry did not provide a platform');
    c.set('platform', platform);
    c.set('user', null);
    await next();
  });
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-origin', xFrameOptions: 'DENY' }));
  // Every answer carries a Content-Security-Policy: pages with the build's hashes, the rest strict (decision 0015).
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.has('content-security-policy')) return;
    // The API's answers take the strict policy without waiting for anything (the page policy is read once, async).
    const policy = c.req.path.startsWith('/api/') ? API_POLICY : await contentSecurityPolicyFor(c.get('platform'), c.req.raw, c.res);
    c.res.headers.set('content-security-policy', policy);
  });
  app.onError(handleError);
  app.route('/', api);
  app.all('/api/*', () => {
    throw new AppError(404, 'Not found');
  });
  app.route('/', uploadedFileRoutes);
  // The curriculum store's pages (decision 0029), before the generic site handling.
  app.route('/', siteStoreRoutes);
  // /subscription from the current plans (decision 0031).
  app.route('/', sitePlansRoutes);
  // /connect and its two other addresses from the current directory (decision 0032).
  app.route('/', siteConnectRoutes);
  app.route('/', siteRoutes);
  app.notFound((c) => c.json({ message: 'Not found' }, 404));

  // Before everything above: a fresh public answer is served from the cache without running any
  // middleware, routing or session lookup (decision 0021).
  const publicCache = createPublicCache(options.publicCache);
  const dispatch = app.fetch;
  app.fetch = (request, bindings, executionCtx) => {
    const env = bindings as (AppContext['Bindings'] & { incoming?: { headers: Record<string, string | string[] | undefined> } }) | undefined;
    return publicCache.fetch(
      request,
      env?.platform,
      () => dispatch(request, bindings, executionCtx),
      headerReaderOf(request, env?.incoming),
    );
  };
  return Object.assign(app, { publicCache });
}
