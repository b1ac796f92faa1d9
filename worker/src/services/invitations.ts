import { assertCourseLevel, type GateActor } from './feature-access.ts';
import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { courseInvitations, courses, enrollments, users } from '../../../db/schema/index.ts';
import { canManageCourse, type CourseActor } from '../domain/courses.ts';
import { can, denialMessage } from '../domain/permissions.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { publicLink } from '../platform/public-url.ts';
import { COURSE_NOT_FOUND } from './courses.ts';
import { notify, sendNotificationEmail } from './notifications.ts';
import { isStaffActor } from '../domain/audit.ts';
import { auditedIfStaff, type AuditActor } from './audit.ts';
import type { InvitationView, MyInvitation } from '../../../shared/invitations.ts';

/**
 * Instructors add learners by invitation (decision 0013): the instructor names an email, the
 * person holding an account with that email sees the invitation in the app (and gets an email
 * through the outbox), and is enrolled only when they accept. Nobody is enrolled by id without
 * their consent, and the instructor never learns whether an email has an account.
 */

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITE_FORBIDDEN = denialMessage('enrollments.invite');
export const COURSE_ARCHIVED = 'This course is archived and cannot take new learners.';
export const ALREADY_ENROLLED = 'This learner is already enrolled in the course.';
export const INVITATION_CLOSED = 'This invitation is no longer open.';

type InvitationRow = typeof courseInvitations.$inferSelect;

async function managedCourse(db: Db, actor: CourseActor, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, title: courses.title, status: courses.status, instructorId: courses.instructorId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!can(actor.roles, 'enrollments.invite') || !canManageCourse(actor, course)) throw forbidden(INVITE_FORBIDDEN);
  return course;
}

const managerView = {
  id: courseInvitations.id,
  courseId: courses.id,
  courseTitle: courses.title,
  email: courseInvitations.email,
  status: courseInvitations.status,
  createdAt: courseInvitations.createdAt,
  respondedAt: courseInvitations.respondedAt,
};

type ManagerRow = Pick<InvitationRow, 'id' | 'courseId' | 'email' | 'status' | 'createdAt' | 'respondedAt'> & { courseTitle: string };

function toView(r: ManagerRow): InvitationView {
  return {
    id: r.id,
    course: { id: r.courseId, title: r.courseTitle },
    email: r.email,
    status: r.status,
    created_at: r.createdAt,
    responded_at: r.respondedAt,
  };
}

async function invitationView(db: Db, id: number): Promise<InvitationView> {
  const [row] = await db.select(managerView).from(courseInvitations).innerJoin(courses, eq(courses.id, courseInvitations.courseId)).where(eq(courseInvitations.id, id));
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  return toView(row);
}

/**
 * POST /api/courses/{id}/invitations. Draft and published courses take invitations (an instructor
 * may pilot a draft with a few learners); archived ones do not. Inviting the same email again
 * re-opens a declined or cancelled invitation and leaves a pending one as it is (one row per
 * course and email, by its unique index). The email goes through the outbox.
 */
/** The actor as the audit log names them: staff's invitations are audited, a plain instructor's are not. */
const auditActorOf = (actor: CourseActor & { username?: string }): AuditActor => ({ id: actor.id, roles: [...actor.roles], username: actor.username ?? `user ${actor.id}` });

