import { z } from 'zod';
import { HEX_COLOR } from '../domain/certificates.ts';
import { emailSchema, firstNameSchema, lastNameSchema, passwordSchema } from './auth.ts';
import { idSchema } from './users.ts';
import { multiLine, singleLine } from './text.ts';

/** Inputs of enrolment, learning, quizzes, certificates and certificate templates; shared by the API and the forms. */

const entityId = (label: string) =>
  z.number({ error: `${label} is required` }).int(`${label} must be a whole number`).positive(`${label} must be a positive number`);

export const courseIdParamSchema = z.object({ courseId: idSchema });
export const lessonIdParamSchema = z.object({ lessonId: idSchema });
export const quizIdParamSchema = z.object({ quizId: idSchema });
export { idParamSchema } from './users.ts';

/** POST /api/enrollments: yourself, or (admin / the course's instructor) another user. */
export const enrollSchema = z.object({
  courseId: entityId('Course'),
  userId: entityId('User').optional(),
});
export type EnrollInput = z.input<typeof enrollSchema>;

const requiredName = (schema: typeof firstNameSchema, label: string) => schema.min(1, `${label} is required`);

/** POST /api/enrollments/guest: a visitor enrols by creating a student account. */
export const guestEnrollSchema = z.object({
  courseId: entityId('Course'),
  first_name: requiredName(firstNameSchema, 'First name'),
  last_name: requiredName(lastNameSchema, 'Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .pipe(emailSchema)
    .transform((e) => e.toLowerCase()),
  password: passwordSchema,
});
export type GuestEnrollInput = z.input<typeof guestEnrollSchema>;

/** GET /api/enrollments?courseId= : an empty value means none. */
export const enrollmentsQuerySchema = z.object({
  courseId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
});

export const MAX_QUIZ_ANSWERS = 500;

/**
 * POST /api/learn/quizzes/{quizId}/attempts: one answer per question of the quiz, `selected`
 * the chosen option's index. Whether every question is answered, once, with one of its options
 * is checked against the quiz (answers.{questionId} in validationErrors).
 */
export const quizAttemptSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: entityId('Question'),
        selected: z
          .number({ error: 'Choose an option for every question' })
          .int('Selected option must be a whole number')
          .min(0, 'Selected option must be 0 or more'),
      }),
      { error: 'Answers are required' },
    )
    .max(MAX_QUIZ_ANSWERS, 'Too many answers'),
});
export type QuizAttemptInput = z.input<typeof quizAttemptSchema>;

/** POST /api/certificates: a certificate issued by hand. */
export const issueCertificateSchema = z.object({
  userId: entityId('Learner'),
  courseId: entityId('Course'),
  templateId: entityId('Template').optional().nullable(),
});
export type IssueCertificateInput = z.input<typeof issueCertificateSchema>;

export const revokeCertificateSchema = z.object({
  reason: multiLine(
    z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(500, 'The reason must be at most 500 characters'),
  ),
});
export type RevokeCertificateInput = z.input<typeof revokeCertificateSchema>;

export const certificateSearchQuerySchema = z.object({
  q: singleLine(z.string().trim().max(100, 'Search must be at most 100 characters')).optional(),
});

export const verifyCodeParamSchema = z.object({ code: z.string().max(64) });

const color = (label: string) => z.string({ error: `${label} is required` }).trim().regex(HEX_COLOR, `${label} must be a colour like #4c1d95`);

const templateFields = {
  name: singleLine(z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters')),
  title: singleLine(z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters')),
  body: multiLine(z.string({ error: 'Wording is required' }).trim().min(1, 'Wording is required').max(5000, 'Wording must be at most 5000 characters')),
  primary_color: color('Primary colour'),
  accent_color: color('Accent colour'),
  signatory_name: singleLine(z.string().trim().max(100, 'Signatory name must be at most 100 characters')),
  signatory_title: singleLine(z.string().trim().max(100, 'Signatory title must be at most 100 characters')),
};

export const createTemplateSchema = z.object({
  ...templateFields,
  primary_color: templateFields.primary_color.optional(),
  accent_color: templateFields.accent_color.optional(),
  signatory_name: templateFields.signatory_name.optional(),
  signatory_title: templateFields.signatory_title.optional(),
});
export type CreateTemplateInput = z.input<typeof createTemplateSchema>;

export const updateTemplateSchema = z.object({
  name: templateFields.name.optional(),
  title: templateFields.title.optional(),
  body: templateFields.body.optional(),
  primary_color: templateFields.primary_color.optional(),
  accent_color: templateFields.accent_color.optional(),
  signatory_name: templateFields.signatory_name.optional(),
  signatory_title: templateFields.signatory_title.optional(),
});
export type UpdateTemplateInput = z.input<typeof updateTemplateSchema>;
