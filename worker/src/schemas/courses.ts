import { z } from 'zod';
import { isValidPrice, MAX_PRICE_DOLLARS } from '../domain/courses.ts';
import { COURSE_REQUIRED_LEVEL_MESSAGE, isCourseRequiredLevel, type CourseRequiredLevel } from '../domain/features.ts';
import { multiLine, singleLine } from './text.ts';

/**
 * Schemas of courses, modules, lessons, quizzes and questions: the one source of their validation
 * rules and messages for the API and the islands' forms. Kept free of database imports so the islands
 * can load them without pulling in Drizzle.
 */

/** Same values as db/schema/courses.ts (checked by the domain test). */
export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const LESSON_TYPES = ['text', 'video', 'quiz'] as const;
/** When a learner sees the correct options: once the quiz is passed, or never (decision 0012). */
export const QUIZ_REVEAL_POLICIES = ['after_pass', 'never'] as const;
export type QuizRevealPolicy = (typeof QUIZ_REVEAL_POLICIES)[number];

/** The forms' fixed messages, word for word (do not reword them). */
export const COURSE_MESSAGES = {
  title3: 'Title must be at least 3 characters',
  title5: 'Title must be at least 5 characters',
  shortName2: 'Short name must be at least 2 characters',
  description10: 'Description must be at least 10 characters',
  description20: 'Description must be at least 20 characters',
  price: 'Price must be a non-negative number',
  content: 'Content is required',
  optionsMin: 'At least 2 options are required',
  optionsBlank: 'All options must have content',
  /** The question editor's message when removing would leave fewer than 2. */
  optionsRemain: 'A question must have at least 2 options',
} as const;

/** Messages of further rules that have no fixed wording (ours). */
export const COURSE_FIELD_MESSAGES = {
  status: 'Status must be draft, published or archived',
  difficulty: 'Difficulty level must be beginner, intermediate or advanced',
  lessonType: 'Type must be text, video or quiz',
  position: 'Position must be a whole number of 1 or more',
  passScore: 'Pass score must be a whole number from 1 to 100',
  question3: 'Question must be at least 3 characters',
  correctOption: 'Correct option must be a whole number of 0 or more',
  correctOptionRange: 'Correct option must be one of the options',
  optionsMax: 'At most 10 options are allowed',
  priceMax: `Price must be at most ${MAX_PRICE_DOLLARS}`,
  visible: 'Visible must be true or false',
  lockModules: 'Lock modules must be true or false',
  maxAttempts: 'Attempts allowed must be a whole number from 1 to 100, or empty for unlimited',
  attemptWait: 'Wait between attempts must be a whole number of minutes from 0 to 10080 (one week)',
  shuffleQuestions: 'Shuffle questions must be true or false',
  revealAnswers: 'Choose when to show the correct answers: after a pass, or never',
} as const;

export const MAX_QUIZ_ATTEMPTS = 100;
export const MAX_ATTEMPT_WAIT_MINUTES = 10_080;

export const TITLE_MAX = 200;
export const SHORT_NAME_MAX = 60;
export const DESCRIPTION_MAX = 5000;
export const DETAILED_DESCRIPTION_MAX = 50_000;
export const LESSON_CONTENT_MAX = 200_000;
export const DURATION_MAX = 100;
export const URL_MAX = 2000;
export const QUESTION_MAX = 1000;
export const OPTION_MAX = 500;
export const OPTIONS_MAX = 10;

const atMost = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A required text with a minimum length; missing or not text gives the minimum's message too. */
const minText = (label: string, min: number, max: number, message: string, lines: typeof singleLine = singleLine) =>
  lines(z.string({ error: message }).trim().min(min, message).max(max, atMost(label, max)));

const title3 = minText('Title', 3, TITLE_MAX, COURSE_MESSAGES.title3);
const description10 = minText('Description', 10, DESCRIPTION_MAX, COURSE_MESSAGES.description10, multiLine);

