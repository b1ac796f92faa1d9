import type { ResultSet } from '@libsql/client';
import { and, asc, count, desc, eq, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import QRCode from 'qrcode';
import { certificates, certificateTemplates, courses, enrollments, users } from '../../../db/schema/index.ts';
import { DEFAULT_TEMPLATE, displayName, formatCertificateDate, generateCertificateCode, normalizeCertificateCode, renderTemplateHtml, renderTemplateText, verifyPath, type CertificateValues } from '../domain/certificates.ts';
import { canManageCourse, type CourseActor } from '../domain/courses.ts';
import { can, denialMessage } from '../domain/permissions.ts';
import { COURSE_NOT_FOUND } from './courses.ts';
import { AppError, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { after, type Position } from './keyset.ts';
import { audited, auditedIfStaff, type AuditActor } from './audit.ts';
import type { CertificateSummary, IssueKind, RenderedTemplate, CertificateView, VerifyAnswer } from '../../../shared/certificates.ts';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const CERTIFICATE_FORBIDDEN = 'You do not have access to this certificate.';
export const CERTIFICATE_EXISTS = 'A certificate has already been issued to this learner for this course.';
export const LEARNER_NOT_ENROLLED = 'A certificate can only be issued to a learner enrolled in this course.';
export const ISSUE_FORBIDDEN = denialMessage('certificates.issue');
export const ALREADY_REVOKED = 'This certificate has already been revoked.';
export const ADMIN_ONLY = 'Admin access required';
export const REVOKE_FORBIDDEN = 'You can only revoke certificates of courses you manage.';
export const TEMPLATE_NOT_FOUND = 'Certificate template not found';
export const TEMPLATE_FORBIDDEN = denialMessage('certificate_templates.design');
export const TEMPLATE_EDIT_FORBIDDEN = 'Only the creator of this template or an admin can change it.';
export const DEFAULT_TEMPLATE_UNDELETABLE = 'The default template cannot be deleted.';
export { COURSE_NOT_FOUND } from './courses.ts';

/** The verification page's line about how a certificate was earned. */
export const ISSUED_VIA_LABELS: Readonly<Record<IssueKind, string>> = {
  completion: 'Earned by completing the course',
  instructor: 'Issued by the instructor',
  admin: 'Issued by DRX administration',
};

// ---------------------------------------------------------------------------------------------
// Issuing

export type CertificateRow = typeof certificates.$inferSelect;
export type TemplateRow = typeof certificateTemplates.$inferSelect;

export async function defaultTemplateId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: certificateTemplates.id })
    .from(certificateTemplates)
    .where(eq(certificateTemplates.isDefault, true))
    .orderBy(asc(certificateTemplates.id))
    .limit(1);
  return row?.id ?? null;
}

/** The course's own template when it still exists, else the default one. */
export async function templateIdForCourse(db: Db, course: { certificateTemplateId: number | null }): Promise<number | null> {
  if (course.certificateTemplateId !== null) {
    const [row] = await db
      .select({ id: certificateTemplates.id })
      .from(certificateTemplates)
      .where(eq(certificateTemplates.id, course.certificateTemplateId))
      .limit(1);
    if (row) return row.id;
  }
  return defaultTemplateId(db);
}

export async function certificateOf(db: Db, userId: number, courseId: number): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/**
 * The certificate of a completed course, issued exactly once: the insert does nothing when the
 * unique (user, course) index already holds one (two completions racing), and the row is read
 * back either way. The enrolment's completion time is stamped in the same batch.
 */
export async function ensureCertificate(db: Db, userId: number, course: { id: number; certificateTemplateId: number | null }): Promise<CertificateRow> {
  const existing = await certificateOf(db, userId, course.id);
  if (existing) return existing;
  const templateId = await templateIdForCourse(db, course);
  // A fresh code each try: a collision of codes (2^-60) also ends in DO NOTHING.
  for (let attempt = 0; attempt < 3; attempt++) {
    await db.batch([
      db.insert(certificates).values({ code: generateCertificateCode(), userId, courseId: course.id, templateId }).onConflictDoNothing(),
      db
        .update(enrollments)
        .set({ completedAt: sqlNow, updatedAt: sqlNow })
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, course.id), isNull(enrollments.completedAt))),
    ]);
    const row = await certificateOf(db, userId, course.id);
    if (row) return row;
  }
  throw new Error('The certificate could not be issued');
}

