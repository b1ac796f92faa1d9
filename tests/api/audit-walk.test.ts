import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, certificates, certificateTemplates, communityMembers, communityPosts, communityReports, contactMessages, coupons, courseInvitations, danceStyles, feedbackRequests, practiceReports, subscriptionPlans } from '../../db/schema/index.ts';
import { AUDIT_ACTIONS } from '../../worker/src/domain/audit.ts';
import { createAdminTestApp } from '../support/admin-test-app.ts';
import { createInstructor, giveBooking } from '../support/booking-factories.ts';
import { createCourse, createEnrollment } from '../support/course-factories.ts';
import { buildCourse } from '../support/learning-factories.ts';
import { createUser, signIn, type FactoryUser } from '../support/factories.ts';
import { createFeedbackRequest, createNote, createTake } from '../support/feedback-factories.ts';
import { placeOrder } from '../support/order-factories.ts';
import { createSeller } from '../support/seller-factories.ts';
import { makeResource, makeResourceCategory, makeResourceFile } from '../support/store-factories.ts';
import { givePlan } from '../support/subscription-factories.ts';
import { insertInvoice, insertSubscription } from '../support/subscription-rows.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Decision 0033's audit walk: every admin (and sub-admin) write route, through the real app,
 * leaves exactly one audit entry naming its actor, action and entity, with the row before and
 * after read from the database; a refused request (400/403/404/409) leaves none.
 */

let t: TestApp;
let admin: FactoryUser;
let adminToken: string;

beforeAll(async () => ({ t, admin, adminToken } = await createAdminTestApp()));
afterAll(() => t.close());

type Snapshot = Record<string, unknown> | null;

interface Walk {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The entity's key, when known before the request (a creation's is read from the entry). */
  entityId?: number | string;
  /** The snapshots' telling difference. */
  check?: (before: Snapshot, after: Snapshot) => void;
  /** Someone other than the admin (a sub-admin). */
  actor?: { user: FactoryUser; token: string };
}

interface WalkCase {
  action: keyof typeof AUDIT_ACTIONS;
  /** Another case of the same action. */
  variant?: string;
  setup: () => Promise<Walk> | Walk;
  status?: number;
}

