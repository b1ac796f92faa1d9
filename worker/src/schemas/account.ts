import { z } from 'zod';
import { PASSWORD_MAX, passwordSchema } from './auth.ts';
import { pageQuery, pageSizeQuery } from './users.ts';
import { singleLine } from './text.ts';

/** Change password, forgot and reset password: shared by the API and the forms (decision 0016). */

export const NEW_PASSWORD_SAME = 'New password must be different from the current password';
export const PASSWORDS_DIFFER = 'Passwords do not match';

const newPasswordSchema = z
  .string({ error: 'New password is required' })
  .pipe(passwordSchema);

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX, 'Current password is incorrect'),
    newPassword: newPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: NEW_PASSWORD_SAME, path: ['newPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const IDENTIFIER_MAX = 254;

/** An email address or a username; the answer is the same whether or not it names an account. */
export const forgotPasswordSchema = z
  .object({
    email: singleLine(z.string({ error: 'Email must be text' }).trim().max(IDENTIFIER_MAX, 'Email must be at most 254 characters')).optional(),
    username: singleLine(z.string({ error: 'Username must be text' }).trim().max(IDENTIFIER_MAX, 'Username must be at most 254 characters')).optional(),
  })
  .refine((v) => Boolean(v.email || v.username), { message: 'Enter your email address or username', path: ['email'] });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Reset tokens are 256 random bits in base64url (43 characters). */
const resetTokenSchema = z
  .string({ error: 'The reset link is missing its token' })
  .trim()
  .min(1, 'The reset link is missing its token')
  .max(128, 'This password reset link is not valid. Please request a new one.');

export const resetPasswordSchema = z.object({
  token: resetTokenSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const outboxQuerySchema = z.object({
  page: pageQuery,
  pageSize: pageSizeQuery(20),
  kind: singleLine(z.string().trim().max(64, 'Kind must be at most 64 characters')).optional(),
});

/** The forms' versions, with the repeated new password the API does not need. */
const confirmField = z.string({ error: 'Confirm your new password' }).min(1, 'Confirm your new password');

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: newPasswordSchema,
    confirmPassword: confirmField,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: NEW_PASSWORD_SAME, path: ['newPassword'] })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: confirmField })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

export const forgotPasswordFormSchema = z.object({
  identifier: singleLine(
    z
      .string({ error: 'Enter your email address or username' })
      .trim()
      .min(1, 'Enter your email address or username')
      .max(IDENTIFIER_MAX, 'Must be at most 254 characters'),
  ),
});
export type ForgotPasswordFormValues = z.input<typeof forgotPasswordFormSchema>;
