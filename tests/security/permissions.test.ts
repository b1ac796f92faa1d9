import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, certificateTemplates, communityMembers, communityPosts, communityReports, contactMessages, courseReviews, coupons, courseInvitations, enrollments, notifications, practiceReports, resourceReviews, sellerProfiles } from '../../db/schema/index.ts';
import { can, PERMISSIONS, type Action } from '../../worker/src/domain/permissions.ts';
import { ROLE_NAMES, type RoleName } from '../../worker/src/domain/roles.ts';
import { createCourse, createEnrollment } from '../support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn, type FactoryUser } from '../support/factories.ts';
import { createFeedbackRequest, createNote, createTake, giveFeedbackSettings } from '../support/feedback-factories.ts';
import { givePlan } from '../support/subscription-factories.ts';
import * as sample from '../support/file-samples.ts';
import { buildCourse, type BuiltCourse } from '../support/learning-factories.ts';
import { placeOrder } from '../support/order-factories.ts';
import { createSeller } from '../support/seller-factories.ts';
import { makeOwnership, makeResource, makeResourceCategory, makeResourceFile } from '../support/store-factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The permission table walked against every route of the API (decision 0013). For each role, a
 * user holding only that role calls each protected route on objects of their own (their course,
 * their template, their enrolment), so the only thing that can refuse them is the table: the
 * answer is 403 exactly when the table does not give the role the route's action. Routes open to
 * everyone signed in must never answer 403 to anyone. A route of the app missing from this list
 * fails the suite, so a new route has to say what it needs.
 */

/** An action, or several any one of which grants the route (a seller's own resource or a curriculum admin). */
type Guard = Action | readonly Action[] | 'signed-in' | 'public';

const grants = (guard: Guard, role: RoleName) =>
  guard === 'signed-in' || (guard !== 'public' && (typeof guard === 'string' ? can([role], guard) : guard.some((a) => can([role], a))));

interface World {
  user: FactoryUser;
  token: string;
  course: BuiltCourse;
  learner: FactoryUser;
}

interface Call {
  path: string;
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: FormData;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as the app declares it (`/api/users/:id`). */
  route: string;
  guard: Guard;
  /** Another case of the same route (e.g. someone else's object). */
  variant?: string;
  /** The path to try without a token, when the route's pattern alone would be public. */
  anonymous?: string;
  call?: (w: World) => Promise<Call> | Call;
}

let t: TestApp;

async function freshCourse(w: World) {
  return buildCourse(t.db, { instructorId: w.user.id });
}

async function certificateFor(userId: number, courseId: number, issuedBy: number | null = null) {
  const [row] = await t.db
    .insert(certificates)
    .values({ code: `DRX-${Math.random().toString(36).slice(2, 14).toUpperCase().padEnd(12, '0')}`, userId, courseId, issuedBy })
    .returning();
  return row!;
}

async function template(createdBy: number | null) {
  const [row] = await t.db.insert(certificateTemplates).values({ name: 'T', title: 'Certificate', body: '{learner}', createdBy }).returning();
  return row!;
}

async function contactMessage() {
  const [row] = await t.db.insert(contactMessages).values({ name: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello there, a message.' }).returning();
  return row!;
}

const someone = () => createUser(t.db);

let walkCoupons = 0;
const walkCouponCode = () => `WALK${Date.now().toString(36).toUpperCase()}${++walkCoupons}`;
/** An order of a paid course bought by userId (paid through the test provider, or still pending). */
async function walkOrder(userId: number, paid: boolean) {
  const course = await createCourse(t.db, { priceCents: 1500 });
  return placeOrder(t, userId, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 1500 }], { paid });
}
/** A coupon to read or change, by id. */
async function walkCoupon(): Promise<number> {
  const [row] = await t.db.insert(coupons).values({ code: walkCouponCode(), discountType: 'percent', percentOff: 10 }).returning();
  return row!.id;
}

/** Makes w an approved seller (their own profile, whatever state it was in), with a simulated Connect account if asked. */
async function approvedSeller(w: World, testAccount = false): Promise<void> {
  const connectAccountId = testAccount ? `acct_test_walk${w.user.id}` : null;
  await t.db
    .insert(sellerProfiles)
    .values({ userId: w.user.id, storeName: `Walk store ${w.user.id}`, bio: 'A store of the permission walk.', status: 'approved', connectAccountId })
    .onConflictDoUpdate({ target: sellerProfiles.userId, set: { status: 'approved', ...(testAccount ? { connectAccountId } : {}) } });
}

/** A resource of w (published unless told otherwise), with one file. */
async function ownResource(w: World, options: Parameters<typeof makeResource>[1] = {}) {
  const r = await makeResource(t.db, { sellerId: w.user.id, ...options });
  const file = await makeResourceFile(t, r.id);
  return { ...r, fileId: file.id };
}
/** Another approved seller's resource (published unless told otherwise), with one file. */
async function othersResource(options: Parameters<typeof makeResource>[1] = {}) {
  const r = await makeResource(t.db, options);
  await makeResourceFile(t, r.id);
  return r;
}
/** A published resource w owns (a grant), with one file. */
async function ownedResource(w: World) {
  const r = await othersResource();
  await makeOwnership(t.db, w.user.id, r.id);
  return r;
}
/** w's review of a resource w owns. */
async function ownReview(w: World) {
  const r = await ownedResource(w);
  const [row] = await t.db.insert(resourceReviews).values({ resourceId: r.id, userId: w.user.id, rating: 4, body: 'Walked through the permission table.' }).returning();
  return { resourceId: r.id, reviewId: row!.id };
}
let walkNames = 0;
const walkCategoryName = () => `Walk category ${Date.now().toString(36)} ${++walkNames}`;

/** A new pending checkout of w (Buy now of a new paid course), through the API. */
async function openCheckout(w: World): Promise<{ sessionId: string; orderId: number }> {
  const course = await buildCourse(t.db, { priceCents: 2100 });
  const res = await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: course.id }, w.token);
  const body = (await res.json()) as { sessionId: string; order: { id: number } };
  return { sessionId: body.sessionId, orderId: body.order.id };
}

/** A line of w's cart (a paid course added through the API), by id. */
async function cartLine(w: World): Promise<number> {
  const course = await buildCourse(t.db, { priceCents: 1500 });
  const res = await t.json('POST', '/api/cart', { type: 'COURSE', itemId: course.id }, w.token);
  const cart = (await res.json()) as { items: { id: number; itemId: number }[] };
  return cart.items.find((l) => l.itemId === course.id)!.id;
}

/** Another user's live Educator subscription (the admin's subscription routes act on it). */
async function othersSubscription(): Promise<number> {
  const other = await createUser(t.db);
  return (await givePlan(t.db, other.id, 'educator')).subscription.id;
}

/** A draft professional profile of a fresh user (the walk verifies one per role). */
async function walkProfile(): Promise<number> {
  const user = await someone();
  await t.client.execute({ sql: 'INSERT INTO instructor_profiles (user_id, calendar_token) VALUES (?, ?)', args: [user.id, `walk-${user.id}-${Math.random().toString(36).slice(2)}`] });
  return user.id;
}

/** A dance style nothing uses (the walk deletes one per role). */
async function walkStyle(): Promise<number> {
  const name = `Walk style ${Math.random().toString(36).slice(2, 10)}`;
  const res = await t.client.execute({ sql: 'INSERT INTO dance_styles (name, slug) VALUES (?, ?) RETURNING id', args: [name, name.toLowerCase().replace(/ /g, '-')] });
  return Number(res.rows[0]!.id);
}