let codes = 0;
const code = () => `AUD${Date.now().toString(36).toUpperCase()}${++codes}`;
async function coupon(percentOff = 10): Promise<number> {
  const [row] = await t.db.insert(coupons).values({ code: code(), discountType: 'percent', percentOff }).returning();
  return row!.id;
}
async function contactMessage(): Promise<number> {
  const [row] = await t.db.insert(contactMessages).values({ name: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello there, a message.' }).returning();
  return row!.id;
}

let names = 0;
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)} ${++names}`;
async function category(): Promise<{ id: number; name: string }> {
  const [row] = await t.db.insert(categories).values({ name: uniqueName('Audit category') }).returning();
  return row!;
}
async function style(): Promise<{ id: number; name: string }> {
  const name = uniqueName('Audit style');
  const [row] = await t.db.insert(danceStyles).values({ name, slug: name.toLowerCase().replace(/ /g, '-') }).returning();
  return row!;
}
const inHours = (hours: number) => new Date(Math.ceil((Date.now() + hours * 3_600_000) / 3_600_000) * 3_600_000).toISOString();
/** A paid order of a course bought by a new user. */
async function paidOrder(): Promise<{ id: number; number: string }> {
  const course = await createCourse(t.db, { priceCents: 1500 });
  return placeOrder(t, (await createUser(t.db)).id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 1500 }], { paid: true });
}

/** Another seller's resource (published unless told), with one file. */
async function resource(options: Parameters<typeof makeResource>[1] = {}) {
  const r = await makeResource(t.db, options);
  await makeResourceFile(t, r.id);
  return r;
}

/** A signed-in user holding one role (a sub-admin, a plain instructor). */
async function someoneWith(role: 'INSTRUCTOR_ADMIN' | 'COURSE_CREATOR_ADMIN' | 'INSTRUCTOR') {
  const user = await createUser(t.db, { roles: [role] });
  // A plain instructor administers courses on a plan that includes it (decision 0031).
  if (role === 'INSTRUCTOR') await givePlan(t.db, user.id, 'educator');
  return { user, token: await signIn(t.db, user.id) };
}
/** A course of its own for a new sub-admin (by default INSTRUCTOR_ADMIN), with a module, lesson, quiz and questions. */
async function subAdminCourse(role: 'INSTRUCTOR_ADMIN' | 'COURSE_CREATOR_ADMIN' = 'INSTRUCTOR_ADMIN') {
  const actor = await someoneWith(role);
  return { actor, course: await buildCourse(t.db, { instructorId: actor.user.id }) };
}

async function certificate(): Promise<number> {
  const course = await buildCourse(t.db);
  const [row] = await t.db
    .insert(certificates)
    .values({ code: `DRX-${Math.random().toString(36).slice(2, 14).toUpperCase().padEnd(12, '0')}`, userId: (await createUser(t.db)).id, courseId: course.id })
    .returning();
  return row!.id;
}
async function template(): Promise<{ id: number; name: string }> {
  const [row] = await t.db.insert(certificateTemplates).values({ name: uniqueName('Audit template'), title: 'Certificate', body: '{learner}', createdBy: admin.id }).returning();
  return row!;
}

/** A learner's take sent for feedback in a course of no instructor (an admin answers it). */
async function feedbackToAnswer() {
  const course = await buildCourse(t.db);
  const learner = await createUser(t.db);
  return createFeedbackRequest(t.db, await createTake(t.db, { userId: learner.id, courseId: course.id, lessonId: course.lessons[0]!.id }));
}

/** A learner's post on a lesson of a course of no instructor (a moderator acts on it). */
async function communityPost(status: 'visible' | 'hidden' | 'pending'): Promise<number> {
  const course = await buildCourse(t.db);
  const [row] = await t.db
    .insert(communityPosts)
    .values({ kind: 'question', targetKind: 'lesson', targetId: course.lessons[0]!.id, courseId: course.id, authorId: (await createUser(t.db)).id, title: 'Audit me, a question', body: 'Audit me', status })
    .returning();
  return row!.id;
}

const changed = (field: string, from: unknown, to: unknown) => (before: Snapshot, after: Snapshot) => {
  expect(before?.[field]).toEqual(from);
  expect(after?.[field]).toEqual(to);
};
const created = (field: string, value: unknown) => (before: Snapshot, after: Snapshot) => {
  expect(before).toBeNull();
  expect(after?.[field]).toEqual(value);
};
const deleted = (field: string, value: unknown) => (before: Snapshot, after: Snapshot) => {
  expect(before?.[field]).toEqual(value);
  expect(after).toBeNull();
};

export const AUDIT_WALK: WalkCase[] = [
  // People and roles.
  {
    action: 'user.update',
    setup: async () => {
      const u = await createUser(t.db, { firstName: 'Before' });
      return { method: 'PATCH', path: `/api/users/${u.id}`, body: { first_name: 'After' }, entityId: u.id, check: changed('first_name', 'Before', 'After') };
    },
  },
  {
    action: 'user.deactivate',
    setup: async () => {
      const u = await createUser(t.db);
      return { method: 'PATCH', path: `/api/users/${u.id}`, body: { is_active: false }, entityId: u.id, check: changed('is_active', 1, 0) };
    },
  },
  {
    action: 'user.activate',
    setup: async () => {
      const u = await createUser(t.db, { isActive: false });
      return { method: 'PATCH', path: `/api/users/${u.id}`, body: { is_active: true }, entityId: u.id, check: changed('is_active', 0, 1) };
    },
  },
  {
    action: 'user.role_grant',
    setup: async () => {
      const u = await createUser(t.db, { roles: ['STUDENT'] });
      return { method: 'POST', path: `/api/users/${u.id}/roles`, body: { role: 'SELLER' }, entityId: u.id, check: changed('roles', 'STUDENT', 'SELLER,STUDENT') };
    },
  },
  {
    action: 'user.role_revoke',
    setup: async () => {
      const u = await createUser(t.db, { roles: ['STUDENT', 'SELLER'] });
      return { method: 'DELETE', path: `/api/users/${u.id}/roles/SELLER`, entityId: u.id, check: changed('roles', 'SELLER,STUDENT', 'STUDENT') };
    },
  },
  {
    action: 'contact_message.update',
    setup: async () => {
      const id = await contactMessage();
      return { method: 'PATCH', path: `/api/contact-messages/${id}`, body: { read: true }, entityId: id, check: (b, a) => expect([b?.read_at, typeof a?.read_at]).toEqual([null, 'string']) };
    },
  },
  {
    action: 'contact_message.delete',
    setup: async () => {
      const id = await contactMessage();
      return { method: 'DELETE', path: `/api/contact-messages/${id}`, entityId: id, check: deleted('subject', 'Hi') };
    },
  },
  // Courses and their parts: an admin on anyone's course, a sub-admin on their own.
  { action: 'course.create', status: 201, setup: async () => ({ method: 'POST', path: '/api/courses', body: { title: 'Audited course', description: 'A course made for the audit walk.', price: '0' }, actor: await someoneWith('COURSE_CREATOR_ADMIN'), check: created('title', 'Audited course') }) },
  {
    action: 'course.update',
    setup: async () => {
      const course = await buildCourse(t.db, { instructorId: (await createUser(t.db)).id });
      return { method: 'PATCH', path: `/api/courses/${course.id}`, body: { title: 'Retitled by the admin' }, entityId: course.id, check: changed('title', course.title, 'Retitled by the admin') };
    },
  },
  {
    action: 'course.update',
    variant: 'a sub-admin, their own, through the edit page',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      return { method: 'PUT', path: `/api/courses/${course.id}`, body: { title: 'Own edit', short_name: 'OE', description: 'A course edited by its sub-admin.', visible: false }, actor, entityId: course.id, check: changed('title', course.title, 'Own edit') };
    },
  },
  {
    action: 'course.delete',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      return { method: 'DELETE', path: `/api/courses/${course.id}`, actor, entityId: course.id, check: deleted('title', course.title) };
    },
  },
  {
    action: 'module.create',
    status: 201,
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      return { method: 'POST', path: '/api/modules', body: { courseId: course.id, title: 'Audited module', description: 'A module of the walk.' }, actor, check: created('title', 'Audited module') };
    },
  },
  {
    action: 'module.update',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const m = course.modules[0]!;
      return { method: 'PATCH', path: `/api/modules/${m.id}`, body: { title: 'Renamed module' }, actor, entityId: m.id, check: (b, a) => expect([typeof b?.title, a?.title]).toEqual(['string', 'Renamed module']) };
    },
  },
  {
    action: 'module.delete',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const m = course.modules[0]!;
      return { method: 'DELETE', path: `/api/modules/${m.id}`, actor, entityId: m.id, check: (b, a) => expect([b?.id, a]).toEqual([m.id, null]) };
    },
  },
  {
    action: 'lesson.create',
    status: 201,
    setup: async () => {
      const { actor, course } = await subAdminCourse('COURSE_CREATOR_ADMIN');
      return { method: 'POST', path: '/api/lessons', body: { moduleId: course.modules[0]!.id, title: 'Audited lesson', description: 'A lesson of the walk.', type: 'text', content: 'Text' }, actor, check: created('title', 'Audited lesson') };
    },
  },
  {
    action: 'lesson.update',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const l = course.lessons[0]!;
      return { method: 'PATCH', path: `/api/lessons/${l.id}`, body: { title: 'Renamed lesson' }, actor, entityId: l.id, check: (b, a) => expect([typeof b?.title, a?.title]).toEqual(['string', 'Renamed lesson']) };
    },
  },
  {
    action: 'lesson.delete',
    setup: async () => {
      const course = await buildCourse(t.db);
      const l = course.lessons[0]!;
      return { method: 'DELETE', path: `/api/lessons/${l.id}`, entityId: l.id, check: (b, a) => expect([b?.id, a]).toEqual([l.id, null]) };
    },
  },
  {
    action: 'quiz.create',
    status: 201,
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const lesson = course.lessons.find((l) => !course.quizzes.some((q) => q.lessonId === l.id));
      const target = lesson ?? course.lessons[0]!;
      if (!lesson) await t.client.execute({ sql: 'DELETE FROM quizzes WHERE lesson_id = ?', args: [target.id] });
      return { method: 'POST', path: '/api/quizzes', body: { lessonId: target.id, passScore: 80 }, actor, check: created('pass_score', 80) };
    },
  },
  {
    action: 'quiz.update',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const q = course.quizzes[0]!;
      return { method: 'PATCH', path: `/api/quizzes/${q.id}`, body: { passScore: 55 }, actor, entityId: q.id, check: (b, a) => expect(a?.pass_score).toBe(55) };
    },
  },
  {
    action: 'quiz.delete',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const q = course.quizzes[0]!;
      return { method: 'DELETE', path: `/api/quizzes/${q.id}`, actor, entityId: q.id, check: (b, a) => expect([b?.id, a]).toEqual([q.id, null]) };
    },
  },
  {
    action: 'quiz_question.create',
    status: 201,
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      return { method: 'POST', path: '/api/quiz-questions', body: { quizId: course.quizzes[0]!.id, question: 'Which foot?', options: ['Left', 'Right'], correctOption: 0 }, actor, check: created('question', 'Which foot?') };
    },
  },
  {
    action: 'quiz_question.update',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const q = course.quizzes[0]!.questions[0]!;
      return { method: 'PATCH', path: `/api/quiz-questions/${q.id}`, body: { question: 'Which foot leads?' }, actor, entityId: q.id, check: (b, a) => expect(a?.question).toBe('Which foot leads?') };
    },
  },
  {
    action: 'quiz_question.delete',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const q = course.quizzes[0]!.questions[0]!;
      return { method: 'DELETE', path: `/api/quiz-questions/${q.id}`, actor, entityId: q.id, check: (b, a) => expect([b?.id, a]).toEqual([q.id, null]) };
    },
  },
  // Enrolments made or removed by staff.
  {
    action: 'enrollment.create',
    status: 201,
    setup: async () => {
      const course = await buildCourse(t.db, { priceCents: 4900 });
      const learner = await createUser(t.db);
      return { method: 'POST', path: '/api/enrollments', body: { courseId: course.id, userId: learner.id }, check: created('source', 'admin') };
    },
  },
  {
    action: 'enrollment.delete',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const e = await createEnrollment(t.db, (await createUser(t.db)).id, course.id);
      return { method: 'DELETE', path: `/api/enrollments/${e.id}`, actor, entityId: e.id, check: (b, a) => expect([b?.id, a]).toEqual([e.id, null]) };
    },
  },
  // Invitations sent or withdrawn by staff.
  {
    action: 'invitation.create',
    status: 201,
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      return { method: 'POST', path: `/api/courses/${course.id}/invitations`, body: { email: 'audit-invitee@example.com' }, actor, check: created('email', 'audit-invitee@example.com') };
    },
  },
  {
    action: 'invitation.cancel',
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const [row] = await t.db.insert(courseInvitations).values({ courseId: course.id, email: 'audit-withdrawn@example.com' }).returning();
      return { method: 'DELETE', path: `/api/invitations/${row!.id}`, actor, entityId: row!.id, check: changed('status', 'pending', 'cancelled') };
    },
  },
  // Certificates and their templates.
  {
    action: 'certificate.issue',
    status: 201,
    setup: async () => {
      const { actor, course } = await subAdminCourse();
      const learner = await createUser(t.db);
      await createEnrollment(t.db, learner.id, course.id);
      return { method: 'POST', path: '/api/certificates', body: { userId: learner.id, courseId: course.id }, actor, check: created('user_id', learner.id) };
    },
  },
  {
    action: 'certificate.revoke',
    setup: async () => {
      const id = await certificate();
      return { method: 'POST', path: `/api/certificates/${id}/revoke`, body: { reason: 'Issued in error' }, entityId: id, check: changed('revoked_reason', null, 'Issued in error') };
    },
  },
  { action: 'certificate_template.create', status: 201, setup: () => ({ method: 'POST', path: '/api/certificate-templates', body: { name: 'Audit gold', title: 'Certificate', body: 'For {learner}' }, check: created('name', 'Audit gold') }) },
  {
    action: 'certificate_template.update',
    setup: async () => {
      const tpl = await template();
      return { method: 'PATCH', path: `/api/certificate-templates/${tpl.id}`, body: { name: `${tpl.name} II` }, entityId: tpl.id, check: changed('name', tpl.name, `${tpl.name} II`) };
    },
  },
  {
    action: 'certificate_template.delete',
    setup: async () => {
      const tpl = await template();
      return { method: 'DELETE', path: `/api/certificate-templates/${tpl.id}`, entityId: tpl.id, check: deleted('name', tpl.name) };
    },
  },
  // Course categories and dance styles.
  { action: 'category.create', status: 201, setup: () => ({ method: 'POST', path: '/api/categories', body: { name: 'Audit Quickstep' }, check: created('name', 'Audit Quickstep') }) },
  {
    action: 'category.update',
    setup: async () => {
      const c = await category();
      return { method: 'PATCH', path: `/api/categories/${c.id}`, body: { name: `${c.name} renamed` }, entityId: c.id, check: changed('name', c.name, `${c.name} renamed`) };
    },
  },
  {
    action: 'category.delete',
    setup: async () => {
      const c = await category();
      return { method: 'DELETE', path: `/api/categories/${c.id}`, entityId: c.id, check: deleted('name', c.name) };
    },
  },
  { action: 'dance_style.create', status: 201, setup: () => ({ method: 'POST', path: '/api/admin/dance-styles', body: { name: 'Audit Lindy' }, check: created('name', 'Audit Lindy') }) },
  {
    action: 'dance_style.update',
    setup: async () => {
      const d = await style();
      return { method: 'PATCH', path: `/api/admin/dance-styles/${d.id}`, body: { hidden: true }, entityId: d.id, check: changed('hidden', 0, 1) };
    },
  },
  {
    action: 'dance_style.update',
    variant: 'renamed',
    setup: async () => {
      const d = await style();
      return { method: 'PATCH', path: `/api/admin/dance-styles/${d.id}`, body: { name: `${d.name} II` }, entityId: d.id, check: changed('name', d.name, `${d.name} II`) };
    },
  },
  {
    action: 'dance_style.delete',
    setup: async () => {
      const d = await style();
      return { method: 'DELETE', path: `/api/admin/dance-styles/${d.id}`, entityId: d.id, check: deleted('name', d.name) };
    },
  },
  // Connect & Book.
  {
    action: 'booking.cancel',
    setup: async () => {
      const pro = await createInstructor(t.db);
      const b = await giveBooking(t.db, (await createUser(t.db)).id, pro.lessonTypes[0]!, { startsAt: inHours(72) });
      return { method: 'POST', path: `/api/admin/bookings/${b.id}/cancel`, body: { reason: 'Studio closed' }, entityId: b.id, check: changed('status', 'confirmed', 'cancelled') };
    },
  },
  {
    action: 'instructor.update',
    setup: async () => {
      const pro = await createInstructor(t.db);
      return { method: 'PATCH', path: `/api/admin/instructors/${pro.user.id}`, body: { verified: true }, entityId: pro.user.id, check: changed('verified', 0, 1) };
    },
  },
  {
    action: 'instructor.update',
    variant: 'suspended',
    setup: async () => {
      const pro = await createInstructor(t.db);
      return { method: 'PATCH', path: `/api/admin/instructors/${pro.user.id}`, body: { suspended: true, reason: 'Complaints' }, entityId: pro.user.id, check: changed('status', 'published', 'suspended') };
    },
  },
  // Orders.
  {
    action: 'order.refund',
    status: 201,
    setup: async () => {
      const order = await paidOrder();
      return { method: 'POST', path: `/api/admin/orders/${order.id}/refunds`, body: { amountCents: 500, reason: 'Goodwill' }, check: created('amount_cents', 500) };
    },
  },
  // Sellers.
  ...(
    [
      ['seller.approve', 'approve', 'pending', 'approved', undefined],
      ['seller.reject', 'reject', 'pending', 'rejected', { reason: 'Sample too short' }],
      ['seller.suspend', 'suspend', 'approved', 'suspended', { reason: 'Copied material' }],
      ['seller.reinstate', 'reinstate', 'suspended', 'approved', undefined],
    ] as const
  ).map(
    ([action, verb, from, to, body]): WalkCase => ({
      action,
      setup: async () => {
        const seller = await createSeller(t.db, { status: from });
        return { method: 'POST', path: `/api/admin/sellers/${seller.user.id}/${verb}`, body, entityId: seller.user.id, check: changed('status', from, to) };
      },
    }),
  ),
  // The curriculum store: reviews and curriculum admins' writes on others' resources, categories.
  {
    action: 'resource.approve',
    setup: async () => {
      const r = await resource({ status: 'submitted' });
      return { method: 'POST', path: `/api/resources/${r.id}/approve`, entityId: r.id, check: changed('status', 'submitted', 'published') };
    },
  },
  {
    action: 'resource.reject',
    setup: async () => {
      const r = await resource({ status: 'submitted' });
      return { method: 'POST', path: `/api/resources/${r.id}/reject`, body: { reason: 'Blurry scans' }, entityId: r.id, check: changed('rejection_reason', null, 'Blurry scans') };
    },
  },
  {
    action: 'resource.feature',
    setup: async () => {
      const r = await resource();
      return { method: 'POST', path: `/api/resources/${r.id}/toggle-featured`, entityId: r.id, check: changed('featured', 0, 1) };
    },
  },
  {
    action: 'resource.update',
    setup: async () => {
      const r = await resource();
      return { method: 'PATCH', path: `/api/resources/${r.id}`, body: { title: 'Retitled by staff' }, entityId: r.id, check: changed('title', r.title, 'Retitled by staff') };
    },
  },
  {
    action: 'resource.archive',
    setup: async () => {
      const r = await resource();
      return { method: 'POST', path: `/api/resources/${r.id}/archive`, entityId: r.id, check: changed('status', 'published', 'archived') };
    },
  },
  {
    action: 'resource.restore',
    setup: async () => {
      const r = await resource({ status: 'archived' });
      return { method: 'POST', path: `/api/resources/${r.id}/restore`, entityId: r.id, check: changed('status', 'archived', 'draft') };
    },
  },
  {
    action: 'resource.delete',
    setup: async () => {
      const r = await resource();
      return { method: 'DELETE', path: `/api/resources/${r.id}`, entityId: r.id, check: deleted('title', r.title) };
    },
  },
  { action: 'resource_category.create', status: 201, setup: () => ({ method: 'POST', path: '/api/resource-categories', body: { name: 'Audit Warm-ups' }, check: created('name', 'Audit Warm-ups') }) },
  {
    action: 'resource_category.update',
    setup: async () => {
      const c = await makeResourceCategory(t.db);
      return { method: 'PATCH', path: `/api/resource-categories/${c.id}`, body: { description: 'Audited' }, entityId: c.id, check: changed('description', c.description, 'Audited') };
    },
  },
  {
    action: 'resource_category.delete',
    setup: async () => {
      const c = await makeResourceCategory(t.db);
      return { method: 'DELETE', path: `/api/resource-categories/${c.id}`, entityId: c.id, check: deleted('name', c.name) };
    },
  },
  // The store's fee, written through the platform settings (their service audits settings.update).
  { action: 'settings.update', setup: () => ({ method: 'PATCH', path: '/api/admin/store-settings', body: { platform_fee_percent: 17 }, check: (b, a) => expect(String(a?.value)).toContain('17') }) },
  // Plans and subscriptions.
  {
    action: 'subscription_plan.update',
    setup: async () => {
      const [plan] = await t.db.select().from(subscriptionPlans).limit(1);
      return { method: 'PATCH', path: `/api/admin/subscription-plans/${plan!.id}`, body: { description: 'Audited description of the plan.' }, entityId: plan!.id, check: changed('description', plan!.description, 'Audited description of the plan.') };
    },
  },
  {
    action: 'subscription.cancel',
    setup: async () => {
      const sub = await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'educator' });
      return { method: 'POST', path: `/api/admin/subscriptions/${sub.id}/cancel`, body: { atPeriodEnd: true }, entityId: sub.id, check: changed('cancel_at_period_end', 0, 1) };
    },
  },
  {
    action: 'subscription.refund',
    setup: async () => {
      const sub = await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'educator' });
      await insertInvoice(t.db, sub);
      return { method: 'POST', path: `/api/admin/subscriptions/${sub.id}/refund`, body: { cancel: true }, entityId: sub.id, check: (b, a) => expect([b?.ended_at, typeof a?.ended_at]).toEqual([null, 'string']) };
    },
  },
  // Feedback on takes (decision 0070).
  {
    action: 'feedback.answer',
    setup: async () => {
      const request = await feedbackToAnswer();
      return { method: 'POST', path: `/api/practice/feedback/${request.id}/answer`, body: { verdict: 'approved', summary: 'Clean turns.' }, entityId: request.id, check: changed('status', 'waiting', 'answered') };
    },
  },
  {
    action: 'feedback_note.delete',
    status: 204,
    setup: async () => {
      const request = await feedbackToAnswer();
      const note = await createNote(t.db, request.id, admin.id, { body: 'Audit me' });
      return { method: 'DELETE', path: `/api/practice/feedback/${request.id}/notes/${note.id}`, entityId: note.id, check: deleted('body', 'Audit me') };
    },
  },
  // The practice room's takes and reports (decision 0070).
  {
    action: 'practice_take.delete',
    status: 204,
    setup: async () => {
      const course = await buildCourse(t.db);
      const take = await createTake(t.db, { userId: (await createUser(t.db)).id, courseId: course.id, lessonId: course.lessons[0]!.id });
      return { method: 'DELETE', path: `/api/practice/takes/${take.id}`, entityId: take.id, check: deleted('source', 'recorded') };
    },
  },
  ...(['dismiss', 'hide'] as const).map((decision) => ({
    action: `practice_report.${decision}` as const,
    setup: async (): Promise<Walk> => {
      const course = await buildCourse(t.db);
      const take = await createTake(t.db, { userId: (await createUser(t.db)).id, courseId: course.id, lessonId: course.lessons[0]!.id });
      const [report] = await t.db.insert(practiceReports).values({ targetKind: 'take', targetId: take.id, reporterId: null, reason: 'Audit me' }).returning();
      return {
        method: 'POST',
        path: `/api/admin/practice-reports/${report!.id}`,
        body: { action: decision },
        entityId: report!.id,
        check: changed('status', 'open', decision === 'hide' ? 'actioned' : 'dismissed'),
      };
    },
  })),
  // The community's moderation (decision 0075).
  ...(['hide', 'restore', 'approve', 'reject'] as const).map((verb) => ({
    action: `community_post.${verb}` as const,
    setup: async (): Promise<Walk> => {
      const from = verb === 'hide' ? 'visible' : verb === 'restore' ? 'hidden' : 'pending';
      const id = await communityPost(from);
      const path = verb === 'hide' || verb === 'restore' ? `/api/community/posts/${id}/${verb}` : `/api/admin/community/posts/${id}/${verb}`;
      return { method: 'POST', path, entityId: id, check: changed('status', from, verb === 'reject' ? 'deleted' : verb === 'hide' ? 'hidden' : 'visible') };
    },
  })),
  ...(['dismiss', 'hide', 'delete'] as const).map((decision) => ({
    action: `community_report.${decision}` as const,
    setup: async (): Promise<Walk> => {
      const [report] = await t.db.insert(communityReports).values({ postId: await communityPost('visible'), reporterId: null, reason: 'spam' }).returning();
      return { method: 'POST', path: `/api/admin/community/reports/${report!.id}`, body: { action: decision }, entityId: report!.id, check: changed('status', 'open', decision === 'dismiss' ? 'dismissed' : 'actioned') };
    },
  })),
  {
    action: 'community_post.delete',
    status: 204,
    setup: async (): Promise<Walk> => {
      const id = await communityPost('visible');
      return { method: 'DELETE', path: `/api/community/posts/${id}`, entityId: id, check: changed('status', 'visible', 'deleted') };
    },
  },
  {
    action: 'community_member.suspend',
    status: 201,
    setup: async () => {
      const member = await createUser(t.db);
      return { method: 'POST', path: '/api/admin/community/suspensions', body: { user_id: member.id, days: 7, reason: 'Audit me' }, entityId: member.id, check: created('suspended_reason', 'Audit me') };
    },
  },
  {
    action: 'community_member.lift',
    status: 204,
    setup: async () => {
      const member = await createUser(t.db);
      await t.db.insert(communityMembers).values({ userId: member.id, suspendedUntil: '2999-01-01T00:00:00.000Z', suspendedReason: 'Audit me' });
      return { method: 'DELETE', path: `/api/admin/community/suspensions/${member.id}`, entityId: member.id, check: changed('suspended_reason', 'Audit me', null) };
    },
  },
  // Coupons.
  { action: 'coupon.create', status: 201, setup: () => ({ method: 'POST', path: '/api/admin/coupons', body: { code: 'AUDITNEW', discountType: 'percent', percentOff: 15 }, check: created('percent_off', 15) }) },
  {
    action: 'coupon.update',
    setup: async () => {
      const id = await coupon(10);
      return { method: 'PATCH', path: `/api/admin/coupons/${id}`, body: { percentOff: 25 }, entityId: id, check: changed('percent_off', 10, 25) };
    },
  },
  {
    action: 'coupon.deactivate',
    setup: async () => {
      const id = await coupon();
      return { method: 'POST', path: `/api/admin/coupons/${id}/deactivate`, entityId: id, check: changed('active', 1, 0) };
    },
  },
];

/** Requests an admin route refuses: none may leave an entry. */
export const REFUSED: { name: string; status: number; setup: () => Promise<Walk> | Walk }[] = [
  { name: 'a coupon with a bad percentage', status: 400, setup: async () => ({ method: 'PATCH', path: `/api/admin/coupons/${await coupon()}`, body: { percentOff: 500 } }) },
  { name: 'a duplicate coupon code', status: 409, setup: async () => {
    const [row] = await t.db.insert(coupons).values({ code: code(), discountType: 'percent', percentOff: 5 }).returning();
    return { method: 'POST', path: '/api/admin/coupons', body: { code: row!.code, discountType: 'percent', percentOff: 5 } };
  } },
  { name: 'a role already held', status: 200, setup: async () => ({ method: 'POST', path: `/api/users/${(await createUser(t.db, { roles: ['SELLER'] })).id}/roles`, body: { role: 'SELLER' } }) },
  { name: "a user's last role", status: 409, setup: async () => ({ method: 'DELETE', path: `/api/users/${(await createUser(t.db, { roles: ['SELLER'] })).id}/roles/SELLER` }) },
  { name: 'deactivating oneself', status: 400, setup: () => ({ method: 'PATCH', path: `/api/users/${admin.id}`, body: { is_active: false } }) },
  { name: 'an answer to feedback without a verdict', status: 400, setup: async () => ({ method: 'POST', path: `/api/practice/feedback/${(await feedbackToAnswer()).id}/answer`, body: { summary: 'Nice' } }) },
  { name: 'feedback answered twice', status: 409, setup: async () => {
    const request = await feedbackToAnswer();
    await t.db.update(feedbackRequests).set({ status: 'answered', verdict: 'approved' }).where(eq(feedbackRequests.id, request.id));
    return { method: 'POST', path: `/api/practice/feedback/${request.id}/answer`, body: { verdict: 'try_again' } };
  } },
  { name: 'a community report already decided', status: 409, setup: async () => {
    const [report] = await t.db.insert(communityReports).values({ postId: await communityPost('visible'), reporterId: null, reason: 'spam', status: 'dismissed' }).returning();
    return { method: 'POST', path: `/api/admin/community/reports/${report!.id}`, body: { action: 'hide' } };
  } },
  { name: 'approving a community post that is not held', status: 409, setup: async () => ({ method: 'POST', path: `/api/admin/community/posts/${await communityPost('visible')}/approve` }) },
  { name: 'suspending a moderator from the community', status: 403, setup: async () => ({ method: 'POST', path: '/api/admin/community/suspensions', body: { user_id: (await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).id, days: 3, reason: 'No' } }) },
  { name: 'a missing contact message', status: 404, setup: () => ({ method: 'PATCH', path: '/api/contact-messages/999999', body: { read: true } }) },
  { name: 'a category name taken', status: 409, setup: async () => ({ method: 'POST', path: '/api/categories', body: { name: (await category()).name } }) },
  { name: 'a category in use', status: 409, setup: async () => {
    const c = await category();
    await createCourse(t.db, { categoryId: c.id });
    return { method: 'DELETE', path: `/api/categories/${c.id}` };
  } },
  { name: 'a dance style name taken', status: 409, setup: async () => ({ method: 'POST', path: '/api/admin/dance-styles', body: { name: (await style()).name } }) },
  { name: 'a booking already cancelled', status: 409, setup: async () => {
    const pro = await createInstructor(t.db);
    const b = await giveBooking(t.db, (await createUser(t.db)).id, pro.lessonTypes[0]!, { startsAt: inHours(72), status: 'cancelled' });
    return { method: 'POST', path: `/api/admin/bookings/${b.id}/cancel`, body: { reason: 'Again' } };
  } },
  { name: 'an instructor already suspended', status: 409, setup: async () => {
    const pro = await createInstructor(t.db, { status: 'suspended' });
    return { method: 'PATCH', path: `/api/admin/instructors/${pro.user.id}`, body: { suspended: true, reason: 'Again', verified: true } };
  } },
  { name: 'a refund larger than the order', status: 409, setup: async () => ({ method: 'POST', path: `/api/admin/orders/${(await paidOrder()).id}/refunds`, body: { amountCents: 999_999 } }) },
  { name: 'rejecting an approved seller', status: 409, setup: async () => ({ method: 'POST', path: `/api/admin/sellers/${(await createSeller(t.db)).user.id}/reject`, body: { reason: 'No' } }) },
  { name: 'a plan with nothing to change', status: 400, setup: () => ({ method: 'PATCH', path: '/api/admin/subscription-plans/2', body: {} }) },
  { name: 'a subscription with nothing to refund', status: 409, setup: async () => ({ method: 'POST', path: `/api/admin/subscriptions/${(await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'educator' })).id}/refund`, body: {} }) },
  { name: 'approving a resource that was not submitted', status: 409, setup: async () => ({ method: 'POST', path: `/api/resources/${(await resource({ status: 'draft' })).id}/approve` }) },
  { name: 'featuring a draft resource', status: 409, setup: async () => ({ method: 'POST', path: `/api/resources/${(await resource({ status: 'draft' })).id}/toggle-featured` }) },
  { name: 'a resource category name taken', status: 409, setup: async () => ({ method: 'POST', path: '/api/resource-categories', body: { name: (await makeResourceCategory(t.db)).name } }) },
  { name: "a sub-admin editing someone else's course", status: 403, setup: async () => {
    const course = await buildCourse(t.db);
    return { method: 'PATCH', path: `/api/courses/${course.id}`, body: { title: 'Not mine' }, actor: await someoneWith('INSTRUCTOR_ADMIN') };
  } },
  { name: 'a question whose correct option is out of range', status: 400, setup: async () => {
    const { actor, course } = await subAdminCourse();
    return { method: 'PATCH', path: `/api/quiz-questions/${course.quizzes[0]!.questions[0]!.id}`, body: { correctOption: 9 }, actor };
  } },
  { name: 'a second quiz on a lesson', status: 409, setup: async () => {
    const { actor, course } = await subAdminCourse();
    return { method: 'POST', path: '/api/quizzes', body: { lessonId: course.quizzes[0]!.lessonId, passScore: 70 }, actor };
  } },
  { name: 'revoking a certificate twice', status: 409, setup: async () => {
    const id = await certificate();
    await t.client.execute({ sql: "UPDATE certificates SET revoked_at = '2030-01-01T00:00:00.000Z' WHERE id = ?", args: [id] });
    return { method: 'POST', path: `/api/certificates/${id}/revoke`, body: { reason: 'Again' } };
  } },
  { name: 'a certificate for a learner not enrolled', status: 409, setup: async () => ({ method: 'POST', path: '/api/certificates', body: { userId: (await createUser(t.db)).id, courseId: (await buildCourse(t.db)).id } }) },
  { name: 'enrolling someone already enrolled', status: 200, setup: async () => {
    const course = await buildCourse(t.db);
    const learner = await createUser(t.db);
    await createEnrollment(t.db, learner.id, course.id);
    return { method: 'POST', path: '/api/enrollments', body: { courseId: course.id, userId: learner.id } };
  } },
  { name: 'a missing coupon', status: 404, setup: () => ({ method: 'POST', path: '/api/admin/coupons/999999/deactivate' }) },
  { name: 'a student changing a coupon', status: 403, setup: async () => {
    const student = await createUser(t.db);
    return { method: 'PATCH', path: `/api/admin/coupons/${await coupon()}`, body: { percentOff: 20 }, actor: { user: student, token: await signIn(t.db, student.id) } };
  } },
  { name: 'a student deleting a contact message', status: 403, setup: async () => {
    const student = await createUser(t.db);
    return { method: 'DELETE', path: `/api/contact-messages/${await contactMessage()}`, actor: { user: student, token: await signIn(t.db, student.id) } };
  } },
];

async function lastId(): Promise<number> {
  const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

async function send(w: Walk): Promise<Response> {
  return t.json(w.method, w.path, w.body, w.actor?.token ?? adminToken);
}

describe('every admin write leaves one audit entry', () => {
  for (const c of AUDIT_WALK) {
    it(`${c.action}${c.variant ? ` (${c.variant})` : ''}`, async () => {
      const w = await c.setup();
      const since = await lastId();
      const res = await send(w);
      expect(res.status, await res.clone().text()).toBe(c.status ?? 200);
      const entries = await t.db.select().from(auditLog).where(gt(auditLog.id, since));
      expect(entries).toHaveLength(1);
      const [entry] = entries;
      const actor = w.actor?.user ?? admin;
      expect(entry).toMatchObject({ actorId: actor.id, actorName: actor.username, action: c.action, entity: AUDIT_ACTIONS[c.action].entity });
      expect(entry!.summary.length).toBeGreaterThan(5);
      if (w.entityId !== undefined) expect(entry!.entityId).toBe(String(w.entityId));
      else expect(entry!.entityId).toMatch(/\S/);
      const parse = (s: string | null) => (s === null ? null : (JSON.parse(s) as Record<string, unknown>));
      w.check?.(parse(entry!.before), parse(entry!.after));
    });
  }
});

describe('a refused request leaves no entry', () => {
  for (const c of REFUSED) {
    it(c.name, async () => {
      const w = await c.setup();
      const since = await lastId();
      const res = await send(w);
      expect(res.status).toBe(c.status);
      expect(await t.db.select().from(auditLog).where(gt(auditLog.id, since))).toHaveLength(0);
    });
  }
});

/** A learner's, seller's or plain instructor's own work is the data itself (decision 0033): no entry. */
export const NOT_AUDITED: { name: string; setup: () => Promise<Walk> }[] = [
  {
    name: 'a plain instructor editing their own course',
    setup: async () => {
      const actor = await someoneWith('INSTRUCTOR');
      const course = await buildCourse(t.db, { instructorId: actor.user.id });
      return { method: 'PATCH', path: `/api/courses/${course.id}`, body: { title: 'Mine, changed' }, actor };
    },
  },
  {
    name: 'a plain instructor adding a module to their own course',
    setup: async () => {
      const actor = await someoneWith('INSTRUCTOR');
      const course = await buildCourse(t.db, { instructorId: actor.user.id });
      return { method: 'POST', path: '/api/modules', body: { courseId: course.id, title: 'Mine', description: 'My own module.' }, actor };
    },
  },
  {
    name: "a seller editing their own resource",
    setup: async () => {
      const seller = await createSeller(t.db);
      const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
      return { method: 'PATCH', path: `/api/resources/${r.id}`, body: { title: 'My own edit' }, actor: { user: seller.user, token: await signIn(t.db, seller.user.id) } };
    },
  },
];

describe("one's own work leaves no entry", () => {
  for (const c of NOT_AUDITED) {
    it(c.name, async () => {
      const w = await c.setup();
      const since = await lastId();
      const res = await send(w);
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      expect(await t.db.select().from(auditLog).where(gt(auditLog.id, since))).toHaveLength(0);
    });
  }
});

describe('the catalogue', () => {
  it('every action the viewer offers is walked above', () => {
    const walked = new Set(AUDIT_WALK.map((c) => c.action));
    expect(Object.keys(AUDIT_ACTIONS).filter((a) => !walked.has(a as keyof typeof AUDIT_ACTIONS))).toEqual([]);
  });
});
