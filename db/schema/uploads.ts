import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * public: anyone may fetch it; course: only the course's enrolled learners, its instructors and
 * admins; take: a learner's practice take, only through a signed link made for the learner, the
 * course's instructors or an admin (decision 0070).
 */
export const UPLOAD_ACCESS = ['public', 'course', 'take'] as const;

/** Files in the object store. The key is random; the name is only shown, never trusted. */
export const uploads = sqliteTable(
  'uploads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull().unique(),
    originalName: text('original_name').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    access: text('access', { enum: UPLOAD_ACCESS }).notNull().default('public'),
    /** The course whose lesson media this is (access 'course'). No FK: courses come later in the schema. */
    courseId: integer('course_id'),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);