export const ROUTE_CASES: RouteCase[] = [
  // People and roles: ADMIN's alone.
  { method: 'GET', route: '/api/users', guard: 'users.list', call: () => ({ path: '/api/users' }) },
  { method: 'GET', route: '/api/users/export.csv', guard: 'users.list', call: () => ({ path: '/api/users/export.csv' }) },
  { method: 'PATCH', route: '/api/users/:id', guard: 'users.update', call: async () => ({ path: `/api/users/${(await someone()).id}`, body: { bio: 'x' } }) },
  { method: 'POST', route: '/api/users/:id/roles', guard: 'roles.grant', call: async () => ({ path: `/api/users/${(await someone()).id}/roles`, body: { role: 'SELLER' } }) },
  {
    method: 'POST',
    route: '/api/users/:id/roles',
    variant: 'to oneself',
    guard: 'roles.grant',
    call: (w) => ({ path: `/api/users/${w.user.id}/roles`, body: { role: 'INSTRUCTOR' } }),
  },
  {
    method: 'DELETE',
    route: '/api/users/:id/roles/:role',
    guard: 'roles.revoke',
    call: async () => ({ path: `/api/users/${(await createUser(t.db, { roles: ['SELLER'] })).id}/roles/SELLER` }),
  },
  { method: 'GET', route: '/api/roles', guard: 'roles.list', call: () => ({ path: '/api/roles' }) },
  { method: 'GET', route: '/api/admin/stats', guard: 'admin.stats', call: () => ({ path: '/api/admin/stats' }) },
  { method: 'GET', route: '/api/admin/dashboard', guard: 'admin.stats', call: () => ({ path: '/api/admin/dashboard?days=90' }) },
  { method: 'GET', route: '/api/me/dashboard', guard: 'signed-in', call: () => ({ path: '/api/me/dashboard' }) },
  { method: 'GET', route: '/api/me/areas', guard: 'signed-in', call: () => ({ path: '/api/me/areas' }) },
  { method: 'GET', route: '/api/instructor/dashboard', guard: 'signed-in', call: () => ({ path: '/api/instructor/dashboard' }) },
  { method: 'GET', route: '/api/instructor/stats', guard: 'courses.manage_own', call: () => ({ path: '/api/instructor/stats' }) },
  // Feedback on takes (decision 0070): the learner asks and replies; the course's instructors answer.
  { method: 'POST', route: '/api/practice/takes/:id/feedback', guard: 'signed-in', call: async (w) => ({ path: `/api/practice/takes/${(await ownTake(w)).id}/feedback`, body: { question: 'Is this on the beat?' } }) },
  { method: 'GET', route: '/api/practice/feedback/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/practice/feedback/${(await ownFeedback(w)).id}` }) },
  {
    method: 'POST',
    route: '/api/practice/feedback/:id/notes/:noteId/replies',
    guard: 'signed-in',
    call: async (w) => {
      const request = await ownFeedback(w);
      return { path: `/api/practice/feedback/${request.id}/notes/${(await createNote(t.db, request.id, null)).id}/replies`, body: { body: 'Thank you' } };
    },
  },
  // Takes (decision 0070): the learner's own; reports by whoever sees the take; the queue is the moderators'.
  { method: 'GET', route: '/api/practice/lessons/:lessonId', guard: 'signed-in', call: async (w) => ({ path: `/api/practice/lessons/${await practiceLesson(w)}` }) },
  {
    method: 'POST',
    route: '/api/practice/lessons/:lessonId/takes',
    guard: 'signed-in',
    call: async (w) => {
      const form = new FormData();
      form.set('file', new File([sample.mp4], 'take.mp4', { type: 'video/mp4' }));
      for (const [k, v] of Object.entries({ source: 'uploaded', duration_ms: '4000', ref_start_ms: '0', ref_end_ms: '4000', speed: '1', offset_ms: '0' })) form.set(k, v);
      return { path: `/api/practice/lessons/${await practiceLesson(w)}/takes`, form };
    },
  },
  { method: 'GET', route: '/api/practice/takes/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/practice/takes/${(await ownTake(w)).id}` }) },
  { method: 'PATCH', route: '/api/practice/takes/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/practice/takes/${(await ownTake(w)).id}`, body: { offset_ms: 120 } }) },
  { method: 'DELETE', route: '/api/practice/takes/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/practice/takes/${(await ownTake(w)).id}` }) },
  {
    method: 'POST',
    route: '/api/practice/reports',
    guard: 'signed-in',
    call: async (w) => ({ path: '/api/practice/reports', body: { target_kind: 'take', target_id: (await ownTake(w)).id, reason: 'Not my video' } }),
  },
  { method: 'GET', route: '/api/admin/practice-reports', guard: 'practice.moderate', call: () => ({ path: '/api/admin/practice-reports?status=open' }) },
  { method: 'POST', route: '/api/admin/practice-reports/:id', guard: 'practice.moderate', call: async (w) => ({ path: `/api/admin/practice-reports/${await practiceReport(w)}`, body: { action: 'dismiss' } }) },
  // The community's moderation (decision 0075): hide / restore on one's own page (object check: the page's owner), reports by members, the moderators' queue.
  { method: 'POST', route: '/api/community/posts/:id/hide', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityPost(w)}/hide` }) },
  { method: 'POST', route: '/api/community/posts/:id/restore', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityPost(w, 'hidden')}/restore` }) },
  { method: 'POST', route: '/api/community/posts/:id/reports', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityPost(w)}/reports`, body: { reason: 'spam' } }) },
  { method: 'GET', route: '/api/admin/community/reports', guard: 'community.moderate', call: () => ({ path: '/api/admin/community/reports?status=open' }) },
  { method: 'POST', route: '/api/admin/community/reports/:id', guard: 'community.moderate', call: async (w) => ({ path: `/api/admin/community/reports/${await communityReport(w)}`, body: { action: 'dismiss' } }) },
  { method: 'GET', route: '/api/admin/community/pending', guard: 'community.moderate', call: () => ({ path: '/api/admin/community/pending' }) },
  { method: 'POST', route: '/api/admin/community/posts/:id/approve', guard: 'community.moderate', call: async (w) => ({ path: `/api/admin/community/posts/${await communityPost(w, 'pending')}/approve` }) },
  { method: 'POST', route: '/api/admin/community/posts/:id/reject', guard: 'community.moderate', call: async (w) => ({ path: `/api/admin/community/posts/${await communityPost(w, 'pending')}/reject` }) },
  { method: 'GET', route: '/api/admin/community/posts/:id/history', guard: 'community.moderate', call: async (w) => ({ path: `/api/admin/community/posts/${await communityPost(w)}/history` }) },
  { method: 'GET', route: '/api/admin/community/suspensions', guard: 'community.moderate', call: () => ({ path: '/api/admin/community/suspensions' }) },
  { method: 'POST', route: '/api/admin/community/suspensions', guard: 'community.moderate', call: (w) => ({ path: '/api/admin/community/suspensions', body: { user_id: w.learner.id, days: 2, reason: 'Walk' } }) },
  {
    method: 'DELETE',
    route: '/api/admin/community/suspensions/:userId',
    guard: 'community.moderate',
    call: async (w) => {
      await t.db.insert(communityMembers).values({ userId: w.learner.id, suspendedUntil: '2999-01-01T00:00:00.000Z', suspendedReason: 'Walk' }).onConflictDoUpdate({ target: communityMembers.userId, set: { suspendedUntil: '2999-01-01T00:00:00.000Z' } });
      return { path: `/api/admin/community/suspensions/${w.learner.id}` };
    },
  },
  // The community's questions and answers (decision 0075): members write on pages they may read; the object checks are the page's (the user owns the course here).
  { method: 'POST', route: '/api/community/questions', guard: 'signed-in', call: (w) => ({ path: '/api/community/questions', body: { target_kind: 'lesson', target_id: w.course.lessons[0]!.id, title: 'A walk question', body: 'Walk' } }) },
  { method: 'POST', route: '/api/community/questions/:id/answers', guard: 'signed-in', call: async (w) => ({ path: `/api/community/questions/${await communityPost(w)}/answers`, body: { body: 'Walk' } }) },
  { method: 'PUT', route: '/api/community/questions/:id/accepted', guard: 'signed-in', call: async (w) => ({ path: `/api/community/questions/${await communityPost(w)}/accepted`, body: { answer_id: null } }) },
  { method: 'GET', route: '/api/community/courses/:id/questions', guard: 'signed-in', call: (w) => ({ path: `/api/community/courses/${w.course.id}/questions?q=walk` }) },
  { method: 'POST', route: '/api/community/posts/:id/replies', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityAnswer(w)}/replies`, body: { body: 'Walk' } }) },
  { method: 'PATCH', route: '/api/community/posts/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityAnswer(w, w.user.id)}`, body: { body: 'Walk again' } }) },
  { method: 'DELETE', route: '/api/community/posts/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityAnswer(w, w.user.id)}` }) },
  { method: 'PUT', route: '/api/community/posts/:id/vote', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityPost(w)}/vote` }) },
  { method: 'DELETE', route: '/api/community/posts/:id/vote', guard: 'signed-in', call: async (w) => ({ path: `/api/community/posts/${await communityPost(w)}/vote` }) },
  // The community's totals (decision 0075): a course's counts for its readers (the user learns the course here), one's own waiting line and digest choice.
  {
    method: 'GET',
    route: '/api/community/courses/:id/counts',
    guard: 'signed-in',
    call: async (w) => {
      await t.db.insert(enrollments).values({ userId: w.user.id, courseId: w.course.id, source: 'admin' }).onConflictDoNothing();
      return { path: `/api/community/courses/${w.course.id}/counts` };
    },
  },
  { method: 'GET', route: '/api/community/waiting', guard: 'signed-in', call: () => ({ path: '/api/community/waiting' }) },
  { method: 'GET', route: '/api/community/digest', guard: 'signed-in', call: () => ({ path: '/api/community/digest' }) },
  { method: 'PUT', route: '/api/community/digest', guard: 'signed-in', call: () => ({ path: '/api/community/digest', body: { email_digest: true } }) },
  { method: 'GET', route: '/api/courses/:id/feedback-settings', guard: 'courses.manage_own', call: (w) => ({ path: `/api/courses/${w.course.id}/feedback-settings` }) },
  {
    method: 'PUT',
    route: '/api/courses/:id/feedback-settings',
    guard: 'courses.manage_own',
    call: (w) => ({ path: `/api/courses/${w.course.id}/feedback-settings`, body: { mode: 'included', included_reviews: 2 } }),
  },
  { method: 'PUT', route: '/api/lessons/:id/practice-rule', guard: 'courses.manage_own', call: (w) => ({ path: `/api/lessons/${w.course.lessons[0]!.id}/practice-rule`, body: { requires_approved_take: false } }) },
  { method: 'GET', route: '/api/instructor/feedback', guard: 'feedback.answer', call: () => ({ path: '/api/instructor/feedback' }) },
  { method: 'POST', route: '/api/practice/feedback/:id/notes', guard: 'feedback.answer', call: async (w) => ({ path: `/api/practice/feedback/${(await feedbackIn(w)).id}/notes`, body: { at_ms: 10, body: 'Arms up' } }) },
  {
    method: 'PATCH',
    route: '/api/practice/feedback/:id/notes/:noteId',
    guard: 'feedback.answer',
    call: async (w) => {
      const request = await feedbackIn(w);
      return { path: `/api/practice/feedback/${request.id}/notes/${(await createNote(t.db, request.id, w.user.id)).id}`, body: { body: 'Arms higher' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/practice/feedback/:id/notes/:noteId',
    guard: 'feedback.answer',
    call: async (w) => {
      const request = await feedbackIn(w);
      return { path: `/api/practice/feedback/${request.id}/notes/${(await createNote(t.db, request.id, w.user.id)).id}` };
    },
  },
  { method: 'POST', route: '/api/practice/feedback/:id/answer', guard: 'feedback.answer', call: async (w) => ({ path: `/api/practice/feedback/${(await feedbackIn(w)).id}/answer`, body: { verdict: 'try_again' } }) },
  { method: 'GET', route: '/api/admin/queues', guard: 'resources.review', call: () => ({ path: '/api/admin/queues' }) },
  { method: 'GET', route: '/api/me/profile-image-debug', guard: 'diagnostics.read', call: () => ({ path: '/api/me/profile-image-debug' }) },
  { method: 'GET', route: '/api/admin/outbox', guard: 'outbox.read', call: () => ({ path: '/api/admin/outbox' }) },
  { method: 'GET', route: '/api/contact-messages', guard: 'contact_messages.read', call: () => ({ path: '/api/contact-messages' }) },
  { method: 'PATCH', route: '/api/contact-messages/:id', guard: 'contact_messages.manage', call: async () => ({ path: `/api/contact-messages/${(await contactMessage()).id}`, body: { read: true } }) },
  { method: 'DELETE', route: '/api/contact-messages/:id', guard: 'contact_messages.manage', call: async () => ({ path: `/api/contact-messages/${(await contactMessage()).id}` }) },

  // Coupons admin (decision 0026): ADMIN's alone.
  { method: 'GET', route: '/api/admin/coupons', guard: 'coupons.manage', call: () => ({ path: '/api/admin/coupons' }) },
  { method: 'GET', route: '/api/admin/coupons/export.csv', guard: 'coupons.manage', call: () => ({ path: '/api/admin/coupons/export.csv' }) },
  { method: 'POST', route: '/api/admin/coupons', guard: 'coupons.manage', call: () => ({ path: '/api/admin/coupons', body: { code: walkCouponCode(), discountType: 'percent', percentOff: 10 } }) },
  { method: 'GET', route: '/api/admin/coupons/:id', guard: 'coupons.manage', call: async () => ({ path: `/api/admin/coupons/${await walkCoupon()}` }) },
  { method: 'PATCH', route: '/api/admin/coupons/:id', guard: 'coupons.manage', call: async () => ({ path: `/api/admin/coupons/${await walkCoupon()}`, body: { description: 'Walked' } }) },
  { method: 'POST', route: '/api/admin/coupons/:id/deactivate', guard: 'coupons.manage', call: async () => ({ path: `/api/admin/coupons/${await walkCoupon()}/deactivate` }) },

  // Orders: the buyer's own, and the admin's list, export, detail and refunds.
  { method: 'GET', route: '/api/orders', guard: 'signed-in', call: () => ({ path: '/api/orders' }) },
  { method: 'GET', route: '/api/orders/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/orders/${(await walkOrder(w.user.id, false)).id}` }) },
  { method: 'GET', route: '/api/resource-orders', guard: 'signed-in', call: () => ({ path: '/api/resource-orders' }) },
  { method: 'GET', route: '/api/admin/orders', guard: 'orders.read_all', call: () => ({ path: '/api/admin/orders' }) },
  { method: 'GET', route: '/api/admin/orders/export.csv', guard: 'orders.read_all', call: () => ({ path: '/api/admin/orders/export.csv' }) },
  { method: 'GET', route: '/api/admin/orders/:id', guard: 'orders.read_all', call: async () => ({ path: `/api/admin/orders/${(await walkOrder((await someone()).id, false)).id}` }) },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/refunds',
    guard: 'orders.refund',
    call: async () => ({ path: `/api/admin/orders/${(await walkOrder((await someone()).id, true)).id}/refunds`, body: { amountCents: 100 } }),
  },

  // Courses, their parts and their categories.
  { method: 'GET', route: '/api/courses', variant: 'scope=manage', anonymous: '/api/courses?scope=manage', guard: 'courses.manage_own', call: () => ({ path: '/api/courses?scope=manage' }) },
  { method: 'POST', route: '/api/courses', guard: 'courses.manage_own', call: () => ({ path: '/api/courses', body: { title: 'Permission walk', description: 'A course made by the permission walk.', price: '0' } }) },
  { method: 'PATCH', route: '/api/courses/:id', guard: 'courses.manage_own', call: (w) => ({ path: `/api/courses/${w.course.id}`, body: { description: 'A changed description of the course.' } }) },
  {
    method: 'PATCH',
    route: '/api/courses/:id',
    variant: "someone else's course",
    guard: 'courses.manage_any',
    call: async () => ({ path: `/api/courses/${(await createCourse(t.db, { instructorId: (await someone()).id })).id}`, body: { description: 'A changed description of the course.' } }),
  },
  { method: 'PUT', route: '/api/courses/:id', guard: 'courses.manage_own', call: (w) => ({ path: `/api/courses/${w.course.id}`, body: { title: 'Walked course', short_name: 'WC', description: 'A course edited by the permission walk.', visible: false } }) },
  { method: 'DELETE', route: '/api/courses/:id', guard: 'courses.manage_own', call: async (w) => ({ path: `/api/courses/${(await createCourse(t.db, { instructorId: w.user.id })).id}` }) },
  {
    method: 'POST',
    route: '/api/upload/course',
    guard: 'courses.manage_own',
    call: (w) => {
      const form = new FormData();
      form.set('entityType', 'course');
      form.set('entityId', String(w.course.id));
      return { path: '/api/upload/course', form };
    },
  },
  { method: 'POST', route: '/api/modules', guard: 'courses.manage_own', call: (w) => ({ path: '/api/modules', body: { courseId: w.course.id, title: 'Module', description: 'A module of the walk.' } }) },
  { method: 'PATCH', route: '/api/modules/:id', guard: 'courses.manage_own', call: (w) => ({ path: `/api/modules/${w.course.modules[0]!.id}`, body: { title: 'Module' } }) },
  { method: 'DELETE', route: '/api/modules/:id', guard: 'courses.manage_own', call: async (w) => ({ path: `/api/modules/${(await freshCourse(w)).modules[0]!.id}` }) },
  { method: 'POST', route: '/api/lessons', guard: 'courses.manage_own', call: (w) => ({ path: '/api/lessons', body: { moduleId: w.course.modules[0]!.id, title: 'Lesson', description: 'A lesson of the walk.', type: 'text', content: 'Text' } }) },
  { method: 'PATCH', route: '/api/lessons/:id', guard: 'courses.manage_own', call: (w) => ({ path: `/api/lessons/${w.course.lessons[0]!.id}`, body: { title: 'Lesson' } }) },
  { method: 'DELETE', route: '/api/lessons/:id', guard: 'courses.manage_own', call: async (w) => ({ path: `/api/lessons/${(await freshCourse(w)).lessons[0]!.id}` }) },
  {
    method: 'POST',
    route: '/api/quizzes',
    guard: 'courses.manage_own',
    call: async (w) => ({ path: '/api/quizzes', body: { lessonId: (await freshCourse(w)).lessons[0]!.id, passScore: 70 } }),
  },
  { method: 'GET', route: '/api/quizzes/:id', guard: 'courses.manage_own', call: (w) => ({ path: `/api/quizzes/${w.course.quizzes[0]!.id}` }) },
  { method: 'PATCH', route: '/api/quizzes/:id', guard: 'courses.manage_own', call: (w) => ({ path: `/api/quizzes/${w.course.quizzes[0]!.id}`, body: { passScore: 70 } }) },
  { method: 'DELETE', route: '/api/quizzes/:id', guard: 'courses.manage_own', call: async (w) => ({ path: `/api/quizzes/${(await freshCourse(w)).quizzes[0]!.id}` }) },
  { method: 'GET', route: '/api/quizzes/:id/questions', guard: 'courses.manage_own', call: (w) => ({ path: `/api/quizzes/${w.course.quizzes[0]!.id}/questions` }) },
  {
    method: 'POST',
    route: '/api/quiz-questions',
    guard: 'courses.manage_own',
    call: (w) => ({ path: '/api/quiz-questions', body: { quizId: w.course.quizzes[0]!.id, question: 'Why?', options: ['A', 'B'], correctOption: 0 } }),
  },
  {
    method: 'PATCH',
    route: '/api/quiz-questions/:id',
    guard: 'courses.manage_own',
    call: (w) => ({ path: `/api/quiz-questions/${w.course.quizzes[0]!.questions[0]!.id}`, body: { question: 'Which foot leads?' } }),
  },
  {
    method: 'DELETE',
    route: '/api/quiz-questions/:id',
    guard: 'courses.manage_own',
    call: async (w) => ({ path: `/api/quiz-questions/${(await freshCourse(w)).quizzes[0]!.questions[0]!.id}` }),
  },
  { method: 'POST', route: '/api/categories', guard: 'categories.manage', call: () => ({ path: '/api/categories', body: { name: `Walk ${Math.random().toString(36).slice(2)}` } }) },
  { method: 'PATCH', route: '/api/categories/:id', guard: 'categories.manage', call: () => ({ path: '/api/categories/999999', body: { name: 'Renamed' } }) },
  { method: 'DELETE', route: '/api/categories/:id', guard: 'categories.manage', call: () => ({ path: '/api/categories/999999' }) },
  { method: 'GET', route: '/api/instructors', guard: 'instructors.list', call: () => ({ path: '/api/instructors' }) },

  // Enrolments and invitations.
  { method: 'POST', route: '/api/enrollments', variant: 'another user', guard: 'enrollments.enrol_directly', call: async (w) => ({ path: '/api/enrollments', body: { courseId: w.course.id, userId: (await someone()).id } }) },
  { method: 'POST', route: '/api/enrollments', variant: 'oneself', guard: 'signed-in', call: async () => ({ path: '/api/enrollments', body: { courseId: (await buildCourse(t.db)).id } }) },
  { method: 'GET', route: '/api/enrollments', guard: 'signed-in', call: () => ({ path: '/api/enrollments' }) },
  { method: 'GET', route: '/api/enrollments', variant: 'of my course', guard: 'courses.manage_own', call: (w) => ({ path: `/api/enrollments?courseId=${w.course.id}` }) },
  { method: 'GET', route: '/api/instructor/enrollments', guard: 'courses.manage_own', call: () => ({ path: '/api/instructor/enrollments' }) },
  {
    method: 'DELETE',
    route: '/api/enrollments/:id',
    guard: 'courses.manage_own',
    call: async (w) => ({ path: `/api/enrollments/${(await createEnrollment(t.db, (await someone()).id, w.course.id)).id}` }),
  },
  { method: 'POST', route: '/api/courses/:id/invitations', guard: 'enrollments.invite', call: (w) => ({ path: `/api/courses/${w.course.id}/invitations`, body: { email: `walk${Math.random().toString(36).slice(2)}@example.com` } }) },
  { method: 'GET', route: '/api/courses/:id/invitations', guard: 'enrollments.invite', call: (w) => ({ path: `/api/courses/${w.course.id}/invitations` }) },
  { method: 'GET', route: '/api/instructor/invitations', guard: 'enrollments.invite', call: () => ({ path: '/api/instructor/invitations' }) },
  {
    method: 'DELETE',
    route: '/api/invitations/:id',
    guard: 'enrollments.invite',
    call: async (w) => {
      const [row] = await t.db.insert(courseInvitations).values({ courseId: w.course.id, email: `c${Math.random().toString(36).slice(2)}@example.com` }).returning();
      return { path: `/api/invitations/${row!.id}` };
    },
  },
  { method: 'GET', route: '/api/me/invitations', guard: 'signed-in', call: () => ({ path: '/api/me/invitations' }) },
  ...(['accept', 'decline'] as const).map(
    (action): RouteCase => ({
      method: 'POST',
      route: `/api/me/invitations/:id/${action}`,
      guard: 'signed-in',
      call: async (w) => {
        const course = await buildCourse(t.db);
        const [row] = await t.db.insert(courseInvitations).values({ courseId: course.id, email: w.user.email!.toLowerCase() }).returning();
        return { path: `/api/me/invitations/${row!.id}/${action}` };
      },
    }),
  ),

  // Certificates and templates.
  { method: 'GET', route: '/api/certificates', guard: 'signed-in', call: () => ({ path: '/api/certificates' }) },
  { method: 'GET', route: '/api/certificates/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/certificates/${(await certificateFor(w.user.id, (await buildCourse(t.db)).id)).id}` }) },
  { method: 'GET', route: '/api/certificates/:id/pdf', guard: 'signed-in', call: async (w) => ({ path: `/api/certificates/${(await certificateFor(w.user.id, (await buildCourse(t.db)).id)).id}/pdf` }) },
  { method: 'POST', route: '/api/certificates', guard: 'certificates.issue', call: async (w) => {
    const learner = await someone();
    await createEnrollment(t.db, learner.id, w.course.id);
    return { path: '/api/certificates', body: { userId: learner.id, courseId: w.course.id } };
  } },
  {
    method: 'POST',
    route: '/api/certificates/:id/revoke',
    guard: 'certificates.revoke',
    call: async (w) => ({ path: `/api/certificates/${(await certificateFor((await someone()).id, w.course.id)).id}/revoke`, body: { reason: 'Walk' } }),
  },
  {
    method: 'POST',
    route: '/api/certificates/:id/revoke',
    variant: "of someone else's course",
    guard: 'courses.manage_any',
    call: async () => ({ path: `/api/certificates/${(await certificateFor((await someone()).id, (await buildCourse(t.db)).id)).id}/revoke`, body: { reason: 'Walk' } }),
  },
  { method: 'GET', route: '/api/instructor/certificates', guard: 'courses.manage_own', call: () => ({ path: '/api/instructor/certificates' }) },
  { method: 'GET', route: '/api/admin/certificates', guard: 'certificates.list_all', call: () => ({ path: '/api/admin/certificates' }) },
  { method: 'GET', route: '/api/admin/certificates/export.csv', guard: 'certificates.list_all', call: () => ({ path: '/api/admin/certificates/export.csv' }) },
  { method: 'GET', route: '/api/certificate-templates', guard: 'certificate_templates.design', call: () => ({ path: '/api/certificate-templates' }) },
  { method: 'POST', route: '/api/certificate-templates', guard: 'certificate_templates.design', call: () => ({ path: '/api/certificate-templates', body: { name: 'Mine', title: 'Certificate', body: 'For {learner}' } }) },
  { method: 'GET', route: '/api/certificate-templates/:id', guard: 'certificate_templates.design', call: async (w) => ({ path: `/api/certificate-templates/${(await template(w.user.id)).id}` }) },
  { method: 'GET', route: '/api/certificate-templates/:id/preview', guard: 'certificate_templates.design', call: async (w) => ({ path: `/api/certificate-templates/${(await template(w.user.id)).id}/preview` }) },
  { method: 'PATCH', route: '/api/certificate-templates/:id', guard: 'certificate_templates.design', call: async (w) => ({ path: `/api/certificate-templates/${(await template(w.user.id)).id}`, body: { name: 'Renamed' } }) },
  {
    method: 'PATCH',
    route: '/api/certificate-templates/:id',
    variant: "someone else's template",
    guard: 'certificate_templates.manage',
    call: async () => ({ path: `/api/certificate-templates/${(await template((await someone()).id)).id}`, body: { name: 'Renamed' } }),
  },
  { method: 'DELETE', route: '/api/certificate-templates/:id', guard: 'certificate_templates.design', call: async (w) => ({ path: `/api/certificate-templates/${(await template(w.user.id)).id}` }) },

  // Learning: every signed-in learner, in courses they are enrolled in.
  { method: 'GET', route: '/api/learn/courses/:courseId', guard: 'signed-in', call: async (w) => ({ path: `/api/learn/courses/${await enrolledCourse(w)}` }) },
  { method: 'GET', route: '/api/learn/lessons/:lessonId', guard: 'signed-in', call: async (w) => ({ path: `/api/learn/lessons/${(await enrolledIn(w)).lessons[0]!.id}` }) },
  { method: 'POST', route: '/api/learn/lessons/:lessonId/complete', guard: 'signed-in', call: async (w) => ({ path: `/api/learn/lessons/${(await enrolledIn(w)).lessons[0]!.id}/complete` }) },
  { method: 'GET', route: '/api/learn/quizzes/:quizId', guard: 'signed-in', call: async (w) => ({ path: `/api/learn/quizzes/${(await enrolledIn(w)).quizzes[0]!.id}` }) },
  { method: 'GET', route: '/api/learn/quizzes/:quizId/attempts', guard: 'signed-in', call: async (w) => ({ path: `/api/learn/quizzes/${(await enrolledIn(w)).quizzes[0]!.id}/attempts` }) },
  {
    method: 'POST',
    route: '/api/learn/quizzes/:quizId/attempts',
    guard: 'signed-in',
    call: async (w) => {
      const quiz = (await enrolledIn(w)).quizzes[0]!;
      return { path: `/api/learn/quizzes/${quiz.id}/attempts`, body: { answers: quiz.questions.map((q) => ({ questionId: q.id, selected: q.correct })) } };
    },
  },

  // The cart (decision 0025): every signed-in user, on their own lines.
  { method: 'GET', route: '/api/cart', guard: 'signed-in', call: () => ({ path: '/api/cart' }) },
  { method: 'POST', route: '/api/cart', guard: 'signed-in', call: async () => ({ path: '/api/cart', body: { type: 'COURSE', itemId: (await buildCourse(t.db, { priceCents: 1500 })).id } }) },
  { method: 'POST', route: '/api/cart/refresh', guard: 'signed-in', call: () => ({ path: '/api/cart/refresh' }) },
  { method: 'POST', route: '/api/cart/merge', guard: 'signed-in', call: async () => ({ path: '/api/cart/merge', body: { items: [{ type: 'COURSE', itemId: (await buildCourse(t.db, { priceCents: 1500 })).id, quantity: 1 }] } }) },
  { method: 'PATCH', route: '/api/cart/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/cart/${await cartLine(w)}`, body: { quantity: 1 } }) },
  { method: 'DELETE', route: '/api/cart/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/cart/${await cartLine(w)}` }) },
  { method: 'DELETE', route: '/api/cart', guard: 'signed-in', call: () => ({ path: '/api/cart' }) },

  // Checkout and payments (decision 0024): every signed-in buyer, on their own orders and sessions.
  // The receipt's address for an account without one (an order of this session id is not the walker's: 404, never 403).
  { method: 'POST', route: '/api/checkout/receipt-email', guard: 'signed-in', call: () => ({ path: '/api/checkout/receipt-email', body: { sessionId: 'cs_test_walk', email: 'walk@example.com' } }) },
  { method: 'POST', route: '/api/checkout/quote', guard: 'signed-in', call: async () => ({ path: '/api/checkout/quote', body: { items: [{ type: 'COURSE', itemId: (await buildCourse(t.db, { priceCents: 1500 })).id }] } }) },
  { method: 'POST', route: '/api/checkout', guard: 'signed-in', call: () => ({ path: '/api/checkout', body: {} }) },
  { method: 'POST', route: '/api/simple-checkout', guard: 'signed-in', call: async () => ({ path: '/api/simple-checkout', body: { type: 'COURSE', itemId: (await buildCourse(t.db, { priceCents: 1500 })).id } }) },
  { method: 'POST', route: '/api/checkout/confirm', guard: 'signed-in', call: async (w) => ({ path: '/api/checkout/confirm', body: { sessionId: (await openCheckout(w)).sessionId } }) },
  { method: 'POST', route: '/api/checkout/cancel', guard: 'signed-in', call: async (w) => ({ path: '/api/checkout/cancel', body: { sessionId: (await openCheckout(w)).sessionId } }) },
  { method: 'GET', route: '/api/payments/pending', guard: 'signed-in', call: () => ({ path: '/api/payments/pending' }) },
  { method: 'DELETE', route: '/api/payments/pending/:id', guard: 'signed-in', call: async (w) => ({ path: `/api/payments/pending/${(await openCheckout(w)).orderId}` }) },
  { method: 'GET', route: '/api/payments/test-checkout/:sessionId', guard: 'signed-in', call: async (w) => ({ path: `/api/payments/test-checkout/${(await openCheckout(w)).sessionId}` }) },
  {
    method: 'POST',
    route: '/api/payments/test-checkout/:sessionId/pay',
    guard: 'signed-in',
    call: async (w) => ({ path: `/api/payments/test-checkout/${(await openCheckout(w)).sessionId}/pay`, body: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Walker' } }),
  },

  // Plans and subscriptions (decision 0031): one's own subscription and invoices; the admin's every one.
  { method: 'GET', route: '/api/subscriptions/user', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/user' }) },
  {
    method: 'GET',
    route: '/api/subscriptions/checkout',
    guard: 'signed-in',
    anonymous: '/api/subscriptions/checkout?plan=educator&interval=month&price=29',
    call: () => ({ path: '/api/subscriptions/checkout?plan=educator&interval=month&price=29' }),
  },
  { method: 'POST', route: '/api/subscriptions/cancel', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/cancel', body: {} }) },
  { method: 'POST', route: '/api/subscriptions/resume', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/resume', body: {} }) },
  { method: 'GET', route: '/api/subscriptions/change/preview', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/change/preview?plan=premium&interval=year' }) },
  { method: 'POST', route: '/api/subscriptions/change', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/change', body: { plan: 'premium', interval: 'month' } }) },
  { method: 'POST', route: '/api/subscriptions/change/cancel-scheduled', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/change/cancel-scheduled', body: {} }) },
  { method: 'GET', route: '/api/subscriptions/invoices', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/invoices' }) },
  { method: 'GET', route: '/api/subscriptions/invoices/:id', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/invoices/999999' }) },
  { method: 'POST', route: '/api/subscriptions/portal', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/portal', body: {} }) },
  { method: 'POST', route: '/api/subscriptions/test-clock', guard: 'signed-in', call: () => ({ path: '/api/subscriptions/test-clock', body: { days: 1 } }) },
  { method: 'GET', route: '/api/admin/subscription-plans', guard: 'plans.manage', call: () => ({ path: '/api/admin/subscription-plans' }) },
  {
    method: 'PATCH',
    route: '/api/admin/subscription-plans/:id',
    guard: 'plans.manage',
    call: () => ({ path: '/api/admin/subscription-plans/2', body: { description: 'For teachers who run courses and sell their lesson plans.' } }),
  },
  { method: 'GET', route: '/api/admin/subscriptions', guard: 'subscriptions.manage', call: () => ({ path: '/api/admin/subscriptions' }) },
  { method: 'GET', route: '/api/admin/subscriptions/export.csv', guard: 'subscriptions.manage', call: () => ({ path: '/api/admin/subscriptions/export.csv' }) },
  { method: 'GET', route: '/api/admin/subscription-stats', guard: 'subscriptions.manage', call: () => ({ path: '/api/admin/subscription-stats' }) },

  // Connect & Book (decision 0032): an instructor's own hours (object check: the signed-in user's profile).
  { method: 'GET', route: '/api/instructor/availability', guard: 'signed-in', call: () => ({ path: '/api/instructor/availability' }) },
  {
    method: 'PUT',
    route: '/api/instructor/availability',
    guard: 'signed-in',
    call: () => ({ path: '/api/instructor/availability', body: { time_zone: 'UTC', min_notice_minutes: 0, horizon_days: 30, buffer_minutes: 0, weekly: [], overrides: [] } }),
  },
  // Bookings (decision 0032): every signed-in person books; the detail is the booker's, the instructor's or bookings.manage's (else 404).
  { method: 'POST', route: '/api/bookings', guard: 'signed-in', call: () => ({ path: '/api/bookings', body: {} }) },
  { method: 'GET', route: '/api/bookings', guard: 'signed-in', call: () => ({ path: '/api/bookings?scope=all' }) },
  { method: 'GET', route: '/api/bookings/:id', guard: 'signed-in', call: () => ({ path: '/api/bookings/1' }) },
  // After booking (decision 0032): the booker's own booking (else 404), their packages and waitlist places; the instructor's own bookings.
  { method: 'POST', route: '/api/bookings/:id/cancel', guard: 'signed-in', call: () => ({ path: '/api/bookings/999999/cancel', body: {} }) },
  { method: 'POST', route: '/api/bookings/:id/reschedule', guard: 'signed-in', call: () => ({ path: '/api/bookings/999999/reschedule', body: { startsAt: '2030-01-07T15:00:00Z' } }) },
  { method: 'POST', route: '/api/bookings/:id/review', guard: 'signed-in', call: () => ({ path: '/api/bookings/999999/review', body: { rating: 5, comment: '' } }) },
  { method: 'GET', route: '/api/bookings/:id/ics', guard: 'signed-in', call: () => ({ path: '/api/bookings/999999/ics' }) },
  { method: 'GET', route: '/api/packages/mine', guard: 'signed-in', call: () => ({ path: '/api/packages/mine' }) },
  { method: 'POST', route: '/api/packages/:id/checkout', guard: 'signed-in', call: () => ({ path: '/api/packages/999999/checkout', body: {} }) },
  { method: 'GET', route: '/api/waitlist', guard: 'signed-in', call: () => ({ path: '/api/waitlist' }) },
  {
    method: 'POST',
    route: '/api/waitlist',
    guard: 'signed-in',
    call: () => ({ path: '/api/waitlist', body: { instructorId: 999999, lessonTypeId: 999999, startsAt: '2030-01-07T15:00:00Z', timeZone: 'UTC' } }),
  },
  { method: 'DELETE', route: '/api/waitlist/:id', guard: 'signed-in', call: () => ({ path: '/api/waitlist/999999' }) },
  { method: 'POST', route: '/api/waitlist/:id/accept', guard: 'signed-in', call: () => ({ path: '/api/waitlist/999999/accept', body: {} }) },
  { method: 'GET', route: '/api/instructor/bookings', guard: 'signed-in', call: () => ({ path: '/api/instructor/bookings?scope=all' }) },
  { method: 'POST', route: '/api/instructor/bookings/:id/decline', guard: 'signed-in', call: () => ({ path: '/api/instructor/bookings/999999/decline', body: { reason: 'Walk' } }) },
  { method: 'POST', route: '/api/instructor/bookings/:id/cancel', guard: 'signed-in', call: () => ({ path: '/api/instructor/bookings/999999/cancel', body: { reason: 'Walk' } }) },
  { method: 'POST', route: '/api/connect/profile/calendar-token', guard: 'signed-in', call: () => ({ path: '/api/connect/profile/calendar-token' }) },
  // Connect & Book: one's own professional profile, its lesson types and packages (object check: the signed-in user's).
  { method: 'GET', route: '/api/connect/profile', guard: 'signed-in', call: () => ({ path: '/api/connect/profile' }) },
  { method: 'PUT', route: '/api/connect/profile', guard: 'signed-in', call: () => ({ path: '/api/connect/profile', body: { headline: 'Walk profile', offers_online: true } }) },
  { method: 'POST', route: '/api/connect/profile/publish', guard: 'signed-in', call: () => ({ path: '/api/connect/profile/publish' }) },
  { method: 'POST', route: '/api/connect/profile/unpublish', guard: 'signed-in', call: () => ({ path: '/api/connect/profile/unpublish' }) },
  {
    method: 'POST',
    route: '/api/connect/profile/lesson-types',
    guard: 'signed-in',
    call: () => ({ path: '/api/connect/profile/lesson-types', body: { kind: 'private', title: 'Walk lesson', duration_minutes: 60, price_cents: 1000 } }),
  },
  { method: 'PATCH', route: '/api/connect/profile/lesson-types/:id', guard: 'signed-in', call: () => ({ path: '/api/connect/profile/lesson-types/999999', body: { title: 'Walk' } }) },
  { method: 'DELETE', route: '/api/connect/profile/lesson-types/:id', guard: 'signed-in', call: () => ({ path: '/api/connect/profile/lesson-types/999999' }) },
  {
    method: 'POST',
    route: '/api/connect/profile/packages',
    guard: 'signed-in',
    call: () => ({ path: '/api/connect/profile/packages', body: { lesson_type_id: 999999, title: 'Walk pack', lessons_count: 5, price_cents: 1000 } }),
  },
  { method: 'PATCH', route: '/api/connect/profile/packages/:id', guard: 'signed-in', call: () => ({ path: '/api/connect/profile/packages/999999', body: { title: 'Walk' } }) },
  { method: 'DELETE', route: '/api/connect/profile/packages/:id', guard: 'signed-in', call: () => ({ path: '/api/connect/profile/packages/999999' }) },

  // Connect & Book admin (decision 0032): ADMIN's alone.
  { method: 'GET', route: '/api/admin/dance-styles', guard: 'dance_styles.manage', call: () => ({ path: '/api/admin/dance-styles' }) },
  { method: 'POST', route: '/api/admin/dance-styles', guard: 'dance_styles.manage', call: () => ({ path: '/api/admin/dance-styles', body: { name: `Walk style ${Math.random().toString(36).slice(2, 10)}` } }) },
  { method: 'PATCH', route: '/api/admin/dance-styles/:id', guard: 'dance_styles.manage', call: async () => ({ path: `/api/admin/dance-styles/${await walkStyle()}`, body: { hidden: false } }) },
  { method: 'DELETE', route: '/api/admin/dance-styles/:id', guard: 'dance_styles.manage', call: async () => ({ path: `/api/admin/dance-styles/${await walkStyle()}` }) },
  { method: 'GET', route: '/api/admin/bookings', guard: 'bookings.manage', call: () => ({ path: '/api/admin/bookings' }) },
  { method: 'GET', route: '/api/admin/bookings/export.csv', guard: 'bookings.manage', call: () => ({ path: '/api/admin/bookings/export.csv' }) },
  { method: 'POST', route: '/api/admin/bookings/:id/cancel', guard: 'bookings.manage', call: () => ({ path: '/api/admin/bookings/999999/cancel', body: { reason: 'Walked' } }) },
  { method: 'GET', route: '/api/admin/instructors', guard: 'instructors.manage', call: () => ({ path: '/api/admin/instructors' }) },
  { method: 'PATCH', route: '/api/admin/instructors/:id', guard: 'instructors.manage', call: async () => ({ path: `/api/admin/instructors/${await walkProfile()}`, body: { verified: true } }) },
  { method: 'GET', route: '/api/admin/subscriptions/:id', guard: 'subscriptions.manage', call: async () => ({ path: `/api/admin/subscriptions/${await othersSubscription()}` }) },
  {
    method: 'POST',
    route: '/api/admin/subscriptions/:id/cancel',
    guard: 'subscriptions.manage',
    call: async () => ({ path: `/api/admin/subscriptions/${await othersSubscription()}/cancel`, body: { atPeriodEnd: true } }),
  },
  {
    method: 'POST',
    route: '/api/admin/subscriptions/:id/refund',
    guard: 'subscriptions.manage',
    call: async () => ({ path: `/api/admin/subscriptions/${await othersSubscription()}/refund`, body: { cancel: false } }),
  },

  // Sellers (decision 0029): one's own application and store settings.
  { method: 'POST', route: '/api/sellers/apply', guard: 'signed-in', call: () => ({ path: '/api/sellers/apply', body: { store_name: `Walk ${Math.random().toString(36).slice(2)}`, bio: 'A store applied for by the permission walk.' } }) },
  { method: 'GET', route: '/api/sellers/me', guard: 'signed-in', call: () => ({ path: '/api/sellers/me' }) },
  { method: 'PATCH', route: '/api/sellers/me', guard: 'signed-in', call: () => ({ path: '/api/sellers/me', body: { bio: 'A store changed by the permission walk.' } }) },
  { method: 'GET', route: '/api/notifications', guard: 'signed-in', call: () => ({ path: '/api/notifications' }) },
  { method: 'POST', route: '/api/notifications/read-all', guard: 'signed-in', call: () => ({ path: '/api/notifications/read-all' }) },
  { method: 'GET', route: '/api/notifications/unread', guard: 'signed-in', call: () => ({ path: '/api/notifications/unread' }) },
  { method: 'GET', route: '/api/notifications/preferences', guard: 'signed-in', call: () => ({ path: '/api/notifications/preferences' }) },
  { method: 'PUT', route: '/api/notifications/preferences', guard: 'signed-in', call: () => ({ path: '/api/notifications/preferences', body: { preferences: [{ kind: 'enrolment', email: false }] } }) },
  { method: 'PATCH', route: '/api/notifications/preferences', guard: 'signed-in', call: () => ({ path: '/api/notifications/preferences', body: { preferences: [{ kind: 'receipt', in_app: true }] } }) },
  {
    method: 'POST',
    route: '/api/notifications/:id/read',
    guard: 'signed-in',
    call: async (w) => {
      const [row] = await t.db.insert(notifications).values({ userId: w.user.id, kind: 'walk', title: 'Walked' }).returning();
      return { path: `/api/notifications/${row!.id}/read` };
    },
  },

  // The seller area (decision 0029): one's own figures and money; Connect onboarding and payouts for
  // approved sellers and published instructors (payouts.receive, decision 0032's addendum).
  { method: 'GET', route: '/api/seller/dashboard', guard: 'store.sell', call: () => ({ path: '/api/seller/dashboard' }) },
  { method: 'GET', route: '/api/seller/resources', guard: 'store.sell', call: () => ({ path: '/api/seller/resources' }) },
  { method: 'GET', route: '/api/seller/analytics', guard: 'store.sell', call: () => ({ path: '/api/seller/analytics?days=90' }) },
  { method: 'GET', route: '/api/seller/payments', guard: 'payouts.receive', call: () => ({ path: '/api/seller/payments' }) },
  {
    method: 'POST',
    route: '/api/seller/payouts',
    guard: 'payouts.receive',
    call: async (w) => {
      await approvedSeller(w);
      return { path: '/api/seller/payouts' };
    },
  },
  {
    method: 'POST',
    route: '/api/stripe-connect',
    guard: 'payouts.receive',
    call: async (w) => {
      await approvedSeller(w);
      return { path: '/api/stripe-connect' };
    },
  },
  { method: 'GET', route: '/api/stripe-connect/account-status', guard: 'payouts.receive', call: () => ({ path: '/api/stripe-connect/account-status' }) },
  {
    method: 'GET',
    route: '/api/stripe-connect/test-onboarding',
    guard: 'payouts.receive',
    call: async (w) => {
      await approvedSeller(w, true);
      return { path: '/api/stripe-connect/test-onboarding' };
    },
  },
  {
    method: 'POST',
    route: '/api/stripe-connect/test-onboarding/complete',
    guard: 'payouts.receive',
    call: async (w) => {
      await approvedSeller(w, true);
      return { path: '/api/stripe-connect/test-onboarding/complete' };
    },
  },

  // The store's administration (decision 0029): sellers, settings, figures.
  { method: 'GET', route: '/api/admin/sellers', guard: 'sellers.manage', call: () => ({ path: '/api/admin/sellers' }) },
  { method: 'POST', route: '/api/admin/sellers/:id/approve', guard: 'sellers.manage', call: async () => ({ path: `/api/admin/sellers/${(await createSeller(t.db, { status: 'pending' })).user.id}/approve` }) },
  { method: 'POST', route: '/api/admin/sellers/:id/reject', guard: 'sellers.manage', call: async () => ({ path: `/api/admin/sellers/${(await createSeller(t.db, { status: 'pending' })).user.id}/reject`, body: { reason: 'Walked' } }) },
  { method: 'POST', route: '/api/admin/sellers/:id/suspend', guard: 'sellers.manage', call: async () => ({ path: `/api/admin/sellers/${(await createSeller(t.db)).user.id}/suspend`, body: { reason: 'Walked' } }) },
  { method: 'POST', route: '/api/admin/sellers/:id/reinstate', guard: 'sellers.manage', call: async () => ({ path: `/api/admin/sellers/${(await createSeller(t.db, { status: 'suspended' })).user.id}/reinstate` }) },
  { method: 'GET', route: '/api/admin/store-settings', guard: 'store.settings', call: () => ({ path: '/api/admin/store-settings' }) },
  { method: 'PATCH', route: '/api/admin/store-settings', guard: 'store.settings', call: () => ({ path: '/api/admin/store-settings', body: { platform_fee_percent: 20 } }) },
  { method: 'GET', route: '/api/admin/store-stats', guard: 'resources.review', call: () => ({ path: '/api/admin/store-stats' }) },

  // The platform's settings: ADMIN all sections, store.settings holders the store's.
  { method: 'GET', route: '/api/admin/settings', guard: ['settings.manage', 'store.settings'], call: () => ({ path: '/api/admin/settings' }) },
  { method: 'PATCH', route: '/api/admin/settings', guard: ['settings.manage', 'store.settings'], call: () => ({ path: '/api/admin/settings', body: { platform_fee_percent: 20 } }) },
  { method: 'POST', route: '/api/admin/settings/test-email', guard: 'settings.manage', call: () => ({ path: '/api/admin/settings/test-email' }) },
  // The deployment's facts and checks.
  { method: 'GET', route: '/api/admin/deployment', guard: 'deployment.read', call: () => ({ path: '/api/admin/deployment' }) },
  { method: 'POST', route: '/api/admin/deployment/checks', guard: 'deployment.read', call: () => ({ path: '/api/admin/deployment/checks' }) },
  // The audit log's viewer and its CSV (decision 0033): ADMIN's alone.
  { method: 'GET', route: '/api/admin/audit-log', guard: 'audit.read', call: () => ({ path: '/api/admin/audit-log?action=coupon.update' }) },
  { method: 'GET', route: '/api/admin/audit-log/export.csv', guard: 'audit.read', call: () => ({ path: '/api/admin/audit-log/export.csv?from=2030-01-01' }) },

  // The curriculum store's resources (decision 0029): a seller's own, the reviewers' and curriculum admins'.
  {
    method: 'POST',
    route: '/api/resources',
    guard: 'store.sell',
    call: async (w) => {
      await approvedSeller(w);
      return { path: '/api/resources', body: { title: 'Walked plan', description: 'A lesson plan written by the permission walk.', dance_style: 'Jazz', age_group: 'All Ages', level: 'Beginner', price: '4.50' } };
    },
  },
  { method: 'PATCH', route: '/api/resources/:id', guard: ['store.sell', 'resources.manage'], call: async (w) => ({ path: `/api/resources/${(await ownResource(w)).id}`, body: { title: 'Walked again' } }) },
  { method: 'PATCH', route: '/api/resources/:id', variant: "someone else's resource", guard: 'resources.manage', call: async () => ({ path: `/api/resources/${(await othersResource()).id}`, body: { title: 'Walked again' } }) },
  { method: 'DELETE', route: '/api/resources/:id', guard: ['store.sell', 'resources.manage'], call: async (w) => ({ path: `/api/resources/${(await ownResource(w, { status: 'draft' })).id}` }) },
  { method: 'DELETE', route: '/api/resources/:id', variant: "someone else's resource", guard: 'resources.manage', call: async () => ({ path: `/api/resources/${(await othersResource()).id}` }) },
  {
    method: 'POST',
    route: '/api/resources/:id/files',
    guard: 'store.sell',
    call: async (w) => {
      const form = new FormData();
      form.append('files', new File(['Warm-up, barre, centre.'], 'walk-notes.txt', { type: 'text/plain' }));
      return { path: `/api/resources/${(await ownResource(w, { status: 'draft' })).id}/files`, form };
    },
  },
  {
    method: 'DELETE',
    route: '/api/resources/:id/files/:fileId',
    guard: 'store.sell',
    call: async (w) => {
      const r = await ownResource(w, { status: 'draft' });
      return { path: `/api/resources/${r.id}/files/${r.fileId}` };
    },
  },
  {
    method: 'POST',
    route: '/api/resources/:id/submit',
    guard: 'store.sell',
    call: async (w) => {
      await approvedSeller(w);
      return { path: `/api/resources/${(await ownResource(w, { status: 'draft' })).id}/submit` };
    },
  },
  { method: 'POST', route: '/api/resources/:id/archive', guard: ['store.sell', 'resources.manage'], call: async (w) => ({ path: `/api/resources/${(await ownResource(w)).id}/archive` }) },
  { method: 'POST', route: '/api/resources/:id/archive', variant: "someone else's resource", guard: 'resources.manage', call: async () => ({ path: `/api/resources/${(await othersResource()).id}/archive` }) },
  { method: 'POST', route: '/api/resources/:id/restore', guard: ['store.sell', 'resources.manage'], call: async (w) => ({ path: `/api/resources/${(await ownResource(w, { status: 'archived' })).id}/restore` }) },
  { method: 'POST', route: '/api/resources/:id/approve', guard: 'resources.review', call: async () => ({ path: `/api/resources/${(await othersResource({ status: 'submitted' })).id}/approve` }) },
  { method: 'POST', route: '/api/resources/:id/reject', guard: 'resources.review', call: async () => ({ path: `/api/resources/${(await othersResource({ status: 'submitted' })).id}/reject`, body: { reason: 'Walked' } }) },
  { method: 'POST', route: '/api/resources/:id/toggle-featured', guard: 'resources.manage', call: async () => ({ path: `/api/resources/${(await othersResource()).id}/toggle-featured` }) },
  { method: 'GET', route: '/api/curriculum-all', guard: ['resources.manage', 'resources.review'], call: () => ({ path: '/api/curriculum-all?status=submitted' }) },
  { method: 'GET', route: '/api/curriculum-all/export.csv', guard: ['resources.manage', 'resources.review'], call: () => ({ path: '/api/curriculum-all/export.csv?status=submitted' }) },
  { method: 'GET', route: '/api/resources/:id/access', guard: 'signed-in', call: async () => ({ path: `/api/resources/${(await othersResource()).id}/access` }) },
  { method: 'GET', route: '/api/resources/:id/download', guard: 'signed-in', call: async (w) => ({ path: `/api/resources/${(await ownedResource(w)).id}/download` }) },
  { method: 'GET', route: '/api/curriculum/:id/download', guard: 'signed-in', call: async (w) => ({ path: `/api/curriculum/${(await ownedResource(w)).id}/download` }) },
  { method: 'POST', route: '/api/resources/:id/claim', guard: 'signed-in', call: async () => ({ path: `/api/resources/${(await othersResource({ priceCents: 0 })).id}/claim` }) },
  { method: 'POST', route: '/api/resources/:id/reviews', guard: 'signed-in', call: async (w) => ({ path: `/api/resources/${(await ownedResource(w)).id}/reviews`, body: { rating: 5, body: 'Walked and liked it.' } }) },
  { method: 'POST', route: '/api/curriculum/:id/reviews', guard: 'signed-in', call: async (w) => ({ path: `/api/curriculum/${(await ownedResource(w)).id}/reviews`, body: { rating: 5, body: 'Walked and liked it.' } }) },
  {
    method: 'PATCH',
    route: '/api/resources/:id/reviews/:reviewId',
    guard: 'signed-in',
    call: async (w) => {
      const { resourceId, reviewId } = await ownReview(w);
      return { path: `/api/resources/${resourceId}/reviews/${reviewId}`, body: { rating: 3 } };
    },
  },
  {
    method: 'POST',
    route: '/api/resources/:id/reviews/:reviewId/reply',
    guard: 'signed-in',
    call: async (w) => {
      const r = await ownResource(w);
      const [row] = await t.db.insert(resourceReviews).values({ resourceId: r.id, userId: (await someone()).id, rating: 4, body: 'A buyer wrote this.' }).returning();
      return { path: `/api/resources/${r.id}/reviews/${row!.id}/reply`, body: { reply: 'Thank you!' } };
    },
  },
  { method: 'GET', route: '/api/my-resources', guard: 'signed-in', call: () => ({ path: '/api/my-resources' }) },

  // Course reviews (decision 0066): a learner who finished the course, its instructor's reply, an admin's hiding.
  { method: 'GET', route: '/api/courses/:id/reviews/mine', guard: 'signed-in', call: (w) => ({ path: `/api/courses/${w.course.id}/reviews/mine` }) },
  {
    method: 'POST',
    route: '/api/courses/:id/reviews',
    guard: 'signed-in',
    call: async (w) => {
      const course = await buildCourse(t.db);
      await t.db.insert(enrollments).values({ userId: w.user.id, courseId: course.id, source: 'free', completedAt: new Date().toISOString() });
      return { path: `/api/courses/${course.id}/reviews`, body: { rating: 5, body: 'Walked and finished it.' } };
    },
  },
  {
    method: 'POST',
    route: '/api/courses/:id/reviews/:reviewId/reply',
    guard: 'signed-in',
    call: async (w) => {
      const [row] = await t.db.insert(courseReviews).values({ courseId: w.course.id, userId: (await someone()).id, rating: 4 }).returning();
      return { path: `/api/courses/${w.course.id}/reviews/${row!.id}/reply`, body: { body: 'Thank you!' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/courses/:id/reviews/:reviewId',
    guard: 'course_reviews.moderate',
    call: async () => {
      const course = await buildCourse(t.db);
      const [row] = await t.db.insert(courseReviews).values({ courseId: course.id, userId: (await someone()).id, rating: 1 }).returning();
      return { path: `/api/courses/${course.id}/reviews/${row!.id}` };
    },
  },
  { method: 'POST', route: '/api/resource-categories', guard: 'resource_categories.manage', call: () => ({ path: '/api/resource-categories', body: { name: walkCategoryName() } }) },
  { method: 'PATCH', route: '/api/resource-categories/:id', guard: 'resource_categories.manage', call: async () => ({ path: `/api/resource-categories/${(await makeResourceCategory(t.db)).id}`, body: { name: walkCategoryName() } }) },
  { method: 'DELETE', route: '/api/resource-categories/:id', guard: 'resource_categories.manage', call: async () => ({ path: `/api/resource-categories/${(await makeResourceCategory(t.db)).id}` }) },

  // The account itself.
  { method: 'GET', route: '/api/me', guard: 'signed-in', call: () => ({ path: '/api/me' }) },
  { method: 'GET', route: '/api/user', guard: 'signed-in', call: () => ({ path: '/api/user' }) },
  { method: 'PATCH', route: '/api/me', guard: 'signed-in', call: () => ({ path: '/api/me', body: { bio: 'Walking the table.' } }) },
  { method: 'GET', route: '/api/me/sessions', guard: 'signed-in', call: () => ({ path: '/api/me/sessions' }) },
  { method: 'DELETE', route: '/api/me/sessions/:id', guard: 'signed-in', call: () => ({ path: '/api/me/sessions/999999' }) },
  { method: 'POST', route: '/api/me/sessions/revoke-others', guard: 'signed-in', call: () => ({ path: '/api/me/sessions/revoke-others' }) },
  { method: 'POST', route: '/api/me/password', guard: 'signed-in', call: () => ({ path: '/api/me/password', body: { current_password: 'wrong-password-1', new_password: 'another-password-2' } }) },
  { method: 'GET', route: '/api/upload/usage', guard: 'signed-in', call: () => ({ path: '/api/upload/usage' }) },
  { method: 'POST', route: '/api/upload', guard: 'signed-in', call: () => ({ path: '/api/upload', form: new FormData() }) },
  { method: 'POST', route: '/api/upload/profile', guard: 'signed-in', call: () => ({ path: '/api/upload/profile', form: new FormData() }) },
  // Last: it ends the session.
  { method: 'POST', route: '/api/logout', guard: 'signed-in', call: () => ({ path: '/api/logout' }) },

  // Public routes (no role involved; listed so the walk knows every route).
  ...(
    [
      ['GET', '/api/health'],
      ['GET', '/api/categories'],
      ['GET', '/api/courses'],
      ['GET', '/api/courses/:id'],
      ['GET', '/api/courses/:id/reviews'],
      ['GET', '/api/instructors/:id'],
      ['GET', '/api/users/:id'],
      ['GET', '/api/certificates/verify/:code'],
      ['POST', '/api/contact'],
      ['POST', '/api/login'],
      ['POST', '/api/register'],
      ['POST', '/api/enrollments/guest'],
      ['POST', '/api/password/forgot'],
      ['POST', '/api/password/reset'],
      ['GET', '/api/payments/mode'],
      ['POST', '/api/payments/webhook'],
      // A page's questions and a thread: a lesson's to its readers, a public page's to everyone (the page's rule, decision 0075).
      ['GET', '/api/community/questions'],
      ['GET', '/api/community/questions/:id'],
      ['GET', '/api/community/posts/:id/replies'],
      ['GET', '/api/sellers'],
      ['GET', '/api/sellers/:id'],
      ['POST', '/api/resources/:id/view'],
      ['GET', '/api/resources'],
      ['GET', '/api/resources/seller/:id'],
      ['GET', '/api/resources/category/:id'],
      ['GET', '/api/resources/files/:token'],
      ['GET', '/api/resources/:id'],
      ['GET', '/api/resources/:id/reviews'],
      // A published resource's stamped first pages (decision 0064).
      ['GET', '/api/resources/:id/preview'],
      // A visitor's checkout: the quote, and the order with its new account (decision 0065).
      ['POST', '/api/checkout/guest/quote'],
      ['POST', '/api/checkout/guest'],
      ['GET', '/api/curriculum'],
      ['GET', '/api/curriculum/:id'],
      ['GET', '/api/curriculum/:id/reviews'],
      ['GET', '/api/features'],
      ['GET', '/api/features/check/:feature'],
      ['GET', '/api/subscriptions/plans'],
      ['GET', '/api/dance-styles'],
      ['GET', '/api/zipcode-lookup/:zip'],
      ['GET', '/api/connect/instructors'],
      ['GET', '/api/connect/instructors/:id'],
      ['GET', '/api/connect/instructors/:id/reviews'],
      ['GET', '/api/connect/instructors/:id/slots'],
      ['GET', '/api/connect/calendar/:file'],
      // The API's description and its interactive reference (decision 0033).
      ['GET', '/api/openapi.json'],
      ['GET', '/api/docs'],
      // The site's name, contact and feature switches.
      ['GET', '/api/site-settings'],
    ] as const
  ).map(([method, route]): RouteCase => ({ method, route, guard: 'public' })),
];

const enrolments = new Map<number, BuiltCourse>();

/** A published course the user under test is enrolled in (one per user). */
async function enrolledIn(w: World): Promise<BuiltCourse> {
  let course = enrolments.get(w.user.id);
  if (!course) {
    course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'text' }, { type: 'quiz' }] }] });
    await t.db.insert(enrollments).values({ userId: w.user.id, courseId: course.id, source: 'free' });
    enrolments.set(w.user.id, course);
  }
  return course;
}
const enrolledCourse = async (w: World) => (await enrolledIn(w)).id;

/** A take of the user's own in their enrolled course, which offers feedback on takes. */
async function ownTake(w: World) {
  const course = await enrolledIn(w);
  await giveFeedbackSettings(t.db, course.id, { mode: 'included', includedReviews: 100 });
  return createTake(t.db, { userId: w.user.id, courseId: course.id, lessonId: course.lessons[0]!.id });
}
const ownFeedback = async (w: World) => createFeedbackRequest(t.db, await ownTake(w));
/** A video lesson with an uploaded clip in a course the user is enrolled in: the practice room opens there. */
async function practiceLesson(w: World): Promise<number> {
  const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'video', content: `/uploads/walk-${w.user.id}-${Math.random().toString(36).slice(2)}.mp4` }] }] });
  await t.db.insert(enrollments).values({ userId: w.user.id, courseId: course.id, source: 'free' });
  return course.lessons[0]!.id;
}
/** An open report of another learner's take, for the moderators' decision. */
async function practiceReport(w: World): Promise<number> {
  const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.course.lessons[0]!.id });
  const [row] = await t.db.insert(practiceReports).values({ targetKind: 'take', targetId: take.id, reporterId: null, reason: 'Walk' }).returning({ id: practiceReports.id });
  return row!.id;
}
/** A post of the learner's on a lesson of the user's own course (the user owns the page). */
async function communityPost(w: World, status: 'visible' | 'hidden' | 'pending' = 'visible'): Promise<number> {
  const lesson = w.course.lessons[0]!;
  const [row] = await t.db
    .insert(communityPosts)
    .values({ kind: 'question', targetKind: 'lesson', targetId: lesson.id, courseId: w.course.id, authorId: w.learner.id, title: 'A walk question', body: 'Walk', status, ...(status === 'hidden' ? { hiddenBy: w.user.id } : {}) })
    .returning({ id: communityPosts.id });
  return row!.id;
}
/** An answer under the learner's question on the user's own course (by the learner, or by `authorId`). */
async function communityAnswer(w: World, authorId = w.learner.id): Promise<number> {
  const question = await communityPost(w);
  const lesson = w.course.lessons[0]!;
  const [row] = await t.db
    .insert(communityPosts)
    .values({ kind: 'answer', targetKind: 'lesson', targetId: lesson.id, courseId: w.course.id, questionId: question, authorId, body: 'Walk' })
    .returning({ id: communityPosts.id });
  return row!.id;
}
/** An open report of the learner's post, for the moderators' decision. */
async function communityReport(w: World): Promise<number> {
  const [row] = await t.db.insert(communityReports).values({ postId: await communityPost(w), reporterId: null, reason: 'spam' }).returning({ id: communityReports.id });
  return row!.id;
}
/** A request of the learner's take in the user's own course. */
async function feedbackIn(w: World) {
  return createFeedbackRequest(t.db, await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.course.lessons[0]!.id }));
}

