import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { COURSE_INSTRUCTOR_ROLES } from '../domain/courses.ts';
import { notFound } from '../http/errors.ts';
import { cachePublic } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requirePermission } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { publishedCoursesOf } from '../services/course-reads.ts';
import { type CourseSummary } from '../../../shared/courses.ts';

export const INSTRUCTOR_NOT_FOUND = 'Instructor not found';

/** An instructor as the API answers it (snake_case), with the admin screen's camelCase names too. */
export interface InstructorListEntry {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  firstName: string;
  lastName: string;
  email: string | null;
  bio: string;
  profile_image_url: string | null;
}

/** An instructor's public profile (/instructors/{id}): no email. */
export interface InstructorProfile {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  firstName: string;
  lastName: string;
  bio: string;
  profile_image_url: string | null;
  course_count: number;
  courses: CourseSummary[];
}

const roleList = sql.join(
  COURSE_INSTRUCTOR_ROLES.map((r) => sql`${r}`),
  sql`, `,
);
const hasInstructorRole = (userId: unknown) => sql`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
  WHERE ur.user_id = ${userId} AND r.name IN (${roleList}))`;

type UserRowRaw = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  bio: string;
  profile_image_url: string | null;
};

export const instructorsRoutes = new Hono<AppContext>()
  /** The instructor list loads only for ADMIN: active users with an instructor role. */
  .get('/instructors', requirePermission('instructors.list'), async (c) => {
    const rows = await c.get('platform').db.all<UserRowRaw>(sql`SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.bio,
        u.profile_image_url
      FROM users u WHERE u.is_active = 1 AND ${hasInstructorRole(sql`u.id`)}
      ORDER BY lower(u.first_name), lower(u.last_name), u.id`);
    const data: InstructorListEntry[] = rows.map((r) => ({ ...r, firstName: r.first_name, lastName: r.last_name }));
    return c.json({ data }, 200);
  })
  /** Public: an active user with an instructor role, or who teaches a published course. */
  .get('/instructors/:id', validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    cachePublic(c, 'catalog');
    const [row] = await db.all<UserRowRaw>(sql`SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.bio, u.profile_image_url
      FROM users u WHERE u.id = ${id} AND u.is_active = 1 AND (${hasInstructorRole(sql`u.id`)}
        OR EXISTS (SELECT 1 FROM courses c WHERE c.instructor_id = u.id AND c.status = 'published'))`);
    if (!row) throw notFound(INSTRUCTOR_NOT_FOUND);
    const courseList = await publishedCoursesOf(db, id);
    const profile: InstructorProfile = {
      id: row.id,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      firstName: row.first_name,
      lastName: row.last_name,
      bio: row.bio,
      profile_image_url: row.profile_image_url,
      course_count: courseList.length,
      courses: courseList,
    };
    return c.json(profile, 200);
  });
