import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { categories, danceStyles } from './taxonomy.ts';
import { users } from './users.ts';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const LESSON_TYPES = ['text', 'video', 'quiz'] as const;
/** When a learner may see the correct option of a question: once the quiz is passed, or never. */
export const QUIZ_REVEAL_POLICIES = ['after_pass', 'never'] as const;

/** A certification course. Money in integer cents; `status` published = visible in the catalog. */
export const courses = sqliteTable(
  'courses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    shortName: text('short_name'),
    description: text('description').notNull(),
    detailedDescription: text('detailed_description'),
    priceCents: integer('price_cents').notNull().default(0),
    /** The plan level a learner needs to enrol and learn (0 = everyone; 20 premium, 30 royalty: decision 0031). */
    requiredLevel: integer('required_level').notNull().default(0),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('draft'),
    instructorId: integer('instructor_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** The course's dance style (decision 0032), optional. */
    danceStyleId: integer('dance_style_id').references(() => danceStyles.id, { onDelete: 'restrict' }),
    difficultyLevel: text('difficulty_level', { enum: DIFFICULTY_LEVELS }).notNull().default('beginner'),
    duration: text('duration'),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    previewVideoUrl: text('preview_video_url'),
    /** When set, each module stays locked until the previous module's quizzes are passed. */
    lockModules: integer('lock_modules', { mode: 'boolean' }).notNull().default(false),
    certificateTemplateId: integer('certificate_template_id'),
    publishedAt: text('published_at'),
    /**
     * How many learners are enrolled: kept by triggers on `enrollments` (decision 0040), recounted
     * by `npm run db:rebuild-derived`. A counter, not content: changing it does not move the
     * catalog's content version.
     */
    enrollmentCount: integer('enrollment_count').notNull().default(0),
    /**
     * The course's rating from its shown reviews (decision 0066): count, sum and average, moved in
     * the batch of each review write. Counters, not content: they move no version.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingAverage: real('rating_average').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('courses_instructor_idx').on(t.instructorId),
    index('courses_status_idx').on(t.status),
    // The public catalog's orders (newest, most popular, by price), each within a status.
    index('courses_status_newest_idx').on(t.status, sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id),
    index('courses_status_popular_idx').on(t.status, t.enrollmentCount, t.id),
    index('courses_status_price_idx').on(t.status, t.priceCents, t.id),
    // "Highest rated": by average, then by how many rated it.
    index('courses_status_rating_idx').on(t.status, t.ratingAverage, t.ratingCount, t.id),
  ],
);

export const modules = sqliteTable(
  'modules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('modules_course_idx').on(t.courseId, t.position)],
);

export const lessons = sqliteTable(
  'lessons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Markdown for text, a video URL / embed code / uploaded file URL for video, instructions for quiz. */
    content: text('content').notNull().default(''),
    type: text('type', { enum: LESSON_TYPES }).notNull().default('text'),
    position: integer('position').notNull(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('lessons_module_idx').on(t.moduleId, t.position)],
);

export const quizzes = sqliteTable(
  'quizzes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    passScore: integer('pass_score').notNull().default(70),
    /** Attempts a learner may make; null = unlimited. */
    maxAttempts: integer('max_attempts'),
    /** Minutes a learner must wait after a failed attempt before the next; 0 = none. */
    attemptWaitMinutes: integer('attempt_wait_minutes').notNull().default(0),
    /** Serve the questions in a per-attempt shuffled order. */
    shuffleQuestions: integer('shuffle_questions', { mode: 'boolean' }).notNull().default(false),
    revealAnswers: text('reveal_answers', { enum: QUIZ_REVEAL_POLICIES }).notNull().default('after_pass'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('quizzes_lesson_idx').on(t.lessonId)],
);

export const quizQuestions = sqliteTable(
  'quiz_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** JSON array of option strings. */
    options: text('options', { mode: 'json' }).$type<string[]>().notNull(),
    correctOption: integer('correct_option').notNull().default(0),
    position: integer('position').notNull().default(1),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

/**
 * A course shows in the catalog and on its certificates; its learner count is a counter kept by
 * triggers and moves no version (decision 0040). Its outline shows in the catalog.
 */
export const coursesVersionTriggers = versionTriggers(
  { table: courses, scopes: ['catalog', 'certificates'], events: ALL_WRITES, update: { except: [courses.enrollmentCount, courses.ratingCount, courses.ratingSum, courses.ratingAverage] } },
  { table: modules, scopes: ['catalog'], events: ALL_WRITES },
  { table: lessons, scopes: ['catalog'], events: ALL_WRITES },
  { table: quizzes, scopes: ['catalog'], events: ALL_WRITES },
  { table: quizQuestions, scopes: ['catalog'], events: ALL_WRITES },
);