/** Optional text: empty means none (null). */
const optionalText = (label: string, max: number, lines: typeof singleLine = singleLine) =>
  lines(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, atMost(label, max)),
  )
    .transform((v) => (v === '' ? null : v))
    .nullish();

/**
 * A link shown as an image, a video or an embed: http(s) or a path of this site. Anything else
 * (javascript:, data:, protocol-relative //host) is refused because it ends up in src attributes.
 */
const LINK_PATTERN = /^(?:https?:\/\/[^\s/]+[^\s]*|\/(?!\/)[^\s]*)$/i;

const linkField = (label: string) =>
  singleLine(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(URL_MAX, atMost(label, URL_MAX)),
  )
    .refine((v) => v === '' || LINK_PATTERN.test(v), `${label} must be an http(s) address or a path of this site`)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/**
 * The price of the course form: a string (as courses carry it) or a number, parsing to 0 or more. The value
 * stays a string; the server turns it into cents (domain/courses.ts priceToCents).
 */
export const priceSchema = z
  .union([z.string(), z.number()], { error: COURSE_MESSAGES.price })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => isValidPrice(v) || !/^\d+(?:\.\d*)?$/.test(v), COURSE_FIELD_MESSAGES.priceMax)
  .refine((v) => isValidPrice(v) || /^\d+(?:\.\d*)?$/.test(v), COURSE_MESSAGES.price);

const statusSchema = z.enum(COURSE_STATUSES, { error: COURSE_FIELD_MESSAGES.status });
const difficultySchema = z.enum(DIFFICULTY_LEVELS, { error: COURSE_FIELD_MESSAGES.difficulty });
const lessonTypeSchema = z.enum(LESSON_TYPES, { error: COURSE_FIELD_MESSAGES.lessonType });

/** A reference to another record: a positive whole number. */
const refId = (message: string) => z.number({ error: message }).int(message).positive(message);

const positionSchema = z
  .number({ error: COURSE_FIELD_MESSAGES.position })
  .int(COURSE_FIELD_MESSAGES.position)
  .min(1, COURSE_FIELD_MESSAGES.position)
  .max(1_000_000, COURSE_FIELD_MESSAGES.position);

const lockModulesSchema = z.boolean({ error: COURSE_FIELD_MESSAGES.lockModules });

/** The plan a course requires (decision 0031): 0 everyone, 20 Premium, 30 Royalty; a form's select may send it as a string. */
export const requiredLevelSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : v),
  z.custom<CourseRequiredLevel>(isCourseRequiredLevel, { error: COURSE_REQUIRED_LEVEL_MESSAGE }),
);

// ---------------------------------------------------------------------------------------------
// Course

/** The create/edit course dialog of the course administration screen. */
export const courseDialogSchema = z.object({
  title: title3,
  description: description10,
  price: priceSchema.default('0'),
  status: statusSchema.default('draft'),
  instructorId: refId('Choose an instructor from the list').nullish(),
  fullVideoUrl: linkField('Full video URL'),
  previewVideoUrl: linkField('Preview video URL'),
  required_level: requiredLevelSchema.optional(),
});
export type CourseDialogInput = z.input<typeof courseDialogSchema>;
export type CourseDialogValues = z.output<typeof courseDialogSchema>;

/** Fields of the admin edit page that POST and PATCH accept too (snake_case as on the wire). */
const courseExtraFields = {
  short_name: singleLine(
    z
      .string({ error: COURSE_MESSAGES.shortName2 })
      .trim()
      .max(SHORT_NAME_MAX, atMost('Short name', SHORT_NAME_MAX)),
  )
    .refine((v) => v === '' || v.length >= 2, COURSE_MESSAGES.shortName2)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  detailed_description: optionalText('Detailed description', DETAILED_DESCRIPTION_MAX, multiLine),
  category_id: refId('Choose a category from the list').nullish(),
  difficulty_level: difficultySchema.optional(),
  duration: optionalText('Duration', DURATION_MAX),
  imageUrl: linkField('Image URL'),
  image_url: linkField('Image URL'),
  video_url: linkField('Video URL'),
  preview_video_url: linkField('Preview video URL'),
  lock_modules: lockModulesSchema.optional(),
  required_level: requiredLevelSchema.optional(),
};

