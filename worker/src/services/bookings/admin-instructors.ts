import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { instructorProfiles, users } from '../../../../db/schema/index.ts';
import { INSTRUCTOR_NOT_FOUND } from '../../domain/bookings.ts';
import { FEATURES } from '../../domain/features.ts';
import { hasFeatureAccess, subscriptionLevel } from '../../domain/subscriptions.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import type { AdminInstructorsQuery, AdminUpdateInstructorInput } from '../../schemas/connect-admin.ts';
import { audited, type AuditActor } from '../audit.ts';
import type { AdminInstructorView } from '../../../../shared/bookings/views.ts';

/**
 * The admin's list of professional profiles (/admin/instructors) and its two powers: verify
 * (a badge, nothing more) and suspend. A suspension sets the status (the directory lists only
 * published profiles, so it leaves at once) and cancels the instructor's future bookings with full
 * refunds (the caller runs `cancelFutureBookingsOf`). Lifting it puts the profile back to draft:
 * the instructor publishes again, which runs the publishing checklist once more.
 */

export const ALREADY_SUSPENDED = 'This profile is already suspended.';
export const NOT_SUSPENDED = 'This profile is not suspended.';

export interface AdminInstructorPage {
  data: AdminInstructorView[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}

const nameSql = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

const columns = {
  profile: instructorProfiles,
  name: nameSql,
  username: users.username,
  email: users.email,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionExpiresAt: users.subscriptionExpiresAt,
  styles: sql<string | null>`(SELECT group_concat(name, '|') FROM (SELECT d.name FROM instructor_styles s JOIN dance_styles d ON d.id = s.style_id
    WHERE s.instructor_id = ${instructorProfiles.userId} ORDER BY d.position, d.name))`,
  lessonTypeCount: sql<number>`(SELECT count(*) FROM lesson_types t WHERE t.instructor_id = ${instructorProfiles.userId} AND t.active = 1)`.mapWith(Number),
  upcoming: sql<number>`(SELECT count(*) FROM bookings b WHERE b.instructor_id = ${instructorProfiles.userId}
    AND b.status IN ('held', 'offered', 'confirmed') AND b.starts_at > ${sqlNow})`.mapWith(Number),
  rating: sql<number | null>`(SELECT round(avg(r.rating), 1) FROM instructor_reviews r WHERE r.instructor_id = ${instructorProfiles.userId} AND r.hidden = 0)`,
  reviewCount: sql<number>`(SELECT count(*) FROM instructor_reviews r WHERE r.instructor_id = ${instructorProfiles.userId} AND r.hidden = 0)`.mapWith(Number),
};

type Row = {
  profile: typeof instructorProfiles.$inferSelect;
  name: string;
  username: string;
  email: string | null;
  subscriptionTier: string;
  subscriptionStatus: string | null;
  subscriptionExpiresAt: string | null;
  styles: string | null;
  lessonTypeCount: number;
  upcoming: number;
  rating: number | null;
  reviewCount: number;
};

function viewOf(row: Row, now = Date.now()): AdminInstructorView {
  const p = row.profile;
  const level = subscriptionLevel(
    { subscription_tier: row.subscriptionTier, subscription_status: row.subscriptionStatus, subscription_expires_at: row.subscriptionExpiresAt },
    now,
  );
  return {
    id: p.userId,
    name: row.name || row.username,
    email: row.email,
    status: p.status,
    verified: p.verified,
    premium: p.premiumListing && hasFeatureAccess(level, FEATURES.premium_directory_listing.level),
    headline: p.headline,
    styles: row.styles ? row.styles.split('|') : [],
    city: p.city,
    state: p.state,
    lesson_type_count: row.lessonTypeCount,
    upcoming_bookings: row.upcoming,
    rating: row.rating === null ? null : Number(row.rating),
    review_count: row.reviewCount,
    suspended_reason: p.suspendedReason,
    published_at: p.publishedAt,
    created_at: p.createdAt,
  };
}

function whereOf(query: AdminInstructorsQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(instructorProfiles.status, query.status));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const match = (column: SQL | typeof users.email) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    parts.push(or(match(nameSql), match(sql`${users.email}`), match(sql`${users.username}`), match(sql`${instructorProfiles.headline}`))!);
  }
  return parts.length ? and(...parts) : undefined;
}