export async function inviteLearner(
  platform: Pick<Platform, 'db' | 'env'>,
  actor: CourseActor & { username?: string },
  courseId: number,
  email: string,
): Promise<{ created: boolean; invitation: InvitationView }> {
  const db = platform.db;
  const course = await managedCourse(db, actor, courseId);
  if (course.status === 'archived') throw conflict(COURSE_ARCHIVED);
  const [enrolled] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.courseId, courseId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (enrolled) throw conflict(ALREADY_ENROLLED);

  const summary = `Invited ${email} to “${course.title}”.`;
  const [insertedRows] = (await db.batch(
    auditedIfStaff(db, auditActorOf(actor), { action: 'invitation.create', table: courseInvitations, id: 'new', summary }, [
      db.insert(courseInvitations).values({ courseId, email, invitedBy: actor.id }).onConflictDoNothing().returning({ id: courseInvitations.id }),
    ]),
  )) as [{ id: number }[]];
  let id = insertedRows[0]?.id;
  if (id === undefined) {
    // One exists: re-open it unless it is pending (nothing to do) or accepted (the learner may have left since).
    const [existingRow] = await db
      .select({ id: courseInvitations.id })
      .from(courseInvitations)
      .where(and(eq(courseInvitations.courseId, courseId), eq(courseInvitations.email, email)));
    const results = await db.batch(
      auditedIfStaff(db, auditActorOf(actor), { action: 'invitation.create', table: courseInvitations, id: existingRow?.id ?? 0, summary: `${summary} (again)` }, [
        db
          .update(courseInvitations)
          .set({ status: 'pending', invitedBy: actor.id, createdAt: sqlNow, respondedAt: null })
          .where(and(eq(courseInvitations.courseId, courseId), eq(courseInvitations.email, email), sql`${courseInvitations.status} <> 'pending'`))
          .returning({ id: courseInvitations.id }),
      ]),
    );
    const [reopened] = results[isStaffActor(actor.roles) ? 1 : 0] as { id: number }[];
    if (!reopened) {
      const [existing] = await db
        .select({ id: courseInvitations.id })
        .from(courseInvitations)
        .where(and(eq(courseInvitations.courseId, courseId), eq(courseInvitations.email, email)));
      return { created: false, invitation: await invitationView(db, existing!.id) };
    }
    id = reopened.id;
  }
  // An address with an account hears of it in-app too, each as its owner chose (decision 0033).
  const subject = `You are invited to “${course.title}” on DRX`;
  const text =
    `You have been invited to the course “${course.title}” on DRX.\n\n` +
    `Sign in (or create an account with this email address) and open My Courses to accept or decline:\n` +
    `${publicLink(platform.env, '/my-courses')}\n`;
  const [invitee] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (invitee) {
    await notify(platform, { userId: invitee.id, kind: 'course-invitation', title: subject, body: `Accept or decline it under My Courses.`, url: '/my-courses' }, { to: email, subject, text });
  } else {
    await sendNotificationEmail(platform, null, 'course-invitation', { to: email, subject, text });
  }
  return { created: true, invitation: await invitationView(db, id) };
}

/** GET /api/courses/{id}/invitations: the course's invitations, newest first. */
export async function listCourseInvitations(db: Db, actor: CourseActor, courseId: number): Promise<InvitationView[]> {
  await managedCourse(db, actor, courseId);
  const rows = await db
    .select(managerView)
    .from(courseInvitations)
    .innerJoin(courses, eq(courses.id, courseInvitations.courseId))
    .where(eq(courseInvitations.courseId, courseId))
    .orderBy(desc(courseInvitations.createdAt), desc(courseInvitations.id));
  return rows.map(toView);
}

/** GET /api/instructor/invitations: invitations to every course I teach. */
export async function listTeachingInvitations(db: Db, actor: CourseActor): Promise<InvitationView[]> {
  const rows = await db
    .select(managerView)
    .from(courseInvitations)
    .innerJoin(courses, eq(courses.id, courseInvitations.courseId))
    .where(eq(courses.instructorId, actor.id))
    .orderBy(desc(courseInvitations.createdAt), desc(courseInvitations.id))
    .limit(500);
  return rows.map(toView);
}

/** DELETE /api/invitations/{id}: the course's manager withdraws a pending invitation. */
export async function cancelInvitation(db: Db, actor: CourseActor & { username?: string }, id: number): Promise<InvitationView> {
  const [row] = await db.select().from(courseInvitations).where(eq(courseInvitations.id, id)).limit(1);
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  await managedCourse(db, actor, row.courseId);
  const results = await db.batch(
    auditedIfStaff(db, auditActorOf(actor), { action: 'invitation.cancel', table: courseInvitations, id, summary: `Withdrew the invitation of ${row.email} to course #${row.courseId}.` }, [
      db
        .update(courseInvitations)
        .set({ status: 'cancelled', respondedAt: sqlNow })
        .where(and(eq(courseInvitations.id, id), eq(courseInvitations.status, 'pending')))
        .returning({ id: courseInvitations.id }),
    ]),
  );
  const [updated] = results[isStaffActor(actor.roles) ? 1 : 0] as { id: number }[];
  if (!updated) throw conflict(INVITATION_CLOSED);
  return invitationView(db, id);
}

async function myEmail(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ? row.email.toLowerCase() : null;
}