/**
 * POST /api/certificates: by hand (certificates.issue), for a course the actor manages and only to
 * a learner enrolled in it; once per learner and course. Recorded as issued by the instructor when
 * the actor teaches the course, else by the administration.
 */
/** The actor as the audit log names them (CourseActor carries no username in older callers). */
const auditActorOf = (actor: CourseActor & { username?: string }): AuditActor => ({ id: actor.id, roles: [...actor.roles], username: actor.username ?? `user ${actor.id}` });

export async function issueCertificateManually(
  db: Db,
  actor: CourseActor & { username?: string },
  input: { userId: number; courseId: number; templateId?: number | null },
): Promise<CertificateRow> {
  const [course] = await db.select().from(courses).where(eq(courses.id, input.courseId)).limit(1);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!can(actor.roles, 'certificates.issue') || !canManageCourse(actor, course)) throw forbidden(ISSUE_FORBIDDEN);
  const [enrolled] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, input.userId), eq(enrollments.courseId, course.id)))
    .limit(1);
  if (!enrolled) throw conflict(LEARNER_NOT_ENROLLED);
  let templateId: number | null;
  if (input.templateId != null) {
    const [template] = await db
      .select({ id: certificateTemplates.id })
      .from(certificateTemplates)
      .where(eq(certificateTemplates.id, input.templateId))
      .limit(1);
    if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    templateId = template.id;
  } else {
    templateId = await templateIdForCourse(db, course);
  }
  const issuedVia: IssueKind = course.instructorId === actor.id ? 'instructor' : 'admin';
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = generateCertificateCode();
    // Issued by staff (an admin or sub-admin): audited in the same batch; a plain instructor's own course is not.
    const [rows] = (await db.batch(
      auditedIfStaff(db, auditActorOf(actor), { action: 'certificate.issue', table: certificates, id: 'new', summary: `Issued certificate ${code} for “${course.title}” to user #${input.userId}.` }, [
        db
          .insert(certificates)
          .values({ code, userId: input.userId, courseId: course.id, templateId, issuedBy: actor.id, issuedVia })
          .onConflictDoNothing()
          .returning(),
      ]),
    )) as [CertificateRow[]];
    const [row] = rows;
    if (row) return row;
    // Nothing inserted: either this learner already holds one, or (practically never) the code was taken.
    if (await certificateOf(db, input.userId, course.id)) throw conflict(CERTIFICATE_EXISTS);
  }
  throw new Error('The certificate could not be issued');
}

// ---------------------------------------------------------------------------------------------
// Reading

const learner = alias(users, 'learner');
const instructor = alias(users, 'instructor');

