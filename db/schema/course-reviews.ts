import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { courses } from './courses.ts';
import { users } from './users.ts';
import { versionTriggers } from './content-version-triggers.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * A learner's review of a course they finished (decision 0066): one per learner and course, edited
 * in place; the course's instructor replies once (and may edit the reply); an admin may hide it.
 * The course's rating counters (`courses.rating_*`) move in the same batch as every write here.
 */
export const courseReviews = sqliteTable(
  'course_reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    reply: text('reply'),
    replyBy: integer('reply_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: text('replied_at'),
    /** Set by an admin (audited): a hidden review is not listed and does not count in the rating. */
    hiddenAt: text('hidden_at'),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_unique').on(t.courseId, t.userId),
    // The public list: a course's shown reviews, newest first, paged by keyset.
    index('course_reviews_course_newest_idx').on(t.courseId, t.createdAt, t.id).where(sql`${t.hiddenAt} IS NULL`),
    check('course_reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export type CourseReviewRow = typeof courseReviews.$inferSelect;

/**
 * Reviews show on the course page, but writing one is ordinary use: like the rating counters it
 * moves no version, and a cached page shows it within a minute (decision 0040). Hiding one is
 * moderation, seen at once: only `hidden_at` moves the catalog.
 */
export const courseReviewsVersionTriggers = versionTriggers({
  table: courseReviews,
  scopes: ['catalog'],
  events: ['update'],
  update: { only: [courseReviews.hiddenAt] },
});