/** Newest profiles first; search by name, email, username or headline. */
export async function listAdminInstructors(db: Db, query: AdminInstructorsQuery): Promise<AdminInstructorPage> {
  const where = whereOf(query);
  const [rows, [totalRow]] = await db.batch([
    db
      .select(columns)
      .from(instructorProfiles)
      .innerJoin(users, eq(users.id, instructorProfiles.userId))
      .where(where)
      .orderBy(desc(instructorProfiles.createdAt), desc(instructorProfiles.userId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(instructorProfiles).innerJoin(users, eq(users.id, instructorProfiles.userId)).where(where),
  ]);
  const total = Number(totalRow?.n ?? 0);
  return {
    data: rows.map((r) => viewOf(r as Row)),
    pagination: { page: query.page, pageSize: query.pageSize, total, totalPages: Math.max(1, Math.ceil(total / query.pageSize)) },
  };
}

export async function getAdminInstructor(db: Db, id: number): Promise<AdminInstructorView> {
  const [row] = await db.select(columns).from(instructorProfiles).innerJoin(users, eq(users.id, instructorProfiles.userId)).where(eq(instructorProfiles.userId, id));
  if (!row) throw notFound(INSTRUCTOR_NOT_FOUND);
  return viewOf(row as Row);
}

/**
 * Verify, suspend or lift a suspension. The status changes are conditional UPDATEs (a second
 * suspension of the same profile finds it suspended and answers 409). Answers whether this call
 * suspended the profile, so the route cancels its future bookings.
 */
export async function updateAdminInstructor(db: Db, actor: AuditActor, id: number, input: AdminUpdateInstructorInput): Promise<{ suspendedNow: boolean }> {
  const [current] = await db
    .select({ status: instructorProfiles.status, username: users.username })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eq(instructorProfiles.userId, id));
  if (!current) throw notFound(INSTRUCTOR_NOT_FOUND);
  const stamp = sqlNow;
  // The badge changes with the status, in the same UPDATE: a refused status change changes nothing.
  const verified = input.verified !== undefined ? { verified: input.verified } : {};
  const what = [
    input.suspended === true ? `suspended them (${input.reason})` : input.suspended === false ? 'lifted their suspension' : '',
    input.verified === true ? 'gave them the verified badge' : input.verified === false ? 'took their verified badge away' : '',
  ].filter(Boolean);
  const target = { action: 'instructor.update', table: instructorProfiles, idColumn: instructorProfiles.userId, id, summary: `Instructor ${current.username}: ${what.join(' and ') || 'saved unchanged'}.` };
  let suspendedNow = false;
  if (input.suspended === true) {
    const [, done] = (await db.batch(
      audited(db, actor, target, [
        db
          .update(instructorProfiles)
          .set({ status: 'suspended', suspendedReason: input.reason!, updatedAt: stamp, ...verified })
          .where(and(eq(instructorProfiles.userId, id), sql`${instructorProfiles.status} <> 'suspended'`))
          .returning({ id: instructorProfiles.userId }),
      ]),
    )) as [unknown, { id: number }[]];
    if (!done[0]) throw conflict(ALREADY_SUSPENDED);
    suspendedNow = true;
  } else if (input.suspended === false) {
    const [, done] = (await db.batch(
      audited(db, actor, target, [
        db
          .update(instructorProfiles)
          .set({ status: 'draft', suspendedReason: null, publishedAt: null, updatedAt: stamp, ...verified })
          .where(and(eq(instructorProfiles.userId, id), eq(instructorProfiles.status, 'suspended')))
          .returning({ id: instructorProfiles.userId }),
      ]),
    )) as [unknown, { id: number }[]];
    if (!done[0]) throw conflict(NOT_SUSPENDED);
  } else if (input.verified !== undefined) {
    await db.batch(audited(db, actor, target, [db.update(instructorProfiles).set({ verified: input.verified, updatedAt: stamp }).where(eq(instructorProfiles.userId, id))]));
  }
  return { suspendedNow };
}