/** GET /api/me/invitations: pending invitations sent to my account's email. */
export async function listMyInvitations(db: Db, userId: number): Promise<MyInvitation[]> {
  const email = await myEmail(db, userId);
  if (!email) return [];
  const rows = await db
    .select({
      id: courseInvitations.id,
      createdAt: courseInvitations.createdAt,
      invitedBy: courseInvitations.invitedBy,
      courseId: courses.id,
      title: courses.title,
      description: courses.description,
      imageUrl: courses.imageUrl,
      status: courses.status,
    })
    .from(courseInvitations)
    .innerJoin(courses, eq(courses.id, courseInvitations.courseId))
    .where(and(eq(courseInvitations.email, email), eq(courseInvitations.status, 'pending'), sql`${courses.status} <> 'archived'`))
    .orderBy(desc(courseInvitations.createdAt), desc(courseInvitations.id));
  const inviterIds = [...new Set(rows.map((r) => r.invitedBy).filter((v): v is number => v !== null))];
  const inviters = inviterIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(inArray(users.id, inviterIds))
    : [];
  const names = new Map(inviters.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.username]));
  return rows.map((r) => ({
    id: r.id,
    course: { id: r.courseId, title: r.title, description: r.description, image_url: r.imageUrl, status: r.status },
    invited_by: r.invitedBy !== null && names.has(r.invitedBy) ? { id: r.invitedBy, name: names.get(r.invitedBy)! } : null,
    created_at: r.createdAt,
  }));
}

/** A pending invitation addressed to this user's email, else 404 (someone else's invitation is not found, not forbidden). */
async function myPendingInvitation(db: Db, userId: number, id: number): Promise<InvitationRow> {
  const email = await myEmail(db, userId);
  const [row] = await db.select().from(courseInvitations).where(eq(courseInvitations.id, id)).limit(1);
  if (!row || !email || row.email !== email) throw notFound(INVITATION_NOT_FOUND);
  if (row.status !== 'pending') throw conflict(INVITATION_CLOSED);
  return row;
}

/**
 * POST /api/me/invitations/{id}/accept: enrols me (source 'instructor') and closes the invitation
 * in one batch; the enrolment insert does nothing when I am enrolled already, and the status
 * change only happens while the invitation is still pending, so a double click enrols once.
 */
export async function acceptInvitation(
  db: Db,
  userId: number,
  id: number,
  /** The accepting user's roles and plan: a course that requires a plan needs it (decision 0031); none counts as free. */
  gate: GateActor | null = null,
): Promise<{ course_id: number; enrollment_id: number }> {
  const row = await myPendingInvitation(db, userId, id);
  const [course] = await db.select({ status: courses.status, requiredLevel: courses.requiredLevel }).from(courses).where(eq(courses.id, row.courseId)).limit(1);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (course.status === 'archived') throw conflict(COURSE_ARCHIVED);
  // The invitation stays pending: the learner may accept it once their plan reaches the course.
  assertCourseLevel(gate, course.requiredLevel);
  const [updated] = await db.batch([
    db
      .update(courseInvitations)
      .set({ status: 'accepted', respondedAt: sqlNow })
      .where(and(eq(courseInvitations.id, id), eq(courseInvitations.status, 'pending')))
      .returning({ id: courseInvitations.id }),
    db
      .insert(enrollments)
      .select(
        db
          .select(insertSelection(enrollments, { userId, courseId: row.courseId, source: 'instructor' }))
          .from(sql`(SELECT 1)`)
          .where(exists(db.select({ one: sql`1` }).from(courseInvitations).where(and(eq(courseInvitations.id, id), eq(courseInvitations.status, 'accepted'))))),
      )
      .onConflictDoNothing(),
  ]);
  if (updated.length === 0) throw conflict(INVITATION_CLOSED);
  const [enrollment] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, row.courseId)))
    .limit(1);
  if (!enrollment) throw new Error('The enrolment could not be read back');
  return { course_id: row.courseId, enrollment_id: enrollment.id };
}

/** POST /api/me/invitations/{id}/decline. */
export async function declineInvitation(db: Db, userId: number, id: number): Promise<{ id: number; status: 'declined' }> {
  await myPendingInvitation(db, userId, id);
  const [updated] = await db
    .update(courseInvitations)
    .set({ status: 'declined', respondedAt: sqlNow })
    .where(and(eq(courseInvitations.id, id), eq(courseInvitations.status, 'pending')))
    .returning({ id: courseInvitations.id });
  if (!updated) throw conflict(INVITATION_CLOSED);
  return { id, status: 'declined' };
}