async function send(c: RouteCase, w: World): Promise<Response> {
  const call = await c.call!(w);
  const headers: Record<string, string> = { authorization: `Bearer ${w.token}` };
  if (call.form) return t.request(call.path, { method: c.method, headers, body: call.form });
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return t.request(call.path, { method: c.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
}

const label = (c: RouteCase) => `${c.method} ${c.route}${c.variant ? ` (${c.variant})` : ''}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the permission table against every route', () => {
  it('knows every API route of the app', () => {
    const declared = new Set<string>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
      declared.add(`${r.method} ${r.path}`);
    }
    const walked = new Set(ROUTE_CASES.map((c) => `${c.method} ${c.route}`));
    expect([...declared].filter((r) => !walked.has(r)).sort(), 'routes the walk does not know').toEqual([]);
    expect([...walked].filter((r) => !declared.has(r)).sort(), 'walked routes the app does not have').toEqual([]);
  });

  const protectedCases = ROUTE_CASES.filter((c) => c.guard !== 'public');

  it.each(protectedCases.map((c) => [label(c), c] as const))('%s answers 401 without a token', async (_, c) => {
    // As an island asks (a navigation to the subscription checkout without a token is sent to the plans page instead, decision 0031).
    const res = await t.request(c.anonymous ?? c.route.replace(/:[a-zA-Z]+/g, '1'), { method: c.method, headers: { accept: 'application/json' } });
    expect(res.status).toBe(401);
  });

  it.each([...ROLE_NAMES])('a user holding only %s gets 403 exactly where the table says', async (role: RoleName) => {
    const user = role === 'ADMIN' ? await createAdmin(t.db) : await createUser(t.db, { roles: [role] });
    // The walk is about roles: the user holds the highest plan, so no feature gate (decision 0031) answers for the table.
    await givePlan(t.db, user.id, 'royalty');
    const token = await signIn(t.db, user.id);
    const world: World = { user, token, course: await buildCourse(t.db, { instructorId: user.id }), learner: await someone() };
    const wrong: string[] = [];
    for (const c of protectedCases) {
      const res = await send(c, world);
      const guard = c.guard;
      const allowed = grants(guard, role);
      const ok = allowed ? res.status !== 403 && res.status !== 401 && res.status < 500 : res.status === 403;
      if (!ok) wrong.push(`${label(c)}: ${res.status} (${allowed ? 'allowed' : 'refused'} by the table) ${(await res.text()).slice(0, 120)}`);
    }
    expect(wrong, `${role}: ${[...PERMISSIONS[role]].join(', ') || 'no actions'}`).toEqual([]);
  });

  it('shows the email and roles of another user only to users.read_private', async () => {
    const target = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    for (const role of ROLE_NAMES) {
      const { token } = await createSignedInUser(t.db, { roles: [role] });
      const body = (await (await t.request(`/api/users/${target.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
      expect('email' in body, role).toBe(can([role], 'users.read_private'));
      expect('role' in body, role).toBe(can([role], 'users.read_private'));
    }
    const anonymous = (await (await t.request(`/api/users/${target.id}`)).json()) as Record<string, unknown>;
    expect(Object.keys(anonymous).sort()).toEqual(['badges', 'bio', 'first_name', 'id', 'last_name', 'profile_image_url', 'username']);
  });
});