/** POST /api/courses: the dialog's payload plus optional fields of the edit page. */
export const createCourseSchema = courseDialogSchema.extend(courseExtraFields);
export type CreateCourseInput = z.input<typeof createCourseSchema>;

/**
 * The create wizard's details step: the dialog's fields plus the dance style (a course category),
 * the level and the About text, so a new course is found by the catalog's filters at once.
 */
export const courseWizardSchema = courseDialogSchema.extend({
  category_id: refId('Choose a dance style'),
  difficulty_level: difficultySchema.default('beginner'),
  detailed_description: courseExtraFields.detailed_description,
});
export type CourseWizardInput = z.input<typeof courseWizardSchema>;
export type CourseWizardValues = z.output<typeof courseWizardSchema>;

/** PATCH /api/courses/{id}: only the changed fields (no defaults, so nothing is reset). */
export const updateCourseSchema = z.object({
  title: title3.optional(),
  description: description10.optional(),
  price: priceSchema.optional(),
  status: statusSchema.optional(),
  visible: z.boolean({ error: COURSE_FIELD_MESSAGES.visible }).optional(),
  instructorId: refId('Choose an instructor from the list').nullish(),
  instructor_id: refId('Choose an instructor from the list').nullish(),
  fullVideoUrl: linkField('Full video URL'),
  previewVideoUrl: linkField('Preview video URL'),
  ...courseExtraFields,
});
export type UpdateCourseInput = z.input<typeof updateCourseSchema>;

/** A category given as an id or as an object with one (the edit page may send a list). */
const categoryRef = z.union([refId('Choose a category from the list'), z.object({ id: refId('Choose a category from the list') })], {
  error: 'Choose a category from the list',
});

/**
 * The admin course edit page (snake_case on the wire), checked on blur with the messages above:
 * title, short name and description are required; the rest is nullable; an empty image URL is
 * no image.
 */
export const courseEditPageSchema = z.object({
  title: minText('Title', 5, TITLE_MAX, COURSE_MESSAGES.title5),
  short_name: minText('Short name', 2, SHORT_NAME_MAX, COURSE_MESSAGES.shortName2),
  description: minText('Description', 20, DESCRIPTION_MAX, COURSE_MESSAGES.description20, multiLine),
  detailed_description: optionalText('Detailed description', DETAILED_DESCRIPTION_MAX, multiLine),
  price: priceSchema.nullish(),
  category_id: refId('Choose a category from the list').nullish(),
  categories: z.array(categoryRef, { error: 'Categories must be a list' }).nullish(),
  instructor_id: refId('Choose an instructor from the list').nullish(),
  difficulty_level: difficultySchema.nullish().transform((v) => v ?? 'beginner'),
  duration: optionalText('Duration', DURATION_MAX),
  visible: z
    .boolean({ error: COURSE_FIELD_MESSAGES.visible })
    .nullish()
    .transform((v) => v ?? false),
  video_url: linkField('Video URL'),
  preview_video_url: linkField('Preview video URL'),
  image_url: linkField('Image URL'),
  lock_modules: lockModulesSchema.optional(),
  required_level: requiredLevelSchema.optional(),
});
export type CourseEditPageInput = z.input<typeof courseEditPageSchema>;
export type CourseEditPageValues = z.output<typeof courseEditPageSchema>;

// ---------------------------------------------------------------------------------------------
// Catalog query

