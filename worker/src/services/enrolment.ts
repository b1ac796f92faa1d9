import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { courses, enrollments, orderItems, orders, users } from '../../../db/schema/index.ts';
import { canManageCourse, type CourseActor } from '../domain/courses.ts';
import { resumeLessonId } from '../domain/learning.ts';
import { can, denialMessage } from '../domain/permissions.ts';
import { hashPassword } from '../domain/password.ts';
import { AppError, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { USER_NOT_FOUND } from './admin-users.ts';
import { grantRoleByUsername, sessionForUsernameStatement } from './accounts.ts';
import { COURSE_NOT_FOUND } from './courses.ts';
import { emailHasAccount, freeUsername, usernameBaseFromEmail } from './new-accounts.ts';
import { uniqueViolation } from './db-errors.ts';
import { assertCourseLevel, reachesCourseLevel, type GateActor } from './feature-access.ts';
import { courseLevelFeature, unlockingPlan } from '../domain/features.ts';
import type { PlanKey } from '../domain/subscriptions.ts';
import { emptyOutline, emptyRecord, enrollmentOf, loadCourse, outlinesOf, recordsOf, type EnrollmentRow } from './learner-state.ts';
import { certificateRefs, courseSummaries, toEnrollmentView, progressView } from './learning-views.ts';
import { type EnrollmentView } from '../../../shared/learning-views.ts';
import { preparedOnce } from './prepared-batch.ts';
import { newSessionSecret } from './sessions.ts';
import { loadUserView } from './users.ts';
import { type UserView } from '../../../shared/users.ts';
import { audited, auditedIfStaff, type AuditActor } from './audit.ts';
import type { StudentEnrollment, MyEnrollment } from '../../../shared/enrolment.ts';

/**
 * Enrolment: a learner in a free course, an admin enrolling someone, a guest enrolling with a new
 * account; the lists of my enrolments and of a course's learners; removal.
 */

export { COURSE_NOT_FOUND } from './courses.ts';
export { USER_NOT_FOUND } from './admin-users.ts';

export const ENROLLMENT_NOT_FOUND = 'Enrollment not found';
export const PAYMENT_REQUIRED = 'This course must be purchased before you can enrol.';
export const EMAIL_REGISTERED = 'An account with this email already exists. Please sign in to enrol.';
export const ENROL_OTHERS_FORBIDDEN = 'Only an admin can enrol another user directly. Instructors invite learners by email.';
export const MANAGE_ENROLLMENTS_FORBIDDEN = "Only an admin or the course's instructor can see or change its enrolments.";

/** A paid course to buy; `includedIn` names the plan that includes it when it requires one (decision 0063). */
export type PaymentRequired = { message: string; cart: { type: 'COURSE'; itemId: number }; includedIn?: { plan: PlanKey; name: string } };
export type PaymentRequiredResult = { status: 402; body: PaymentRequired };
export type EnrollResult = { status: 200 | 201; enrollment: EnrollmentView } | PaymentRequiredResult;

const paymentRequired = (courseId: number, requiredLevel = 0): PaymentRequiredResult => {
  const feature = courseLevelFeature(requiredLevel);
  const plan = feature ? unlockingPlan(feature) : null;
  return {
    status: 402,
    body: { message: plan ? `${PAYMENT_REQUIRED} It is also included in the ${plan.name} plan.` : PAYMENT_REQUIRED, cart: { type: 'COURSE', itemId: courseId }, ...(plan ? { includedIn: { plan: plan.key, name: plan.name } } : {}) },
  };
};

const insertEnrollmentQuery = preparedOnce((db) =>
  db
    .insert(enrollments)
    .values({ userId: sql.placeholder('userId'), courseId: sql.placeholder('courseId'), source: sql.placeholder('source') })
    .onConflictDoNothing()
    .returning()
    .prepare(),
);

/** One statement: the unique (user, course) index decides, so concurrent calls make one row. */
async function insertEnrollment(db: Db, userId: number, courseId: number, source: EnrollmentRow['source']) {
  const [created] = await insertEnrollmentQuery(db).execute({ userId, courseId, source });
  if (created) return { status: 201 as const, enrollment: toEnrollmentView(created) };
  const existing = await enrollmentOf(db, userId, courseId);
  if (!existing) throw new Error('The enrolment could not be read back');
  return { status: 200 as const, enrollment: toEnrollmentView(existing) };
}

/** The usual case in one statement: a free published course the learner is not enrolled in yet. */
const insertFreeEnrollmentQuery = preparedOnce((db) =>
  db
    .insert(enrollments)
    .select(
      db
        .select(insertSelection(enrollments, { userId: sql.placeholder('userId'), courseId: courses.id, source: 'free' }))
        .from(courses)
        .where(
          and(
            eq(courses.id, sql.placeholder('courseId')),
            eq(courses.status, 'published'),
            lte(courses.priceCents, 0),
            eq(courses.requiredLevel, 0),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning()
    .prepare(),
);

/**
 * POST /api/enrollments {courseId}: a free published course at once; a paid one goes to the cart.
 * A course that requires a plan (required_level 20 or 30) is included in that plan and above
 * (decision 0063): a user whose plan reaches it enrols without paying (source 'plan'); below it,
 * a paid course may still be bought (402, with the plan that includes it) and a free one answers
 * the gate's 403. Admins pass every gate.
 */
export async function enrollSelf(db: Db, user: CourseActor & GateActor, courseId: number): Promise<EnrollResult> {
  const [created] = await insertFreeEnrollmentQuery(db).execute({ userId: user.id, courseId });
  if (created) return { status: 201, enrollment: toEnrollmentView(created) };
  // Not inserted: no such published course, a paid one, one that requires a plan, or enrolled already.
  const course = await loadCourse(db, courseId);
  if (!course || course.status !== 'published') throw notFound(COURSE_NOT_FOUND);
  if (course.priceCents > 0 || course.requiredLevel > 0) {
    const existing = await enrollmentOf(db, user.id, courseId);
    if (existing) return { status: 200, enrollment: toEnrollmentView(existing) };
    if (course.requiredLevel > 0 && reachesCourseLevel(user, course.requiredLevel)) return insertEnrollment(db, user.id, courseId, 'plan');
    if (course.priceCents > 0) return paymentRequired(courseId, course.requiredLevel);
    assertCourseLevel(user, course.requiredLevel);
  }
  return insertEnrollment(db, user.id, courseId, 'free');
}

/**
 * POST /api/enrollments {courseId, userId}: enrollments.enrol_directly (ADMIN) enrols someone,
 * paid course or not. Instructors invite by email instead (services/invitations.ts, decision 0013).
 */
export async function enrollOther(db: Db, actor: CourseActor & { username?: string }, courseId: number, userId: number): Promise<EnrollResult> {
  if (!can(actor.roles, 'enrollments.enrol_directly')) {
    if (userId === actor.id) return enrollSelf(db, actor, courseId);
    throw forbidden(ENROL_OTHERS_FORBIDDEN);
  }
  const course = await loadCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const [target] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound(USER_NOT_FOUND);
  // An admin's enrolment of someone is audited in its own batch (decision 0033); enrolled already changes nothing.
  const [rows] = (await db.batch(
    audited(db, auditActorOf(actor), { action: 'enrollment.create', table: enrollments, id: 'new', summary: `Enrolled ${target.username} in “${course.title}”.` }, [
      db.insert(enrollments).values({ userId, courseId, source: 'admin' }).onConflictDoNothing().returning(),
    ]),
  )) as [EnrollmentRow[]];
  if (rows[0]) return { status: 201, enrollment: toEnrollmentView(rows[0]) };
  const existing = await enrollmentOf(db, userId, courseId);
  if (!existing) throw new Error('The enrolment could not be read back');
  return { status: 200, enrollment: toEnrollmentView(existing) };
}

export interface GuestEnrollment {
  access_token: string;
  user: UserView;
  enrollment: EnrollmentView;
}

/**
 * POST /api/enrollments/guest: a visitor enrols in a free course by creating a STUDENT account,
 * and is signed in. Account, role, session and enrolment are one batch: all or nothing. A paid
 * course answers 402 before anything is written.
 */
export async function enrollGuest(
  db: Db,
  input: { courseId: number; first_name: string; last_name: string; email: string; password: string },
  sessionTtlHours: number,
): Promise<GuestEnrollment | PaymentRequiredResult> {
  const course = await loadCourse(db, input.courseId);
  if (!course || course.status !== 'published') throw notFound(COURSE_NOT_FOUND);
  // A new account is on the free plan: a paid course is bought (with the plan that includes it named),
  // a free course that requires a plan is refused before anything is written.
  if (course.priceCents > 0) return paymentRequired(course.id, course.requiredLevel);
  assertCourseLevel(null, course.requiredLevel);
  const email = input.email.toLowerCase();
  if (await emailHasAccount(db, email)) throw conflict(EMAIL_REGISTERED);
  const passwordHash = await hashPassword(input.password);
  const base = usernameBaseFromEmail(email);
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await freeUsername(db, base);
    const session = await newSessionSecret(sessionTtlHours);
    // The statements after the insert find the new row by name and (salted, unique) hash.
    const thisAccount = and(sql`lower(${users.username}) = lower(${username})`, eq(users.passwordHash, passwordHash));
    try {
      const [inserted] = await db.batch([
        db
          .insert(users)
          .values({ username, email, passwordHash, firstName: input.first_name, lastName: input.last_name })
          .returning({ id: users.id }),
        grantRoleByUsername(db, username, 'STUDENT', passwordHash),
        sessionForUsernameStatement(db, username, session, passwordHash),
        db
          .insert(enrollments)
          .select(db.select(insertSelection(enrollments, { userId: users.id, courseId: course.id, source: 'guest' })).from(users).where(thisAccount)),
      ]);
      const userId = inserted[0]!.id;
      const [user, enrollment] = await Promise.all([loadUserView(db, userId), enrollmentOf(db, userId, course.id)]);
      if (!user || !enrollment) throw new Error('The guest account could not be read back');
      return { access_token: session.token, user, enrollment: toEnrollmentView(enrollment) };
    } catch (err) {
      const index = uniqueViolation(err);
      if (index === 'users_email_unique') throw conflict(EMAIL_REGISTERED);
      if (index === 'users_username_unique') continue; // taken meanwhile: pick another name
      throw err;
    }
  }
  throw new AppError(409, 'Could not choose a username. Please try again.');
}

/** GET /api/enrollments: my enrolments with course summary, progress and where to continue. */
export async function listMyEnrollments(db: Db, userId: number): Promise<MyEnrollment[]> {
  const rows = await db.select().from(enrollments).where(eq(enrollments.userId, userId)).orderBy(desc(enrollments.updatedAt), desc(enrollments.id));
  const courseIds = rows.map((r) => r.courseId);
  const [outlines, summaries, records, certs] = await Promise.all([
    outlinesOf(db, courseIds),
    courseSummaries(db, courseIds),
    recordsOf(db, [userId], courseIds),
    certificateRefs(db, [userId], courseIds),
  ]);
  const record = records.get(userId) ?? emptyRecord();
  return rows.flatMap((row) => {
    const course = summaries.get(row.courseId);
    if (!course) return [];
    const outline = outlines.get(row.courseId) ?? emptyOutline();
    return [
      {
        ...toEnrollmentView(row),
        ...progressView(outline, record),
        course,
        resume_lesson_id: resumeLessonId(outline, record, row.lastLessonId),
        certificate: certs.get(`${userId}:${row.courseId}`) ?? null,
      },
    ];
  });
}

async function studentEnrollments(db: Db, courseIds: number[]): Promise<StudentEnrollment[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .select({
      enrollment: enrollments,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      courseTitle: courses.title,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(inArray(enrollments.courseId, courseIds))
    .orderBy(asc(courses.title), desc(enrollments.createdAt), desc(enrollments.id));
  const userIds = [...new Set(rows.map((r) => r.enrollment.userId))];
  const [outlines, records, certs] = await Promise.all([
    outlinesOf(db, courseIds),
    recordsOf(db, userIds, courseIds),
    certificateRefs(db, userIds, courseIds),
  ]);
  return rows.map((r) => {
    const e = r.enrollment;
    const record = records.get(e.userId) ?? emptyRecord();
    return {
      ...toEnrollmentView(e),
      ...progressView(outlines.get(e.courseId) ?? emptyOutline(), record),
      user: { id: e.userId, username: r.username, first_name: r.firstName, last_name: r.lastName, email: r.email },
      course: { id: e.courseId, title: r.courseTitle },
      certificate: certs.get(`${e.userId}:${e.courseId}`) ?? null,
    };
  });
}

/** GET /api/enrollments?courseId=: who is enrolled in a course I manage and how far they got. */
export async function listCourseEnrollments(db: Db, actor: CourseActor, courseId: number): Promise<StudentEnrollment[]> {
  const course = await loadCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!canManageCourse(actor, course)) throw forbidden(MANAGE_ENROLLMENTS_FORBIDDEN);
  return studentEnrollments(db, [courseId]);
}

/** GET /api/instructor/enrollments: every enrolment in the courses I teach (/instructor/students). */
export async function listTeachingEnrollments(db: Db, actor: CourseActor): Promise<StudentEnrollment[]> {
  const mine = await db.select({ id: courses.id }).from(courses).where(eq(courses.instructorId, actor.id));
  return studentEnrollments(
    db,
    mine.map((c) => c.id),
  );
}

/** The paid order a removed enrolment came from, with what is left to refund, for the admin's refund. */
export interface RefundableOrder {
  id: number;
  number: string;
  status: string;
  /** What the order may still give back (cents): its total less what was refunded. */
  refundable_cents: number;
  /** The existing refund route of the order (orders.refund). */
  refund_path: string;
}

/** DELETE /api/enrollments/{id}'s answer; `refundable_order` only when a paid enrolment was removed. */
export interface RemovedEnrollment {
  message: 'Enrollment removed';
  refundable_order?: RefundableOrder | null;
}

const PAID_ORDER_STATUSES = ['paid', 'partially_refunded'] as const;

/** The learner's latest paid order with a line of this course still in force, or null. */
async function paidOrderFor(db: Db, userId: number, courseId: number) {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, totalCents: orders.totalCents, refundedCents: orders.refundedCents })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, PAID_ORDER_STATUSES),
        eq(orderItems.kind, 'COURSE'),
        eq(orderItems.itemId, courseId),
        isNull(orderItems.revokedAt),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return order ?? null;
}

/**
 * DELETE /api/enrollments/{id}: ADMIN or the course's instructor. Progress stays, so enrolling
 * again resumes. An enrolment the learner paid for (a paid order line, or a plan that opens the
 * course) is removed only with enrollments.remove_purchased (decision 0058): always audited, and
 * answered with the order to refund through the refund route. Free and invited enrolments stay
 * the instructor's to remove.
 */
export async function removeEnrollment(db: Db, actor: CourseActor & { username?: string }, id: number): Promise<RemovedEnrollment> {
  const [row] = await db
    .select({
      id: enrollments.id,
      instructorId: courses.instructorId,
      title: courses.title,
      userId: enrollments.userId,
      courseId: enrollments.courseId,
      source: enrollments.source,
      requiredLevel: courses.requiredLevel,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, id))
    .limit(1);
  if (!row) throw notFound(ENROLLMENT_NOT_FOUND);
  if (!canManageCourse(actor, { instructorId: row.instructorId })) throw forbidden(MANAGE_ENROLLMENTS_FORBIDDEN);
  const order = await paidOrderFor(db, row.userId, row.courseId);
  // A plan opens a course above level 0: a learner's own enrolment there came with their subscription
  // ('plan' since decision 0063; 'free' before it).
  const purchased = row.source === 'purchase' || row.source === 'plan' || order !== null || (row.source === 'free' && row.requiredLevel > 0);
  if (!purchased) {
    await db.batch(
      auditedIfStaff(db, auditActorOf(actor), { action: 'enrollment.delete', table: enrollments, id, summary: `Removed user #${row.userId} from “${row.title}” (progress kept).` }, [
        db.delete(enrollments).where(eq(enrollments.id, id)),
      ]),
    );
    return { message: 'Enrollment removed' };
  }
  if (!can(actor.roles, 'enrollments.remove_purchased')) throw forbidden(denialMessage('enrollments.remove_purchased'));
  const refundable = order ? order.totalCents - order.refundedCents : 0;
  const paidBy = order ? `order ${order.number}` : row.source === 'purchase' ? 'a purchase' : 'a plan';
  await db.batch(
    audited(
      db,
      auditActorOf(actor),
      {
        action: 'enrollment.delete',
        table: enrollments,
        id,
        summary: `Removed user #${row.userId} from “${row.title}”, paid by ${paidBy}, without a refund (progress kept).`,
      },
      [db.delete(enrollments).where(eq(enrollments.id, id))],
    ),
  );
  return {
    message: 'Enrollment removed',
    refundable_order:
      order && refundable > 0
        ? { id: order.id, number: order.number, status: order.status, refundable_cents: refundable, refund_path: `/api/admin/orders/${order.id}/refunds` }
        : null,
  };
}

/** The actor as the audit log names them. */
function auditActorOf(actor: CourseActor & { username?: string }): AuditActor {
  return { id: actor.id, roles: [...actor.roles], username: actor.username ?? `user ${actor.id}` };
}

