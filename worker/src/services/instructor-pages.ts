import { sql } from 'drizzle-orm';
import { COURSE_INSTRUCTOR_ROLES } from '../domain/courses.ts';
import type { Db } from '../platform/db.ts';
import type { InstructorPageData } from '../platform/page-renderer.ts';
import { loadInstructorCourses } from './catalog-freshness.ts';
import { loadCommunityPreview } from './community/preview.ts';
import { findPublicProfile } from './connect/public-profile.ts';

const roleList = sql.join(
  COURSE_INSTRUCTOR_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

/**
 * What /instructors/{id} and /instructors/{id}/courses show, or null when there is no such public
 * instructor: the same rule as `GET /api/instructors/{id}` (an active user with an instructor
 * role, or who teaches a published course). The courses are the catalog's cards, read as the list
 * reads them, so every page shows the same cards. An active user
 * with a published Connect & Book profile is a public instructor too; the profile's part of the
 * page (lesson types, packages, reviews, the booking card; decision 0032) comes with it.
 */
export async function loadInstructorPage(db: Db, id: number): Promise<InstructorPageData | null> {
  const [row] = await db.all<{ id: number; username: string; first_name: string; last_name: string; bio: string; profile_image_url: string | null }>(
    sql`SELECT u.id, u.username, u.first_name, u.last_name, u.bio, u.profile_image_url
      FROM users u WHERE u.id = ${id} AND u.is_active = 1 AND (
        EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.name IN (${roleList}))
        OR EXISTS (SELECT 1 FROM courses c WHERE c.instructor_id = u.id AND c.status = 'published')
        OR EXISTS (SELECT 1 FROM instructor_profiles p WHERE p.user_id = u.id AND p.status = 'published'))`,
  );
  if (!row) return null;
  const [connect, courses, questions] = await Promise.all([findPublicProfile(db, id), loadInstructorCourses(db, id), loadCommunityPreview(db, 'instructor', id, id)]);
  return { ...row, bio: row.bio ?? '', courses, connect, questions };
}