/** An empty query value (`?level=`) means no filter, so shared links stay valid. */
const queryValue = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const queryInt = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? String(fallback) : v),
    z
      .string({ error: `${label} must be a whole number` })
      .regex(/^\d{1,9}$/, `${label} must be a whole number`)
      .transform(Number)
      .pipe(z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`)),
  );

export const CATALOG_SORTS = ['newest', 'price_asc', 'price_desc', 'popular', 'rating'] as const;
export const CATALOG_PRICE_FILTERS = ['free', 'paid'] as const;
export const CATALOG_PAGE_SIZE = 12;

/** GET /api/courses: search, filters and sort live in the URL (the catalog page keeps them in its query). */
export const courseListQuerySchema = z.object({
  scope: queryValue(z.enum(['public', 'manage'], { error: 'Scope must be public or manage' })).transform((v) => v ?? 'public'),
  q: queryValue(singleLine(z.string().trim().max(100, 'Search must be at most 100 characters'))),
  /** A category id or name (case-insensitive). */
  category: queryValue(singleLine(z.string().trim().max(60, 'Category must be at most 60 characters'))),
  level: queryValue(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(DIFFICULTY_LEVELS, { error: 'Level must be beginner, intermediate or advanced' })),
  ),
  price: queryValue(z.enum(CATALOG_PRICE_FILTERS, { error: 'Price must be free or paid' })),
  sort: queryValue(z.enum(CATALOG_SORTS, { error: 'Sort must be newest, price_asc, price_desc, popular or rating' })).transform(
    (v) => v ?? 'newest',
  ),
  instructor: queryValue(z.string().regex(/^\d{1,15}$/, 'Instructor must be a user id').transform(Number)),
  status: queryValue(statusSchema),
  page: queryInt('Page', 1, 1_000_000, 1),
  pageSize: queryInt('Page size', 1, 100, CATALOG_PAGE_SIZE),
});
export type CourseListQuery = z.output<typeof courseListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Modules, lessons, quizzes, questions

/** Create/edit module dialog; position defaults to last plus one on the server. */
export const moduleSchema = z.object({
  title: title3,
  description: description10,
  position: positionSchema.optional(),
  courseId: refId('Course id must be a number'),
});
export type ModuleInput = z.input<typeof moduleSchema>;

export const updateModuleSchema = z.object({
  title: title3.optional(),
  description: description10.optional(),
  position: positionSchema.optional(),
});

export const lessonSchema = z.object({
  title: title3,
  description: description10,
  content: multiLine(z.string({ error: COURSE_MESSAGES.content }).max(LESSON_CONTENT_MAX, atMost('Content', LESSON_CONTENT_MAX)))
    .refine((v) => v.trim() !== '', COURSE_MESSAGES.content),
  position: positionSchema.optional(),
  moduleId: refId('Module id must be a number'),
  type: lessonTypeSchema.default('text'),
});
export type LessonInput = z.input<typeof lessonSchema>;

export const updateLessonSchema = z.object({
  title: title3.optional(),
  description: description10.optional(),
  content: lessonSchema.shape.content.optional(),
  position: positionSchema.optional(),
  type: lessonTypeSchema.optional(),
});

const passScoreSchema = z
  .number({ error: COURSE_FIELD_MESSAGES.passScore })
  .int(COURSE_FIELD_MESSAGES.passScore)
  .min(1, COURSE_FIELD_MESSAGES.passScore)
  .max(100, COURSE_FIELD_MESSAGES.passScore);

const maxAttemptsSchema = z
  .number({ error: COURSE_FIELD_MESSAGES.maxAttempts })
  .int(COURSE_FIELD_MESSAGES.maxAttempts)
  .min(1, COURSE_FIELD_MESSAGES.maxAttempts)
  .max(MAX_QUIZ_ATTEMPTS, COURSE_FIELD_MESSAGES.maxAttempts)
  .nullable();
const attemptWaitSchema = z
  .number({ error: COURSE_FIELD_MESSAGES.attemptWait })
  .int(COURSE_FIELD_MESSAGES.attemptWait)
  .min(0, COURSE_FIELD_MESSAGES.attemptWait)
  .max(MAX_ATTEMPT_WAIT_MINUTES, COURSE_FIELD_MESSAGES.attemptWait);
const shuffleQuestionsSchema = z.boolean({ error: COURSE_FIELD_MESSAGES.shuffleQuestions });
const revealAnswersSchema = z.enum(QUIZ_REVEAL_POLICIES, { error: COURSE_FIELD_MESSAGES.revealAnswers });

/** A quiz's attempt rules (decision 0012): unlimited attempts, no wait, no shuffle, answers shown after a pass unless set. */
export const QUIZ_SETTING_DEFAULTS = { maxAttempts: null, attemptWaitMinutes: 0, shuffleQuestions: false, revealAnswers: 'after_pass' } as const;

/** Create quiz dialog (pass score default 70) with the attempt rules. */
export const quizSchema = z.object({
  title: title3,
  description: description10,
  passScore: passScoreSchema.default(70),
  lessonId: refId('Lesson id must be a number'),
  maxAttempts: maxAttemptsSchema.default(QUIZ_SETTING_DEFAULTS.maxAttempts),
  attemptWaitMinutes: attemptWaitSchema.default(QUIZ_SETTING_DEFAULTS.attemptWaitMinutes),
  shuffleQuestions: shuffleQuestionsSchema.default(QUIZ_SETTING_DEFAULTS.shuffleQuestions),
  revealAnswers: revealAnswersSchema.default(QUIZ_SETTING_DEFAULTS.revealAnswers),
});
export type QuizInput = z.input<typeof quizSchema>;

/** POST /api/quizzes: a missing title or description gets the defaults ('Quiz for {lesson title}', 'Test your knowledge of this lesson') on the server. */
export const createQuizSchema = quizSchema.extend({
  title: title3.optional(),
  description: description10.optional(),
});

export const updateQuizSchema = z.object({
  title: title3.optional(),
  description: description10.optional(),
  passScore: passScoreSchema.optional(),
  maxAttempts: maxAttemptsSchema.optional(),
  attemptWaitMinutes: attemptWaitSchema.optional(),
  shuffleQuestions: shuffleQuestionsSchema.optional(),
  revealAnswers: revealAnswersSchema.optional(),
});

const optionsSchema = z
  .array(singleLine(z.string({ error: COURSE_MESSAGES.optionsBlank }).max(OPTION_MAX, atMost('An option', OPTION_MAX))), {
    error: COURSE_MESSAGES.optionsMin,
  })
  .min(2, COURSE_MESSAGES.optionsMin)
  .max(OPTIONS_MAX, COURSE_FIELD_MESSAGES.optionsMax)
  .refine((options) => options.every((o) => o.trim() !== ''), COURSE_MESSAGES.optionsBlank)
  .transform((options) => options.map((o) => o.trim()));

const correctOptionSchema = z
  .number({ error: COURSE_FIELD_MESSAGES.correctOption })
  .int(COURSE_FIELD_MESSAGES.correctOption)
  .min(0, COURSE_FIELD_MESSAGES.correctOption);

const questionTextSchema = minText('Question', 3, QUESTION_MAX, COURSE_FIELD_MESSAGES.question3, multiLine);

/** Add question dialog: the correct option must be one of the options. */
export const questionSchema = z
  .object({
    question: questionTextSchema,
    options: optionsSchema,
    correctOption: correctOptionSchema,
    quizId: refId('Quiz id must be a number'),
    position: positionSchema.optional(),
  })
  .refine((q) => q.correctOption < q.options.length, {
    message: COURSE_FIELD_MESSAGES.correctOptionRange,
    path: ['correctOption'],
  });
export type QuestionInput = z.input<typeof questionSchema>;

/** PATCH: the range of correctOption is checked against the stored question merged with these. */
export const updateQuestionSchema = z.object({
  question: questionTextSchema.optional(),
  options: optionsSchema.optional(),
  correctOption: correctOptionSchema.optional(),
  position: positionSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Categories

export const CATEGORY_NAME_MAX = 60;
export const categoryNameSchema = z.object({
  name: singleLine(
    z
      .string({ error: 'Name is required' })
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(CATEGORY_NAME_MAX, atMost('Name', CATEGORY_NAME_MAX)),
  ),
});