function summaryQuery(db: Db) {
  return db
    .select({
      id: certificates.id,
      code: certificates.code,
      userId: certificates.userId,
      courseId: certificates.courseId,
      templateId: certificates.templateId,
      issuedBy: certificates.issuedBy,
      issuedVia: certificates.issuedVia,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      learnerUsername: learner.username,
      learnerFirstName: learner.firstName,
      learnerLastName: learner.lastName,
      courseTitle: courses.title,
      instructorId: courses.instructorId,
      instructorUsername: instructor.username,
      instructorFirstName: instructor.firstName,
      instructorLastName: instructor.lastName,
    })
    .from(certificates)
    .innerJoin(learner, eq(learner.id, certificates.userId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .leftJoin(instructor, eq(instructor.id, courses.instructorId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['all']>>[number];

/** Who signs when a course has no instructor. */
const NO_INSTRUCTOR = 'DRX';

function toSummary(row: SummaryRow): CertificateSummary {
  const learnerName = displayName({ firstName: row.learnerFirstName, lastName: row.learnerLastName, username: row.learnerUsername });
  const instructorName =
    row.instructorId !== null && row.instructorUsername !== null
      ? displayName({ firstName: row.instructorFirstName, lastName: row.instructorLastName, username: row.instructorUsername })
      : NO_INSTRUCTOR;
  return {
    id: row.id,
    code: row.code,
    issued_at: row.issuedAt,
    issued_date: formatCertificateDate(row.issuedAt),
    revoked: row.revokedAt !== null,
    revoked_at: row.revokedAt,
    revoked_reason: row.revokedReason,
    issued_by: row.issuedBy,
    issued_via: row.issuedVia,
    learner: { id: row.userId, username: row.learnerUsername, name: learnerName },
    learner_name: learnerName,
    course: { id: row.courseId, title: row.courseTitle },
    course_title: row.courseTitle,
    instructor: row.instructorId !== null && row.instructorUsername !== null ? { id: row.instructorId, name: instructorName } : null,
    instructor_name: instructorName,
    verify_url: verifyPath(row.code),
  };
}

const LIST_LIMIT = 200;

async function listWhere(db: Db, where: SQL | undefined): Promise<CertificateSummary[]> {
  const rows = await summaryQuery(db).where(where).orderBy(desc(certificates.issuedAt), desc(certificates.id)).limit(LIST_LIMIT);
  return rows.map(toSummary);
}

/** GET /api/certificates: mine, revoked ones included (flagged). */
export function listMyCertificates(db: Db, userId: number) {
  return listWhere(db, eq(certificates.userId, userId));
}

/** GET /api/instructor/certificates: certificates of the courses I teach. */
export function listInstructorCertificates(db: Db, instructorId: number) {
  return listWhere(db, eq(courses.instructorId, instructorId));
}

/** GET /api/admin/certificates?q= (certificates.list_all): by code, learner (name, username, email) or course title. */
export function searchCertificates(db: Db, actor: CourseActor, q: string | undefined) {
  if (!can(actor.roles, 'certificates.list_all')) throw forbidden(ADMIN_ONLY);
  return listWhere(db, certificateSearchWhere(q));
}

function certificateSearchWhere(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const likeEscaped = (column: SQL) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  return or(
    likeEscaped(sql`${certificates.code}`),
    likeEscaped(sql`${learner.username}`),
    likeEscaped(sql`${learner.email}`),
    likeEscaped(sql`(${learner.firstName} || ' ' || ${learner.lastName})`),
    likeEscaped(sql`${courses.title}`),
  );
}

/** How many certificates the admin list's search matches (the export checks it before reading any row). */
export async function countCertificates(db: Db, actor: CourseActor, q: string | undefined): Promise<number> {
  if (!can(actor.roles, 'certificates.list_all')) throw forbidden(ADMIN_ONLY);
  const base = db.select({ n: count() }).from(certificates);
  const [row] = q
    ? await base
        .innerJoin(learner, eq(learner.id, certificates.userId))
        .innerJoin(courses, eq(courses.id, certificates.courseId))
        .where(certificateSearchWhere(q))
    : await base;
  return row?.n ?? 0;
}

/**
 * The admin list's search as CSV rows: every match in the list's order (newest first), not only
 * the list's first 200, a page of `limit` after `position` at a time.
 */
export async function certificatesAfter(db: Db, actor: CourseActor, q: string | undefined, position: Position | undefined, limit: number): Promise<CertificateSummary[]> {
  if (!can(actor.roles, 'certificates.list_all')) throw forbidden(ADMIN_ONLY);
  const rows = await summaryQuery(db)
    .where(and(certificateSearchWhere(q), after(certificates.issuedAt, certificates.id, position)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(limit);
  return rows.map(toSummary);
}

async function summaryById(db: Db, id: number): Promise<SummaryRow | null> {
  const [row] = await summaryQuery(db).where(eq(certificates.id, id)).limit(1);
  return row ?? null;
}

type TemplateLike = Pick<TemplateRow, 'name' | 'title' | 'body' | 'primaryColor' | 'accentColor' | 'signatoryName' | 'signatoryTitle'> & {
  id: number | null;
};

export function renderTemplate(template: TemplateLike, values: CertificateValues): RenderedTemplate {
  return {
    id: template.id,
    name: template.name,
    title: renderTemplateText(template.title, values),
    body_text: renderTemplateText(template.body, values),
    body_html: renderTemplateHtml(template.body, values),
    primary_color: template.primaryColor,
    accent_color: template.accentColor,
    signatory_name: template.signatoryName,
    signatory_title: template.signatoryTitle,
  };
}

async function templateForCertificate(db: Db, templateId: number | null): Promise<TemplateLike> {
  if (templateId !== null) {
    const [row] = await db.select().from(certificateTemplates).where(eq(certificateTemplates.id, templateId)).limit(1);
    if (row) return row;
  }
  const fallbackId = await defaultTemplateId(db);
  if (fallbackId !== null) {
    const [row] = await db.select().from(certificateTemplates).where(eq(certificateTemplates.id, fallbackId)).limit(1);
    if (row) return row;
  }
  return { id: null, ...DEFAULT_TEMPLATE };
}

/** GET /api/certificates/{id}: the owner, the course's manager or ADMIN. */
export async function loadCertificateView(db: Db, viewer: CourseActor, id: number, origin: string): Promise<CertificateView> {
  const row = await summaryById(db, id);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  const allowed = row.userId === viewer.id || canManageCourse(viewer, { instructorId: row.instructorId });
  if (!allowed) throw forbidden(CERTIFICATE_FORBIDDEN);
  const summary = toSummary(row);
  const values: CertificateValues = {
    learner: summary.learner_name,
    course: summary.course_title,
    instructor: summary.instructor_name,
    date: summary.issued_date,
    code: summary.code,
  };
  const template = renderTemplate(await templateForCertificate(db, row.templateId), values);
  const absolute = new URL(summary.verify_url, origin).toString();
  const qrSvg = await QRCode.toString(absolute, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { ...summary, template, verify_url_absolute: absolute, qr_svg: qrSvg };
}

/** GET /api/certificates/verify/{code}: public; a revoked certificate is not valid. */
export async function verifyCertificate(db: Db, input: string): Promise<VerifyAnswer> {
  const code = normalizeCertificateCode(input);
  if (!code) return { valid: false, reason: 'not_found' };
  const [row] = await summaryQuery(db).where(eq(certificates.code, code)).limit(1);
  if (!row) return { valid: false, reason: 'not_found' };
  if (row.revokedAt !== null) {
    return {
      valid: false,
      reason: 'revoked',
      code: row.code,
      course: row.courseTitle,
      revoked_at: row.revokedAt,
      revoked_date: formatCertificateDate(row.revokedAt),
      revoked_reason: row.revokedReason,
    };
  }
  const s = toSummary(row);
  return {
    valid: true,
    code: s.code,
    learner: s.learner_name,
    course: s.course_title,
    instructor: s.instructor_name,
    issued_at: s.issued_at,
    issued_date: s.issued_date,
    issued_via: s.issued_via,
    issued_via_label: ISSUED_VIA_LABELS[s.issued_via],
  };
}

export async function certificateSummary(db: Db, id: number): Promise<CertificateSummary> {
  const row = await summaryById(db, id);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return toSummary(row);
}

/**
 * POST /api/certificates/{id}/revoke (certificates.revoke): ADMIN any certificate, a course
 * sub-admin those of the courses they manage. Revoking twice is a conflict; the first reason stands.
 */
export async function revokeCertificate(db: Db, actor: CourseActor & { username?: string }, id: number, reason: string): Promise<CertificateSummary> {
  if (!can(actor.roles, 'certificates.revoke')) throw forbidden(ADMIN_ONLY);
  const target = await summaryById(db, id);
  if (!target) throw notFound(CERTIFICATE_NOT_FOUND);
  if (!canManageCourse(actor, { instructorId: target.instructorId })) throw forbidden(REVOKE_FORBIDDEN);
  // certificates.revoke is held by admin roles only: every revocation is audited.
  const [, result] = (await db.batch(
    audited(db, auditActorOf(actor), { action: 'certificate.revoke', table: certificates, id, summary: `Revoked certificate #${id}: ${reason}` }, [
      db
        .update(certificates)
        .set({ revokedAt: sqlNow, revokedReason: reason })
        .where(and(eq(certificates.id, id), isNull(certificates.revokedAt))),
    ]),
  )) as [unknown, ResultSet];
  if (result.rowsAffected === 0) {
    const [exists] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, id)).limit(1);
    if (!exists) throw notFound(CERTIFICATE_NOT_FOUND);
    throw conflict(ALREADY_REVOKED);
  }
  return certificateSummary(db, id);
}

/**
 * The default template, inserted only when none is marked default: one conditional statement,
 * so two starts racing still leave exactly one.
 */
export async function ensureDefaultCertificateTemplate(db: Db): Promise<number> {
  const t = DEFAULT_TEMPLATE;
  await db.insert(certificateTemplates).select(
    db
      .select(
        insertSelection(certificateTemplates, {
          name: t.name,
          title: t.title,
          body: t.body,
          primaryColor: t.primaryColor,
          accentColor: t.accentColor,
          signatoryName: t.signatoryName,
          signatoryTitle: t.signatoryTitle,
          isDefault: true,
        }),
      )
      .from(sql`(SELECT 1)`)
      .where(notExists(db.select({ one: sql`1` }).from(certificateTemplates).where(eq(certificateTemplates.isDefault, true)))),
  );
  const id = await defaultTemplateId(db);
  if (id === null) throw new AppError(500, 'The default certificate template is missing');
  return id;
}

